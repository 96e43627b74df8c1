"""The Twilight rules object: the :class:`games.core.Game` contract wired over the modules here.

The rules are :mod:`games.twilight.rules`, the view :mod:`games.twilight.view`, the labels
:mod:`games.twilight.labels`; this object only passes the contract's calls on to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import (
    Catalog,
    Choice,
    Event,
    IllegalMove,
    Message,
    OptionRule,
    Outcome,
    Rng,
    Seat,
    bool_rule,
    check_option_rules,
)
from games.twilight import autopilot, determinize, labels, rules
from games.twilight.labels import seat_label
from games.twilight.messages import MESSAGES
from games.twilight.model import NUM_SEATS
from games.twilight.moves import Move, format_move, parse_code
from games.twilight.state import TwilightOptions, TwilightState, decode_state, encode_state
from games.twilight.view import TwilightView, view_of


class TwilightGame:
    """Twilight of Venice: two seats, East (0) and West (1). See the package docstring."""

    key: Final = "twilight"
    rules_version: Final = 1
    min_players: Final = 2
    max_players: Final = 2
    options_type: Final = TwilightOptions
    messages: Final[Catalog] = MESSAGES

    def option_rules(self) -> Sequence[OptionRule]:
        return (bool_rule("diamond_masquerade"),)

    def check_options(self, options: TwilightOptions, num_players: int | None) -> None:
        check_option_rules(self.option_rules(), options)

    def initial_state(self, seed: int, num_players: int, options: Any = None) -> TwilightState:
        if num_players != NUM_SEATS:
            raise ValueError(f"Twilight of Venice is for exactly 2 players, not {num_players}.")
        return rules.initial_state(seed, options if options is not None else TwilightOptions())

    def to_move(self, state: TwilightState) -> frozenset[Seat]:
        return rules.to_move(state)

    def legal_moves(self, state: TwilightState, seat: Seat) -> list[Move]:
        """Every legal step, in this fixed order.

        Card plays in card order (Doge, Cortège, Guards 1, 1+1 splits then doubles, ►◄,
        Merchant 1-3, Harlequin 1-5 then ◊; Harlequin targets in the order Harlequin, Doge,
        west Guard, east Guard, Merchant; east before west), then Guild's Word summons (Doge,
        west Guard, east Guard) and ``discard`` at the start of a turn, or ``end`` and
        ``undo`` once a step was taken.
        """
        return rules.legal_moves(state, seat)

    def apply(self, state: TwilightState, seat: Seat, move: Move) -> tuple[TwilightState, list[Event]]:
        rules.check_turn(state, seat, move)
        cards = rules.check_move(state, seat, move)
        return rules.apply_step(state, seat, move, cards)

    def outcome(self, state: TwilightState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: TwilightState, seat: Seat | None) -> TwilightView:
        return view_of(state, seat)

    def parse_move(self, state: TwilightState, seat: Seat, text: str) -> Move:
        move = parse_code(text)
        rules.check_turn(state, seat, text)
        try:
            rules.check_move(state, seat, move)
        except IllegalMove as error:
            sentence = str(error).replace(repr(format_move(move)), repr(text), 1)
            params = {**error.params, "code_text": text}
            raise IllegalMove(error.code, sentence, **params) from None
        return move

    def move_code(self, move: Move) -> str:
        return format_move(move)

    def ends_turn(self, state: TwilightState, seat: Seat, code: str) -> bool:
        """``end`` and ``discard`` close a turn, also when the same seat starts the next round."""
        return code in ("end", "discard")

    def describe_move(self, state: TwilightState, seat: Seat, move: Move) -> Message:
        return labels.describe_move(state, seat, move)

    def choice_path(self, state: TwilightState, seat: Seat, move: Move) -> tuple[Choice, ...]:
        return labels.choice_path(state, seat, move)

    def encode(self, state: TwilightState) -> Mapping[str, Any]:
        return encode_state(state)

    def decode(self, data: Mapping[str, Any]) -> TwilightState:
        return decode_state(data)

    def determinize(self, state: TwilightState, seat: Seat, rng: Rng) -> TwilightState:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.twilight.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def autopilot_move(self, view: TwilightView, legal: Sequence[Move]) -> Move:
        """A greedy step-by-step turn from the seat's view (see :mod:`games.twilight.autopilot`)."""
        return autopilot.autopilot_move(view, legal)

    def rollout_move(self, state: TwilightState, seat: Seat, legal: Sequence[Move]) -> Move:
        """The autopilot's move without the whole view, for search rollouts (see :mod:`games.ai.search`)."""
        return autopilot.rollout_move(state, seat, legal)

    def current_scores(self, state: TwilightState) -> tuple[int, ...]:
        """Rounds won so far, by seat (public)."""
        return tuple(rules.round_wins(state.results))

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return seat_label(seat)


GAME: Final = TwilightGame()
