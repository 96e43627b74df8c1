"""The frozen Rialto state, its mutable working copy, JSON encoding and text form.

``apply`` thaws a state into a :class:`Work` (plain lists, freely mutated), runs the rules
on it and freezes the result, so the input state is never touched and a failing check
leaves nothing half-applied.

Actors: seats ``0..n-1`` are the human players; with the neutral player (NP) it is actor
``n`` (it is no seat). Per-actor tuples (Doge track, step counts) have one entry per actor.

Text form (``str(state)``), one line, fields separated by `` ; ``::

    r<round> <phase>[<step letter>] q=<queue actors> <decision><left>
    ; P<seat> vp<vp> c<coins> h<hand letters> s<personal>/<pool> d<6 district counts> b<buildings>
    ; doge <actor>@<space>.<arrival> ...  ; tiles <connection tiles>  ; supply <12 counts>

for example ``r1 play A q=1,2 ; P0 vp3 c1 hAABJ s5/13 d000000 bG1 ; ...``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from games.builders import fast_constructor
from games.core import Event, options_from_dict, options_to_dict
from games.rialto import model
from games.rialto.model import CARD_LETTERS, Decision, Phase, RialtoOptions


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One human player.

    ``hand`` counts cards per type (A..F, J). ``buildings`` holds one
    text per owned building: its kind, then ``*`` when a coin lies on it (activated this
    round) or ``!`` when it was gained through U1 this round and may not be activated.
    ``discard_pick`` lists the card types chosen so far for the hand limit, in the order
    chosen (so ``undo`` can drop the last); they stay in the hand until confirmed.
    """

    vp: int
    coins: int
    hand: tuple[int, ...]
    pool: int
    personal: int
    districts: tuple[int, ...]
    buildings: tuple[str, ...]
    hand_bonus: int = 0
    discard_need: int = 0
    discard_pick: tuple[int, ...] = ()
    discard_done: bool = False


@dataclass(frozen=True, slots=True)
class RialtoState:
    """A Rialto position; see the module docstring for actors and the text form."""

    seed: int
    ply: int
    num_players: int
    options: RialtoOptions
    phase: Phase
    round: int
    step: int
    round_of: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    row_owner: tuple[int, ...]
    tiles: tuple[str, ...]
    bridges: tuple[tuple[int, int], ...]
    gondolas: int
    bonus_tiles: tuple[bool, bool]
    supply: tuple[int, ...]
    coin_supply: int
    players: tuple[PlayerState, ...]
    doge_space: tuple[int, ...]
    doge_seq: tuple[int, ...]
    next_seq: int
    np_districts: tuple[int, ...]
    np_cards: tuple[int, ...]
    marker: int
    queue: tuple[int, ...]
    decision: Decision
    left: int
    pending: str
    first: int
    counts: tuple[int, ...]
    plays: tuple[str, ...]
    postponed: tuple[int, ...]
    bonus: int
    draft: tuple[str, ...]
    qualified: tuple[tuple[int, ...], tuple[int, ...]]
    last_actor: int
    last_move: str

    @property
    def num_actors(self) -> int:
        """Human seats plus the neutral player when it plays."""
        return self.num_players + (1 if self.options.neutral else 0)

    def __str__(self) -> str:
        return text_form(self)


@dataclass(slots=True)
class PlayerWork:
    """Mutable mirror of :class:`PlayerState`."""

    vp: int
    coins: int
    hand: list[int]
    pool: int
    personal: int
    districts: list[int]
    buildings: list[str]
    hand_bonus: int
    discard_need: int
    discard_pick: list[int]
    discard_done: bool


