"""Answers to a rescue given without asking: the rules' default and standing preferences.

The rescue is the only decision taken out of turn, and the match waits for it. Two callers
need an answer without a click: the clocks (on timeout the rules file's default, V11) and a
player's standing preference set in advance ("always rescue", "always rescue to a green
district", "never"). Both are pure functions of the public state, so they can be computed
by the service and submitted as an ordinary move code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core import InvalidMove, Message, Seat, msg
from games.venezia2099.board import free_districts
from games.venezia2099.model import Colour, Phase, X, square_name
from games.venezia2099.moves import DECLINE, Move, rescue
from games.venezia2099.state import State

NEVER: Final = "never"
ALWAYS: Final = "always"


def _best(state: State, squares: list[int]) -> int | None:
    """V11's preference among ``squares``: a value-2 district, else the highest number, else an X.

    Ties go to the first square in square order.
    """

    def rank(square: int) -> tuple[int, int]:
        tile = state.tiles[square]
        assert tile is not None
        value = 100 if tile.value == 2 else -1 if tile.value == X else tile.value
        return (-value, square)

    return min(squares, key=rank) if squares else None


def default_rescue_answer(state: State, seat: Seat) -> Move | None:
    """The rules file's answer on timeout (V11), or None when ``seat`` is not being asked.

    Rescue onto a free value-2 district if there is one, otherwise onto the free district
    with the highest number (an X only when nothing else is free). Platforms are never
    chosen, even with the ``rescue_to_platform`` variant, because a figure there scores 0.
    """
    if state.phase is not Phase.RESCUE or state.rescue is None or state.rescue.seat != seat:
        return None
    target = _best(state, free_districts(state))
    return DECLINE if target is None else rescue(square_name(target, state.size))


@dataclass(frozen=True, slots=True)
class StandingAnswer:
    """A rescue preference set in advance: never, always, or always to a colour.

    ``colour`` set means: rescue onto a free district of that colour chosen as in V11, and
    fall back to the default when none of that colour is free.
    """

    rescue: bool
    colour: Colour | None = None

    @property
    def code(self) -> str:
        """``never``, ``always`` or ``always-<colour letter>``; what the service stores."""
        if not self.rescue:
            return NEVER
        return ALWAYS if self.colour is None else f"{ALWAYS}-{self.colour.value}"

    @property
    def label(self) -> Message:
        """How the preference is shown to its owner."""
        if not self.rescue:
            return msg("venezia2099.standing.never")
        if self.colour is None:
            return msg("venezia2099.standing.always")
        return msg("venezia2099.standing.colour", colour=msg(f"venezia2099.colour.{self.colour.value}"))

    @classmethod
    def from_code(cls, text: str) -> StandingAnswer:
        """Parse :attr:`code`, case-insensitively.

        Raises:
            InvalidMove: ``venezia2099.error.standing`` for text that is no preference.
        """
        code = text.strip().lower()
        if code == NEVER:
            return cls(False)
        if code == ALWAYS:
            return cls(True)
        prefix = f"{ALWAYS}-"
        if code.startswith(prefix):
            try:
                return cls(True, Colour(code[len(prefix) :]))
            except ValueError:
                pass
        raise InvalidMove(
            "venezia2099.error.standing",
            f"{text!r} is not a rescue preference; use never, always or always-<colour letter>.",
            given=text,
        )


def standing_answers() -> tuple[StandingAnswer, ...]:
    """Every preference a player may set, in the order to offer them."""
    return (StandingAnswer(True), *(StandingAnswer(True, colour) for colour in Colour), StandingAnswer(False))


def standing_answer_move(state: State, seat: Seat, answer: StandingAnswer) -> Move | None:
    """The move to submit for ``seat`` under ``answer``, or None when ``seat`` is not being asked."""
    default = default_rescue_answer(state, seat)
    if default is None or not answer.rescue:
        return None if default is None else DECLINE
    if answer.colour is not None:
        squares = [square for square in free_districts(state) if state.tiles[square].colour == answer.colour]  # type: ignore[union-attr]
        target = _best(state, squares)
        if target is not None:
            return rescue(square_name(target, state.size))
    return default
