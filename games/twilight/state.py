"""The frozen Twilight state, its options, and its JSON and one-line text forms.

The state keeps the physical card ids (0..53, see :data:`model.CARD_KINDS`), so that the
54 cards can always be accounted for; views show only card kinds. A turn in progress is
kept as its ``steps``: each remembers the board before it and the cards it spent, so the
public board (as of the start of the turn) and "undo" both follow from the steps alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.core import Seat, options_from_dict, options_to_dict
from games.twilight.model import Board, kind_of
from games.twilight.moves import Move, format_move, parse_code


@dataclass(frozen=True, slots=True)
class TwilightOptions:
    """Variant flags; the defaults are the decisions of ``shared/rules/twilight.md``.

    Attributes:
        diamond_masquerade: the Harlequin ◊ card may be used under Masquerade, moving the
            target token to cell 0 (rules T7, default). False: ◊ only ever moves the Harlequin.
    """

    diamond_masquerade: bool = True


class RoundEnd(StrEnum):
    """Why a round ended."""

    DOGE = "doge"
    FAVOURITE = "favourite"
    CHECK_DOGE = "check_doge"
    CHECK_FAVOURITE = "check_favourite"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: its winner (None for a drawn round) and why it ended."""

    winner: Seat | None
    reason: RoundEnd


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the turn being built: the move, the card ids it spent, the board before it."""

    move: Move
    cards: tuple[int, ...]
    before: Board


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The previous finished turn, public.

    Who moved, its steps (or the hand it discarded), the board after its cards (``after``),
    the Favourite's move and how many cards were drawn.
    """

    seat: Seat
    steps: tuple[Step, ...]
    discarded: tuple[int, ...]
    after: Board
    favourite_from: int
    favourite_to: int
    drawn: int


@dataclass(frozen=True, slots=True)
class Reveal:
    """A single-type opening hand shown to both players before the redeal (rules §5.2)."""

    seat: Seat
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TwilightState:
    """A whole Twilight match at one moment.

    ``board`` includes the mover's unconfirmed steps (their preview); ``to_play`` is None
    once the match is over. ``first`` is this round's Merchant holder, who moves first.
    ``hands`` are sorted by card id; ``deck[0]`` is the top card.
    """

    seed: int
    ply: int
    options: TwilightOptions
    round: int
    first: Seat
    deal: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    board: Board
    to_play: Seat | None
    steps: tuple[Step, ...] = ()
    results: tuple[RoundResult, ...] = ()
    revealed: tuple[Reveal, ...] = ()
    last_turn: LastTurn | None = None

    @property
    def public_board(self) -> Board:
        """The board as of the start of the turn: what the mover's opponent and the public see."""
        return self.steps[0].before if self.steps else self.board

    def __str__(self) -> str:
        """One line: ``r<round> d<deal> f<first> t<to_play> | board | deck | hands | discards | steps``.

        Example: ``r1 d1 f0 t0 | D0 W-2 E2 M1 H-1 F0 | deck 38 | h0 d,d,g1,m2 h1 ... | x0 - x1 - | -``.
        Seats are 0 (East) and 1 (West); ``t-`` means the match is over.
        """
        board = self.board
        positions = (
            f"D{board.doge} W{board.guard_w} E{board.guard_e} M{board.merchant} H{board.harlequin} F{board.favourite}"
        )
        hands = " ".join(f"h{seat} {_kinds(cards)}" for seat, cards in enumerate(self.hands))
        discards = " ".join(f"x{seat} {_kinds(cards)}" for seat, cards in enumerate(self.discards))
        steps = ",".join(format_move(step.move) for step in self.steps) or "-"
        to_play = "-" if self.to_play is None else str(self.to_play)
        return (
            f"r{self.round} d{self.deal} f{self.first} t{to_play} | {positions} | deck {len(self.deck)} | "
            f"{hands} | {discards} | {steps}"
        )


def _kinds(cards: tuple[int, ...]) -> str:
    return ",".join(kind_of(card).value for card in cards) or "-"


# --- JSON ---------------------------------------------------------------------------------


def _board_to_list(board: Board) -> list[int]:
    return [board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin, board.favourite]


def _board_from_list(data: Any) -> Board:
    doge, guard_w, guard_e, merchant, harlequin, favourite = (int(value) for value in data)
    return Board(doge, guard_w, guard_e, merchant, harlequin, favourite)


def _step_to_dict(step: Step) -> dict[str, Any]:
    return {"move": format_move(step.move), "cards": list(step.cards), "before": _board_to_list(step.before)}


def _step_from_dict(data: Mapping[str, Any]) -> Step:
    return Step(parse_code(data["move"]), tuple(int(c) for c in data["cards"]), _board_from_list(data["before"]))


def _cards(data: Any) -> tuple[int, ...]:
    return tuple(int(card) for card in data)


def encode_state(state: TwilightState) -> dict[str, Any]:
    """The state as JSON-ready data."""
    last = state.last_turn
    return {
        "seed": state.seed,
        "ply": state.ply,
        "options": options_to_dict(state.options),
        "round": state.round,
        "first": state.first,
        "deal": state.deal,
        "deck": list(state.deck),
        "hands": [list(hand) for hand in state.hands],
        "discards": [list(pile) for pile in state.discards],
        "board": _board_to_list(state.board),
        "to_play": state.to_play,
        "steps": [_step_to_dict(step) for step in state.steps],
        "results": [[result.winner, result.reason.value] for result in state.results],
        "revealed": [[reveal.seat, list(reveal.cards)] for reveal in state.revealed],
        "last_turn": None
        if last is None
        else {
            "seat": last.seat,
            "steps": [_step_to_dict(step) for step in last.steps],
            "discarded": list(last.discarded),
            "after": _board_to_list(last.after),
            "favourite": [last.favourite_from, last.favourite_to],
            "drawn": last.drawn,
        },
    }


def decode_state(data: Mapping[str, Any]) -> TwilightState:
    """The inverse of :func:`encode_state`."""
    last_data = data["last_turn"]
    last = (
        None
        if last_data is None
        else LastTurn(
            seat=int(last_data["seat"]),
            steps=tuple(_step_from_dict(step) for step in last_data["steps"]),
            discarded=_cards(last_data["discarded"]),
            after=_board_from_list(last_data["after"]),
            favourite_from=int(last_data["favourite"][0]),
            favourite_to=int(last_data["favourite"][1]),
            drawn=int(last_data["drawn"]),
        )
    )
    hands = tuple(_cards(hand) for hand in data["hands"])
    discards = tuple(_cards(pile) for pile in data["discards"])
    return TwilightState(
        seed=int(data["seed"]),
        ply=int(data["ply"]),
        options=options_from_dict(TwilightOptions, data["options"]),
        round=int(data["round"]),
        first=int(data["first"]),
        deal=int(data["deal"]),
        deck=_cards(data["deck"]),
        hands=(hands[0], hands[1]),
        discards=(discards[0], discards[1]),
        board=_board_from_list(data["board"]),
        to_play=None if data["to_play"] is None else int(data["to_play"]),
        steps=tuple(_step_from_dict(step) for step in data["steps"]),
        results=tuple(
            RoundResult(None if winner is None else int(winner), RoundEnd(reason)) for winner, reason in data["results"]
        ),
        revealed=tuple(Reveal(int(seat), _cards(cards)) for seat, cards in data["revealed"]),
        last_turn=last,
    )