@dataclass(slots=True)
class Work:
    """Mutable mirror of :class:`RialtoState`.

    Extra working fields: ``stream`` counts the shuffles done in this apply (each uses its
    own random stream) and ``events`` collects what happened.
    """

    seed: int
    ply: int
    num_players: int
    options: RialtoOptions
    phase: Phase
    round: int
    step: int
    round_of: list[int]
    deck: list[int]
    discard: list[int]
    rows: list[list[int]]
    row_owner: list[int]
    tiles: list[str]
    bridges: list[tuple[int, int]]
    gondolas: int
    bonus_tiles: list[bool]
    supply: list[int]
    coin_supply: int
    players: list[PlayerWork]
    doge_space: list[int]
    doge_seq: list[int]
    next_seq: int
    np_districts: list[int]
    np_cards: list[int]
    marker: int
    queue: list[int]
    decision: Decision
    left: int
    pending: str
    first: int
    counts: list[int]
    plays: list[str]
    postponed: list[int]
    bonus: int
    draft: list[str]
    qualified: list[list[int]]
    last_actor: int
    last_move: str
    stream: int = field(default=0)
    events: list[Event] = field(default_factory=list)

    @property
    def num_actors(self) -> int:
        """Human seats plus the neutral player when it plays."""
        return self.num_players + (1 if self.options.neutral else 0)

    @property
    def neutral(self) -> int | None:
        """The neutral player's actor number, or None."""
        return self.num_players if self.options.neutral else None


def thaw(state: RialtoState) -> Work:
    """A mutable deep copy of ``state``.

    Written out field by field (and :func:`freeze` likewise): a search thaws and freezes a
    state at every simulated ply, and a generic loop over the fields cost twice as much.
    ``tests/games/rialto/test_rialto_state.py`` holds both to every field.
    """
    return Work(
        seed=state.seed,
        ply=state.ply,
        num_players=state.num_players,
        options=state.options,
        phase=state.phase,
        round=state.round,
        step=state.step,
        round_of=list(state.round_of),
        deck=list(state.deck),
        discard=list(state.discard),
        rows=[list(row) for row in state.rows],
        row_owner=list(state.row_owner),
        tiles=list(state.tiles),
        bridges=list(state.bridges),
        gondolas=state.gondolas,
        bonus_tiles=list(state.bonus_tiles),
        supply=list(state.supply),
        coin_supply=state.coin_supply,
        players=[
            PlayerWork(
                p.vp,
                p.coins,
                list(p.hand),
                p.pool,
                p.personal,
                list(p.districts),
                list(p.buildings),
                p.hand_bonus,
                p.discard_need,
                list(p.discard_pick),
                p.discard_done,
            )
            for p in state.players
        ],
        doge_space=list(state.doge_space),
        doge_seq=list(state.doge_seq),
        next_seq=state.next_seq,
        np_districts=list(state.np_districts),
        np_cards=list(state.np_cards),
        marker=state.marker,
        queue=list(state.queue),
        decision=state.decision,
        left=state.left,
        pending=state.pending,
        first=state.first,
        counts=list(state.counts),
        plays=list(state.plays),
        postponed=list(state.postponed),
        bonus=state.bonus,
        draft=list(state.draft),
        qualified=[list(side) for side in state.qualified],
        last_actor=state.last_actor,
        last_move=state.last_move,
    )


_NEW_STATE: Final = fast_constructor(RialtoState)
_NEW_PLAYER: Final = fast_constructor(PlayerState)


def freeze(work: Work) -> RialtoState:
    """The frozen state of ``work`` (built with :func:`fast_constructor`)."""
    return _NEW_STATE(
        seed=work.seed,
        ply=work.ply,
        num_players=work.num_players,
        options=work.options,
        phase=work.phase,
        round=work.round,
        step=work.step,
        round_of=tuple(work.round_of),
        deck=tuple(work.deck),
        discard=tuple(work.discard),
        rows=tuple([tuple(row) for row in work.rows]),
        row_owner=tuple(work.row_owner),
        tiles=tuple(work.tiles),
        bridges=tuple(work.bridges),
        gondolas=work.gondolas,
        bonus_tiles=(work.bonus_tiles[0], work.bonus_tiles[1]),
        supply=tuple(work.supply),
        coin_supply=work.coin_supply,
        players=tuple(
            [
                _NEW_PLAYER(
                    p.vp,
                    p.coins,
                    tuple(p.hand),
                    p.pool,
                    p.personal,
                    tuple(p.districts),
                    tuple(p.buildings),
                    p.hand_bonus,
                    p.discard_need,
                    tuple(p.discard_pick),
                    p.discard_done,
                )
                for p in work.players
            ]
        ),
        doge_space=tuple(work.doge_space),
        doge_seq=tuple(work.doge_seq),
        next_seq=work.next_seq,
        np_districts=tuple(work.np_districts),
        np_cards=tuple(work.np_cards),
        marker=work.marker,
        queue=tuple(work.queue),
        decision=work.decision,
        left=work.left,
        pending=work.pending,
        first=work.first,
        counts=tuple(work.counts),
        plays=tuple(work.plays),
        postponed=tuple(work.postponed),
        bonus=work.bonus,
        draft=tuple(work.draft),
        qualified=(tuple(work.qualified[0]), tuple(work.qualified[1])),
        last_actor=work.last_actor,
        last_move=work.last_move,
    )


