"""The stateless rules object that satisfies :class:`games.core.Game` for Venezia 2099.

It glues the pieces together: setup, rules, notation, views, labels and the codec. The
rules themselves live in :mod:`games.venezia2099.rules`.
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
    msg,
)
from games.venezia2099 import answers, autopilot, codec, determinize, rules
from games.venezia2099.board import figure_squares, price
from games.venezia2099.messages import MESSAGES
from games.venezia2099.model import COLOURS, FILES, District, square_index, square_name
from games.venezia2099.moves import Move, MoveKind, parse_code
from games.venezia2099.scoring import ranking, scores, treasure_values
from games.venezia2099.setup import new_state
from games.venezia2099.state import LOST, UNPLACED, Options, Phase, State
from games.venezia2099.view import PlayerView, RescueView, SquareView, Step, Venezia2099View

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
        squares = _squares(state, move, move.code)
        rules.check(state, seat, move, squares)
        return rules.perform(state, seat, move, squares)

    def outcome(self, state: State) -> Outcome | None:
        return ranking(state) if state.phase is Phase.OVER else None

    def view(self, state: State, seat: Seat | None) -> Venezia2099View:
        return make_view(state, seat)

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
        squares = _squares(state, move, text)
        rules.check(state, seat, move, squares)
        return move

    def move_code(self, move: Move) -> str:
        return move.code

    def ends_turn(self, state: State, seat: Seat, code: str) -> bool:
        """A rescue's answer closes that out-of-turn decision, also when its seat plays next."""
        return state.rescue is not None

    def describe_move(self, state: State, seat: Seat, move: Move) -> Message:
        size = state.size
        match move.kind:
            case MoveKind.PLACE | MoveKind.RESCUE:
                target = _index(move.target, size)
                key = "place" if move.kind is MoveKind.PLACE else "rescue"
                return msg(f"venezia2099.describe.{key}", square=move.target, tile=rules.tile_label(state, target))
            case MoveKind.STEP | MoveKind.GONDOLA:
                target = _index(move.target, size)
                return msg(
                    f"venezia2099.describe.{move.kind.value}",
                    origin=move.origin,
                    target=move.target,
                    tile=rules.tile_label(state, target),
                )
            case MoveKind.BUY:
                square = _index(move.target, size)
                tile = state.tiles[square]
                assert tile is not None
                return msg(
                    "venezia2099.describe.buy",
                    treasure=msg(f"venezia2099.treasure.{tile.colour.value}"),
                    square=move.target,
                    cost=price(state, square),
                )
            case MoveKind.PLAY:
                assert move.card is not None
                square = state.square_of(move.card)
                key = "play_own" if state.occupant(square) == seat else "play"
                return msg(
                    f"venezia2099.describe.{key}",
                    card=rules.district_label(move.card),
                    square=square_name(square, size),
                )
            case _:
                return msg("venezia2099.describe.decline")

    def choice_path(self, state: State, seat: Seat, move: Move) -> tuple[Choice, ...]:
        """Figure then destination; gondola, placement and rescue squares go by row first.

        Purchases, forecast cards and ``decline`` are one choice each.
        """
        size = state.size
        match move.kind:
            case MoveKind.STEP | MoveKind.GONDOLA:
                origin = _index(move.origin, size)
                target = _index(move.target, size)
                figure = Choice(
                    str(move.origin),
                    msg("venezia2099.choice.figure", square=move.origin, tile=rules.tile_label(state, origin)),
                )
                destination = Choice(
                    str(move.target),
                    msg("venezia2099.choice.to", square=move.target, tile=rules.tile_label(state, target)),
                )
                if move.kind is MoveKind.STEP:
                    return (figure, destination)
                by_gondola = Choice("gondola", msg("venezia2099.choice.gondola", left=state.gondolas[seat]))
                return (figure, by_gondola, _row_choice(target, size), destination)
            case MoveKind.PLACE | MoveKind.RESCUE:
                target = _index(move.target, size)
                return (_row_choice(target, size), Choice(move.code, self.describe_move(state, seat, move)))
            case _:
                return (Choice(move.code, self.describe_move(state, seat, move)),)

    def encode(self, state: State) -> Mapping[str, Any]:
        return codec.encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return codec.decode(data)

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

    def timeout_move(self, state: State, seat: Seat) -> Move | None:
        """The rules' answer to a rescue left unanswered (V11); None outside a rescue."""
        return answers.default_rescue_answer(state, seat)

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return rules.seat_label(seat)


def _row_choice(square: int, size: int) -> Choice:
    row = square // size + 1
    return Choice(f"row{row}", msg("venezia2099.choice.row", row=row))


def _index(name: str | None, size: int) -> int:
    assert name is not None
    return square_index(name, size)


def _squares(state: State, move: Move, text: str) -> tuple[int | None, int | None]:
    """The move's square names as indexes on this board.

    Raises:
        InvalidMove: ``venezia2099.error.not_a_square`` for a square off this board.
    """
    resolved: list[int | None] = []
    for name in (move.origin, move.target):
        if name is None:
            resolved.append(None)
            continue
        try:
            resolved.append(square_index(name, state.size))
        except ValueError as error:
            last = f"{FILES[state.size - 1]}{state.size}"
            raise InvalidMove(
                "venezia2099.error.not_a_square",
                f"{text!r} names {name!r}, which is not a square of this board (a1 to {last}).",
                given=text,
                last=last,
            ) from error
    return resolved[0], resolved[1]


def step_of(state: State) -> Step:
    """The step the seat on turn is at (what it may still do)."""
    if state.phase is Phase.PLACE:
        return Step.PLACE
    if state.phase is Phase.RESCUE:
        return Step.RESCUE
    if state.phase is Phase.OVER:
        return Step.OVER
    if state.bought:
        return Step.FORECAST
    return Step.BUY if state.moved else Step.MOVE


def make_view(state: State, seat: Seat | None) -> Venezia2099View:
    """What ``seat`` (None: the public) may know of ``state``."""
    over = state.phase is Phase.OVER
    squares = tuple(
        SquareView(state.tiles[square], state.sunk[square], state.square_coins[square], state.occupant(square))
        for square in range(len(state.tiles))
    )
    players = tuple(
        PlayerView(
            seat=player,
            coins=state.coins[player],
            gondolas=state.gondolas[player],
            treasures=state.treasures[player],
            hand_size=len(state.hands[player]),
            figures_on_board=len(figure_squares(state, player)),
            figures_lost=state.figures[player].count(LOST),
            figures_to_place=state.figures[player].count(UNPLACED),
        )
        for player in range(state.num_players)
    )
    colours = tuple(colour for colour in COLOURS if District(2, colour) in state.tiles)
    rescue = state.rescue
    return Venezia2099View(
        viewer=seat,
        num_players=state.num_players,
        size=state.size,
        options=state.options,
        squares=squares,
        phase=state.phase,
        step=step_of(state),
        turn=state.turn,
        to_move=rules.to_move(state),
        players=players,
        colours=colours,
        supply=state.supply,
        played=state.played,
        set_aside_count=len(state.set_aside),
        set_aside=state.set_aside if over else None,
        hand=None if seat is None else state.hands[seat],
        rescue=None if rescue is None else RescueView(rescue.seat, rescue.square),
        last_turn=state.last_turn,
        this_turn=state.this_turn,
        treasure_values=treasure_values(state) if over else None,
        scores=scores(state) if over else None,
        outcome=ranking(state) if over else None,
        ply=state.ply,
    )


GAME: Final = Venezia2099()
