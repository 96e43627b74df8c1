"""The Volto rules object: the ``games.core.Game`` contract wired over the modules here.

The rules themselves are :mod:`games.volto.rules`; this object only adds the options, the
codec, the labels, the view and the autopilot to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import Choice, Event, Message, OptionRule, Outcome, Rng, Seat, bool_rule, check_option_rules, msg
from games.volto import autopilot, determinize, labels, rules
from games.volto.messages import MESSAGES
from games.volto.model import Phase
from games.volto.moves import VoltoMove, move_code, parse_text
from games.volto.state import VoltoOptions, VoltoState, decode_state, encode_state
from games.volto.view import VoltoView, view_of

MAX_PLY_CAP: Final = rules.MAX_PLY_CAP
MAX_REPETITION_LIMIT: Final = rules.MAX_REPETITION_LIMIT


class Volto:
    """Volto (Emi Yusuke): hidden-identity masks on a 5 x 7 board, two seats.

    Seat 0 is White and moves first, seat 1 is Black; the service seats users at random,
    which is how the rules' "random first player" (M12) is met.
    """

    key: str = "volto"
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 2
    options_type: type[Any] = VoltoOptions
    messages: Mapping[str, Mapping[str, str]] = MESSAGES

    # --- Setup and turn order -------------------------------------------------------------

    def option_rules(self) -> Sequence[OptionRule]:
        """The house-rule limits are bounded so that a draw always comes within :data:`MAX_PLY_CAP` plies."""
        return (
            bool_rule("rook_soldier"),
            bool_rule("reveal_removed_capturer"),
            OptionRule("repetition_limit", low=2, high=MAX_REPETITION_LIMIT),
            OptionRule("no_capture_limit", low=1, high=MAX_PLY_CAP),
            OptionRule("ply_cap", low=1, high=MAX_PLY_CAP),
        )

    def check_options(self, options: VoltoOptions, num_players: int | None) -> None:
        check_option_rules(self.option_rules(), options)

    def initial_state(self, seed: int, num_players: int, options: VoltoOptions | None = None) -> VoltoState:
        if num_players != 2:
            raise ValueError(f"Volto is for 2 players, not {num_players}")
        if options is not None and not isinstance(options, VoltoOptions):
            raise TypeError(f"expected VoltoOptions, got {type(options).__name__}")
        return VoltoState(seed=seed, options=options or VoltoOptions())

    def to_move(self, state: VoltoState) -> frozenset[Seat]:
        return rules.to_move(state)

    def legal_moves(self, state: VoltoState, seat: Seat) -> list[VoltoMove]:
        return rules.legal_moves(state, seat)

    def apply(self, state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[VoltoState, list[Event]]:
        return rules.apply(state, seat, move)

    def outcome(self, state: VoltoState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: VoltoState, seat: Seat | None) -> VoltoView:
        return view_of(state, seat)

    # --- Text, labels, storage --------------------------------------------------------------

    def parse_move(self, state: VoltoState, seat: Seat, text: str) -> VoltoMove:
        move = parse_text(text)
        rules.check(state, seat, move, text)
        return move

    def move_code(self, move: VoltoMove) -> str:
        return move_code(move)

    def describe_move(self, state: VoltoState, seat: Seat, move: VoltoMove) -> Message:
        """``Noble c3 → c4`` / ``Noble c3 × c4`` for play; the setup step's label otherwise."""
        rules.check(state, seat, move, move_code(move))
        return labels.describe_move(state, seat, move)

    def choice_path(self, state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[Choice, ...]:
        """Play: the mask (token: its cell), then the destination; setup: one choice."""
        rules.check(state, seat, move, move_code(move))
        return labels.choice_path(state, seat, move)

    def encode(self, state: VoltoState) -> dict[str, Any]:
        return encode_state(state)

    def decode(self, data: Mapping[str, Any]) -> VoltoState:
        return decode_state(data)

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return labels.seat_name(seat)

    def turn_status(self, state: VoltoState) -> Message | None:
        """During the secret setup: the players are arranging, not moving (the status line says so)."""
        return msg("volto.status.arranging") if state.phase is Phase.SETUP else None

    def determinize(self, state: VoltoState, seat: Seat, rng: Rng) -> VoltoState:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.volto.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def autopilot_move(self, view: VoltoView, legal: Sequence[VoltoMove]) -> VoltoMove:
        """A greedy one-move look-ahead from the seat's view (see :mod:`games.volto.autopilot`)."""
        return autopilot.autopilot_move(view, legal)


GAME: Final = Volto()
"""The Volto rules object registered under ``"volto"``."""