# --- JSON -----------------------------------------------------------------------------------


def encode(state: RialtoState) -> dict[str, Any]:
    """``state`` as JSON-ready data (lists, ints, strings, bools)."""
    data: dict[str, Any] = {}
    for f in fields(RialtoState):
        value = getattr(state, f.name)
        if f.name == "options":
            data[f.name] = options_to_dict(value)
        elif f.name == "players":
            data[f.name] = [
                {pf.name: _to_json(getattr(player, pf.name)) for pf in fields(PlayerState)} for player in value
            ]
        else:
            data[f.name] = _to_json(value)
    return data


def decode(data: Mapping[str, Any]) -> RialtoState:
    """The inverse of :func:`encode`."""
    values: dict[str, Any] = {}
    for f in fields(RialtoState):
        raw = data[f.name]
        if f.name == "options":
            values[f.name] = options_from_dict(RialtoOptions, raw)
        elif f.name == "players":
            values[f.name] = tuple(
                PlayerState(**{pf.name: _from_json(player[pf.name]) for pf in fields(PlayerState)}) for player in raw
            )
        elif f.name == "phase":
            values[f.name] = Phase(raw)
        elif f.name == "decision":
            values[f.name] = Decision(raw)
        else:
            values[f.name] = _from_json(raw)
    return RialtoState(**values)


def _to_json(value: object) -> object:
    if isinstance(value, tuple | list) and (not value or isinstance(value[0], int | str)):
        return list(value)
    if isinstance(value, tuple | list):
        return [_to_json(item) for item in value]
    if isinstance(value, str):
        return str(value)
    return value


def _from_json(value: object) -> Any:
    if isinstance(value, list) and (not value or isinstance(value[0], int | str)):
        return tuple(value)
    if isinstance(value, list):
        return tuple(_from_json(item) for item in value)
    return value


# --- Text form ------------------------------------------------------------------------------


def cards_text(counts: tuple[int, ...] | list[int]) -> str:
    """Per-type counts as letters, e.g. ``(2, 0, 1, 0, 0, 0, 1)`` -> ``"AACJ"``."""
    return "".join(CARD_LETTERS[card] * count for card, count in enumerate(counts))


def text_form(state: RialtoState) -> str:
    """The one-line position described in the module docstring (never the seed)."""
    head = f"r{state.round} {state.phase.value}"
    if state.phase in (Phase.PLAY, Phase.ACTION):
        head += CARD_LETTERS[state.step]
    head += f" q={','.join(map(str, state.queue))}"
    if state.decision:
        head += f" {state.decision.value}{state.left}"
    parts = [head]
    for seat, p in enumerate(state.players):
        parts.append(
            f"P{seat} vp{p.vp} c{p.coins} h{cards_text(p.hand)} s{p.personal}/{p.pool} "
            f"d{''.join(map(str, p.districts))} b{','.join(p.buildings)}"
        )
    pairs = enumerate(zip(state.doge_space, state.doge_seq, strict=True))
    doge = " ".join(f"{actor}@{space}.{seq}" for actor, (space, seq) in pairs)
    parts.append(f"doge {doge}")
    tiles = ",".join(f"{model.connection_code(k)}:{tile}" for k, tile in enumerate(state.tiles) if tile)
    parts.append(f"tiles {tiles or '-'}")
    parts.append(f"supply {''.join(str(count) for count in state.supply)}")
    return " ; ".join(parts)
