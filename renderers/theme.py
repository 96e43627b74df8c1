"""Colours by role, so every renderer asks for "the last-move colour", never for a hex code.

A :class:`Theme` is the ``DEFAULT_COLORS`` table of chess.svg turned into a type: a dark or
high-contrast theme is just another instance, and no renderer needs to change for it.

Seats of multi-player games take their colours from the Okabe–Ito palette, which stays
distinguishable under the common forms of colour-vision deficiency. Colour is never the only
cue: every seat also has its own marker shape (see :data:`renderers.kit.SEAT_SHAPES`) and
every Volto side differs in lightness, not hue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

RGB: TypeAlias = tuple[int, int, int]


def rgb(code: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    value = code.removeprefix("#")
    if len(value) != 6:
        raise ValueError(code)
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


# Okabe, M. & Ito, K. (2008), "Color Universal Design (CUD): How to make figures and
# presentations that are friendly to colorblind people", https://jfly.uni-koeln.de/color/
# The eight colours stay distinct for protanopes, deuteranopes and tritanopes.
OKABE_ITO_BLACK: Final[RGB] = (0x00, 0x00, 0x00)
OKABE_ITO_ORANGE: Final[RGB] = (0xE6, 0x9F, 0x00)
OKABE_ITO_SKY_BLUE: Final[RGB] = (0x56, 0xB4, 0xE9)
OKABE_ITO_BLUISH_GREEN: Final[RGB] = (0x00, 0x9E, 0x73)
OKABE_ITO_YELLOW: Final[RGB] = (0xF0, 0xE4, 0x42)
OKABE_ITO_BLUE: Final[RGB] = (0x00, 0x72, 0xB2)
OKABE_ITO_VERMILLION: Final[RGB] = (0xD5, 0x5E, 0x00)
OKABE_ITO_REDDISH_PURPLE: Final[RGB] = (0xCC, 0x79, 0xA7)

SEAT_COLORS: Final[tuple[RGB, ...]] = (
    OKABE_ITO_ORANGE,
    OKABE_ITO_SKY_BLUE,
    OKABE_ITO_BLUISH_GREEN,
    OKABE_ITO_YELLOW,
    OKABE_ITO_REDDISH_PURPLE,
)
"""Seat 0..4 of games with coloured seats; vermillion is kept for "captured" marks."""


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a renderer uses, named by what it is for.

    Attributes:
        background: the image behind everything; opaque, so the picture looks the same on
            Discord's light and dark themes.
        panel: boxes drawn on the background (side panel, trays).
        banner: the "whose turn" bar at the top; ``banner_text`` is written on it.
        text / muted_text: primary and secondary writing on ``background`` and ``panel``.
        board_light / board_dark: the checkered squares of the playing area.
        palace_light / palace_dark: the checkered squares of special home rows (palaces).
        board_edge: the frame around the board and the palace separators.
        last_move: tint of the from- and to-cells of the previous move.
        highlight: the cell that needs the viewer's attention (the next setup cell).
        capture: the "captured here" mark.
        light_piece / light_piece_ink: body and drawing colour of a light (White) piece.
        dark_piece / dark_piece_ink: body and drawing colour of a dark (Black) piece.
        seat_colors: colours of seats 0, 1, ... in games whose seats are colours.
        win: the banner accent of a finished match.
    """

    background: RGB = (0x1B, 0x26, 0x31)
    panel: RGB = (0x26, 0x34, 0x42)
    banner: RGB = (0x0E, 0x4D, 0x64)
    banner_text: RGB = (0xFF, 0xFF, 0xFF)
    text: RGB = (0xF4, 0xEE, 0xDF)
    muted_text: RGB = (0xB7, 0xC3, 0xCC)
    board_light: RGB = (0xE9, 0xDD, 0xC0)
    board_dark: RGB = (0xC9, 0xB4, 0x8C)
    palace_light: RGB = (0xD9, 0x9A, 0x82)
    palace_dark: RGB = (0xBF, 0x7A, 0x63)
    board_edge: RGB = (0x5A, 0x3A, 0x22)
    last_move: RGB = OKABE_ITO_SKY_BLUE
    highlight: RGB = OKABE_ITO_YELLOW
    capture: RGB = OKABE_ITO_VERMILLION
    light_piece: RGB = (0xFB, 0xF8, 0xF0)
    light_piece_ink: RGB = (0x1A, 0x1A, 0x1A)
    dark_piece: RGB = (0x20, 0x20, 0x20)
    dark_piece_ink: RGB = (0xF5, 0xF1, 0xE6)
    seat_colors: tuple[RGB, ...] = SEAT_COLORS
    win: RGB = (0x7A, 0x5C, 0x00)

    def seat_color(self, seat: int) -> RGB:
        """The colour of ``seat`` (wrapping around if a game ever has more seats than colours)."""
        return self.seat_colors[seat % len(self.seat_colors)]


DEFAULT_THEME: Final = Theme()
