"""Volto moves as values, their canonical codes, and reading them from typed text.

Codes (what the store keeps and buttons carry):

* play: ``c2-c4`` — from-cell, ``-``, to-cell; a capture is written the same way, since
  the engine knows what stands on the target;
* setup: ``a1=N`` — put a Noble on a1, any free cell of the seat's two back rows;
  ``undo`` — take the last placement back; ``auto`` — fill the remaining free cells at
  random; ``ready`` — confirm the arrangement.

Typed text is more forgiving: case and surrounding spaces do not matter, a play move may be
``c2c4``, ``c2xc4``, ``c2 × c4`` or ``c2 → c4``, and the setup commands have Russian
aliases (``отмена``, ``авто``, ``готово``). This module checks syntax only; whether a move
is legal is the rules' business (:mod:`games.volto.rules`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from games.core import InvalidMove
from games.volto.model import MaskType, cell_index, cell_name


@dataclass(frozen=True, slots=True)
class Step:
    """A play move of the mask on ``origin`` to ``target`` (a capture if an opponent is there)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Place:
    """A setup step: put a mask of type ``kind`` on ``cell``."""

    cell: int
    kind: MaskType


class SetupCommand(StrEnum):
    """The setup steps that are not placements; the value is the code."""

    UNDO = "undo"
    AUTO = "auto"
    READY = "ready"


VoltoMove: TypeAlias = Step | Place | SetupCommand

_CELL: Final = r"([a-e][1-7])"
_STEP_RE: Final = re.compile(rf"{_CELL}\s*(?:-|x|×|→|:)?\s*{_CELL}")
_PLACE_RE: Final = re.compile(rf"{_CELL}\s*=\s*([nacls])")
_COMMAND_ALIASES: Final[dict[str, SetupCommand]] = {
    "undo": SetupCommand.UNDO,
    "отмена": SetupCommand.UNDO,
    "auto": SetupCommand.AUTO,
    "random": SetupCommand.AUTO,
    "авто": SetupCommand.AUTO,
    "ready": SetupCommand.READY,
    "confirm": SetupCommand.READY,
    "готово": SetupCommand.READY,
}


def move_code(move: VoltoMove) -> str:
    """The canonical code of ``move`` (``c2-c4``, ``a1=N``, ``undo``, ``auto``, ``ready``)."""
    if isinstance(move, Step):
        return f"{cell_name(move.origin)}-{cell_name(move.target)}"
    if isinstance(move, Place):
        return f"{cell_name(move.cell)}={move.kind.value}"
    return move.value


def parse_text(text: str) -> VoltoMove:
    """The move ``text`` spells, by syntax alone.

    Raises:
        InvalidMove: ``volto.error.syntax`` when the text is not a Volto move at all.
    """
    cleaned = text.strip().lower()
    if cleaned in _COMMAND_ALIASES:
        return _COMMAND_ALIASES[cleaned]
    step = _STEP_RE.fullmatch(cleaned)
    if step:
        return Step(cell_index(step.group(1)), cell_index(step.group(2)))
    place = _PLACE_RE.fullmatch(cleaned)
    if place:
        return Place(cell_index(place.group(1)), MaskType(place.group(2).upper()))
    raise InvalidMove(
        "volto.error.syntax",
        f"{text!r} is not a Volto move; write a move as c2-c4, or during setup a1=N, undo, auto or ready.",
        move=text,
    )
