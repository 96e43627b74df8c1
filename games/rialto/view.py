"""What one seat (or the public) may know of a Rialto match: the type renderers draw.

Public to everyone (§12): coins, VP, buildings, councillors, the Doge track, tiles, the top
bridge, bonus tiles, card rows, hand *sizes*, the plays of the current step, the NP's
cards and marker. Private to a seat: its hand, its pending hand-limit choices and the card
play it is building. Hidden from all: the deck order, discard contents, the bridges below
the top one, and the seed.

Actors: seats ``0..n-1``; the neutral player, when present, is actor ``n``
(``neutral`` holds its data).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.builders import fast_constructor
from games.core import Outcome, Seat
from games.rialto import rules, scoring
from games.rialto.model import Decision, Phase
from games.rialto.scoring import ScoreLine as ScoreLine  # re-exported: the type of a view's scores, for the renderer
from games.rialto.state import RialtoState


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public side. ``buildings`` as in the state (``*`` coin, ``!`` barred)."""

    seat: Seat
    vp: int
    coins: int
    pool: int
    personal: int
    districts: tuple[int, ...]
    buildings: tuple[str, ...]
    hand_size: int
    hand_bonus: int
    discard_need: int
    discard_done: bool


@dataclass(frozen=True, slots=True)
class NeutralView:
    """The neutral player: councillors per district, its face-up cards, its marker (-1: none)."""

    districts: tuple[int, ...]
    cards: tuple[int, ...]
    marker: int


@dataclass(frozen=True, slots=True)
class RialtoView:
    """Exactly what ``viewer`` may know (``viewer`` None: the public, the channel).

    Attributes:
        round_of: each district's round number; ``current_district`` is the one of this round.
        tiles: per connection ``""`` free, ``"G"`` gondola, ``"a|b"`` bridge (first|second end).
        bridge_top: the visible top bridge (low, high), or None when none is left.
        doge_order: actors from first to last on the Doge track.
        rows / row_owner: the card rows of Phase I (per-type counts) and who took each (-1).
        counts / plays: this step's counts (-1: not yet played) and public play records.
        decision / left / pending: the acting seat's sub-decision in an action (in step C,
            ``pending`` lists the kinds given back so far, the kind being taken first while
            the seat picks what to give back: ``moves.returned_kinds``).
        hand / draft / discard_pick: the viewer's own cards, card play in progress, and
            hand-limit choices (empty for the public).
        last_actor / last_move: the latest public action (a move code, or a play record).
        scores: the final breakdown once the match is over.
    """

    viewer: Seat | None
    num_players: int
    phase: Phase
    round: int
    step: int
    round_of: tuple[int, ...]
    current_district: int
    tiles: tuple[str, ...]
    bridge_top: tuple[int, int] | None
    bridges_left: int
    gondolas_left: int
    bonus_tiles: tuple[bool, bool]
    supply: tuple[int, ...]
    players: tuple[PlayerView, ...]
    neutral: NeutralView | None
    doge_space: tuple[int, ...]
    doge_seq: tuple[int, ...]
    doge_order: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    row_owner: tuple[int, ...]
    deck_size: int
    discard_size: int
    to_move: frozenset[Seat]
    first: int
    counts: tuple[int, ...]
    plays: tuple[str, ...]
    bonus: int
    decision: Decision
    left: int
    pending: str
    hand: tuple[int, ...]
    draft: tuple[str, ...]
    discard_pick: tuple[int, ...]
    last_actor: int
    last_move: str
    scores: tuple[ScoreLine, ...] | None
    outcome: Outcome | None


_NEW_VIEW: Final = fast_constructor(RialtoView)
_NEW_PLAYER: Final = fast_constructor(PlayerView)


def view_of(state: RialtoState, seat: int | None) -> RialtoView:
    """What ``seat`` may know of ``state`` (None: the public); see the module docstring.

    A search builds one at every simulated ply, hence :func:`~games.builders.fast_constructor`
    (the players built positionally, in :class:`PlayerView`'s field order) and the outcome
    looked for only once the match is over.
    """
    own = state.players[seat] if seat is not None else None
    acting = seat is not None and state.queue[:1] == (seat,) and state.phase is Phase.PLAY
    return _NEW_VIEW(
        viewer=seat,
        num_players=state.num_players,
        phase=state.phase,
        round=state.round,
        step=state.step,
        round_of=state.round_of,
        current_district=state.round_of.index(state.round) if 1 <= state.round <= 6 else -1,
        tiles=state.tiles,
        bridge_top=state.bridges[0] if state.bridges else None,
        bridges_left=len(state.bridges),
        gondolas_left=state.gondolas,
        bonus_tiles=state.bonus_tiles,
        supply=state.supply,
        players=tuple(
            [
                _NEW_PLAYER(
                    index,
                    p.vp,
                    p.coins,
                    p.pool,
                    p.personal,
                    p.districts,
                    p.buildings,
                    sum(p.hand),
                    p.hand_bonus,
                    p.discard_need,
                    p.discard_done,
                )
                for index, p in enumerate(state.players)
            ]
        ),
        neutral=NeutralView(state.np_districts, state.np_cards, state.marker) if state.options.neutral else None,
        doge_space=state.doge_space,
        doge_seq=state.doge_seq,
        doge_order=tuple(scoring.doge_order(state)),
        rows=tuple(_counts(row) for row in state.rows),
        row_owner=state.row_owner,
        deck_size=len(state.deck),
        discard_size=sum(state.discard),
        to_move=rules.to_move(state),
        first=state.first,
        counts=state.counts,
        plays=state.plays,
        bonus=state.bonus,
        decision=state.decision,
        left=state.left,
        pending=state.pending,
        hand=own.hand if own is not None else (),
        draft=state.draft if acting else (),
        discard_pick=own.discard_pick if own is not None else (),
        last_actor=state.last_actor,
        last_move=state.last_move,
        scores=scoring.final_scores(state) if state.phase is Phase.OVER else None,
        outcome=rules.outcome(state) if state.phase is Phase.OVER else None,
    )


def _counts(row: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * 7
    for card in row:
        counts[card] += 1
    return tuple(counts)
