"""The stateless rules object that satisfies :class:`games.core.Game` for Venezia 2099.

It only wires the modules here into the contract: setup, rules, move codes, the view, the
labels and the state's codec. The rules themselves live in :mod:`games.venezia2099.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import (
    Choice,
    Event,
    InvalidMove,
    Message,
    OptionRule,
    Outcome,
    Rng,
    Seat,
    bool_rule,
    check_option_rules,
)
from games.venezia2099 import answers, autopilot, determinize, labels, rules
from games.venezia2099.messages import MESSAGES
from games.venezia2099.model import Phase
from games.venezia2099.moves import Move, MoveKind, parse_code
from games.venezia2099.scoring import ranking
from games.venezia2099.setup import new_state
from games.venezia2099.state import Options, State, decode, encode
from games.venezia2099.view import Venezia2099View, view_of

KEY: Final = "venezia2099"


class Venezia2099:
    """Venezia 2099 for 2 to 5 players (see the package docstring)."""

    key = KEY
    rules_version = 1
    min_players = 2
    max_players = 5
    options_type = Options
    messages = MESSAGES

    def option_rules(self) -> Sequence[OptionRule]:
        return (bool_rule("rescue_to_platform"), bool_rule("gondola_move_additional"))

    def check_options(self, options: Options, num_players: int | None) -> None:
        check_option_rules(self.option_rules(), options)

    def initial_state(self, seed: int, num_players: int, options: Options | None = None) -> State:
        return new_state(seed, num_players, options if options is not None else Options())

    def to_move(self, state: State) -> frozenset[Seat]:
        return rules.to_move(state)

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal move; the order is documented on :func:`games.venezia2099.rules.legal_moves`."""
        return rules.legal_moves(state, seat)

    def forced_move(self, state: State, seat: Seat) -> Move | None:
        """The last forecast card of a hand: hand sizes are public, so everyone knows it must be played."""
        if seat not in rules.to_move(state) or len(state.hands[seat]) != 1:
            return None
        legal = rules.legal_moves(state, seat)
        return legal[0] if len(legal) == 1 and legal[0].kind is MoveKind.PLAY else None

    def apply(self, state: State, seat: Seat, move: Move) -> tuple[State, list[Event]]:
        squares = rules.squares_of(state, move, move.code)
        rules.check(state, seat, move, squares)
        return rules.perform(state, seat, move, squares)

    def outcome(self, state: State) -> Outcome | None:
        return ranking(state) if state.phase is Phase.OVER else None

    def view(self, state: State, seat: Seat | None) -> Venezia2099View:
        return view_of(state, seat)

    def parse_move(self, state: State, seat: Seat, text: str) -> Move:
        try:
            move = parse_code(text)
        except ValueError as error:
            raise InvalidMove(
                "venezia2099.error.no_such_card", f"{text!r} names no forecast card.", given=text
            ) from error
        if move is None:
            raise InvalidMove("venezia2099.error.syntax", f"{text!r} is not a Venezia 2099 move.", given=text)
        if move.card is not None and move.card.value == 2:
            raise InvalidMove("venezia2099.error.no_such_card", f"{text!r} names no forecast card.", given=text)
        squares = rules.squares_of(state, move, text)
        rules.check(state, seat, move, squares)
        return move

    def move_code(self, move: Move) -> str:
        return move.code

    def ends_turn(self, state: State, seat: Seat, code: str) -> bool:
        """A rescue's answer closes that out-of-turn decision, also when its seat plays next."""
        return state.rescue is not None

    def describe_move(self, state: State, seat: Seat, move: Move) -> Message:
        return labels.describe_move(state, seat, move)

    def choice_path(self, state: State, seat: Seat, move: Move) -> tuple[Choice, ...]:
        return labels.choice_path(state, seat, move)

    def encode(self, state: State) -> Mapping[str, Any]:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return decode(data)

    def standing_answers(self) -> list[Choice]:
        """The rescue preferences a player may set in advance (always, always to a colour, never)."""
        return [Choice(answer.code, answer.label) for answer in answers.standing_answers()]

    def standing_move(self, state: State, seat: Seat, code: str) -> Move | None:
        """The rescue answer ``code`` gives for ``seat`` now, or None when it is not being asked."""
        return answers.standing_answer_move(state, seat, answers.StandingAnswer.from_code(code))

    def determinize(self, state: State, seat: Seat, rng: Rng) -> State:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.venezia2099.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def autopilot_move(self, view: Venezia2099View, legal: Sequence[Move]) -> Move:
        """Expected final points from the seat's view (see :mod:`games.venezia2099.autopilot`)."""
        return autopilot.autopilot_move(view, legal)

    def rollout_move(self, state: State, seat: Seat, legal: Sequence[Move]) -> Move:
        """The autopilot's move read straight off the state, for search rollouts (see :mod:`games.ai.search`)."""
        return autopilot.rollout_move(state, seat, legal)

    def ranked_moves(self, view: Venezia2099View, legal: Sequence[Move]) -> list[Move]:
        """``legal``, best first by the autopilot's estimates: search's candidates (:mod:`games.ai`)."""
        return autopilot.ranked_moves(view, legal)

    def timeout_move(self, state: State, seat: Seat) -> Move | None:
        """The rules' answer to a rescue left unanswered (V11); None outside a rescue."""
        return answers.default_rescue_answer(state, seat)

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return labels.seat_label(seat)


GAME: Final = Venezia2099()
