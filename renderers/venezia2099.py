"""Venezia 2099 board images: the public channel picture and each player's private picture.

The renderer draws a :class:`~games.venezia2099.view.Venezia2099View`, never a state, so it
cannot show a forecast card the viewer may not see: the public picture has no hand; a
private picture adds the viewer's own hand, lowest first, with the playable cards marked.

Layout (772 × 538 px for two players up to 908 × 778 for five; PNG encoding time grows with
the pixels, and a move sends several pictures): a banner with whose turn it is and what they
may still do (or the result), then the board with the coordinates players type ("d4"), a
private picture's hand under the board, and beside both a side panel with each player's
coins, gondola cards, hand size, figures and treasures, the treasure supply, and the played
forecast cards by colour, two colours a row. At the end a scoring table follows under both.
Primary text is drawn at 18 px or more and secondary text at 14–16 px, so that a phone showing
the picture about 400 px wide can be zoomed to read it.

The pictures of one decision (the channel's, the actor's, a DM to each seat newly due) share
one drawn public picture: a private picture is it with its own banner, the viewer's box in
the panel and the viewer's hand (the same pixels as drawing it whole).

Colour is never the only cue. Every district shows its value in large type and the shape of
its colour (black circle, purple diamond, green triangle, turquoise square, red star, brown
hexagon) in its corner, explained by a legend under the board with the last-turn frame and
the coin discs; the district colours stay apart, and apart from the figure colours, also
under deuteranopia and protanopia; water is dark with waves; platforms are grey planks. Figures are
tokens in the seat's colour AND the seat's own shape, with the seat's initial. The squares of
the latest turn carry a thick outline.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from typing import Final

from PIL import Image, ImageDraw

from games.core import Catalog, Message, Seat, msg
from games.i18n import Translate
from games.venezia2099.model import COLOURS, FILES, Action, Colour, District, Phase, Score, square_name, value_label
from games.venezia2099.view import PlayerView, SquareView, Venezia2099View
from locales import catalog
from renderers.kit import (
    SEAT_SHAPES,
    Box,
    blend,
    cached,
    draw_centered_text,
    drawn_over,
    font,
    laid_over,
    readable_ink,
    regular_polygon_points,
    seat_shape_points,
    share,
    shown_as_is,
    supersampled,
    text_length,
    wrap_words,
    write,
    write_in_box,
)
from renderers.theme import DEFAULT_THEME, RGB, Theme, rgb

# --- Geometry -----------------------------------------------------------------------------

CELL: Final = 68
TEXT: Final = 19
"""The smallest text a player needs: 19 px is 10 px once the widest picture (8x8, 948 px) is shown 500 px wide."""
MARGIN: Final = 12
COORD: Final = 26
BANNER_HEIGHT: Final = 108
TITLE_BOTTOM: Final = BANNER_HEIGHT * 13 // 20
"""The y between the banner's title (one or two lines above) and its last action (below)."""
PANEL_GAP: Final = 14
PANEL_WIDTH: Final = 340
BOARD_LEFT: Final = MARGIN + COORD
BOARD_TOP: Final = BANNER_HEIGHT + MARGIN
FIGURE: Final = 36
HAND_HEIGHT: Final = 104
CARD_WIDTH: Final = 52
CARD_HEIGHT: Final = 70
SCORE_ROW: Final = 32
OUTLINE: Final = 4
SHAPE_SIZE: Final = 28
"""A district's colour shape in its square's corner: 15 px when the picture is shown 500 px wide."""
LEGEND_LINE: Final = 28
"""Under the board: the six colours' shapes and names (two lines), the last-turn frame and the coins."""

DISTRICT_FILL: Final[dict[Colour, RGB]] = {
    Colour.BLACK: rgb("#1F1F1F"),
    Colour.PURPLE: rgb("#7F2DD2"),
    Colour.GREEN: rgb("#A6DA81"),
    Colour.TURQUOISE: rgb("#4DB2B2"),
    Colour.RED: rgb("#D3505B"),
    Colour.BROWN: rgb("#523714"),
}
"""Chosen (by a search over each colour's family) so that any two districts, and any district
and any figure colour, stay at least ΔE 25 apart for normal vision and under deuteranopia and
protanopia simulation (Machado 2009): the green is light, the brown dark, the red between."""
COLOUR_SHAPES: Final[dict[Colour, str]] = {
    Colour.BLACK: "circle",
    Colour.PURPLE: "diamond",
    Colour.GREEN: "triangle",
    Colour.TURQUOISE: "square",
    Colour.RED: "star",
    Colour.BROWN: "hexagon",
}
"""The second cue of each district colour, drawn in the district's corner and in legends."""
FIGURE_COLOURS: Final[tuple[RGB, ...]] = (
    rgb("#0072B2"),  # Blue (Okabe-Ito blue)
    rgb("#F0E442"),  # Yellow
    rgb("#D55E00"),  # Red (vermillion)
    rgb("#F7F7F2"),  # White
    rgb("#E69F00"),  # Orange
)
"""The figure colours of the seats, named as the game names them (Blue, Yellow, ...)."""
WATER: Final = rgb("#1F4E79")
WATER_WAVE: Final = rgb("#5B8DB8")
PLATFORM: Final = rgb("#A9B1B8")
PLATFORM_LINE: Final = rgb("#7C858D")
COIN: Final = rgb("#F2C14E")
COIN_INK: Final = rgb("#3A2A00")

# --- Catalog ------------------------------------------------------------------------------

MESSAGES: Final[Catalog] = catalog("venezia2099_pictures")
"""What the pictures say: ``locales/<lang>/venezia2099_pictures.py``."""
"""Every string the Venezia 2099 pictures and alt texts add to the game's own catalog."""


# --- Helpers ------------------------------------------------------------------------------


def seat_name(seat: Seat) -> Message:
    """The game's name of ``seat``."""
    return msg(f"venezia2099.seat.{seat}")


def cell_box(view: Venezia2099View, square: int) -> Box:
    """The pixel box of ``square`` (a1 at the bottom left)."""
    column, row = square % view.size, square // view.size
    left = BOARD_LEFT + column * CELL
    top = BOARD_TOP + (view.size - 1 - row) * CELL
    return (left, top, left + CELL, top + CELL)


def panel_left(view: Venezia2099View) -> int:
    """The x of the side panel, just right of the board."""
    return BOARD_LEFT + view.size * CELL + PANEL_GAP


def image_width(view: Venezia2099View) -> int:
    """The picture's width: the board, the panel and the margins."""
    return panel_left(view) + PANEL_WIDTH + MARGIN


def board_bottom(view: Venezia2099View) -> int:
    """The y just under the coordinates below the board."""
    return BOARD_TOP + view.size * CELL + COORD


def shows_hand(view: Venezia2099View) -> bool:
    """Whether the picture has the viewer's hand strip (a private picture before the end)."""
    return view.hand is not None and view.phase is not Phase.OVER


def hand_top(view: Venezia2099View) -> int:
    """The y of a private picture's hand strip: under the board and its legend."""
    return board_bottom(view) + legend_height(view)


def left_bottom(view: Venezia2099View) -> int:
    """The y under the left column: the board, its legend, then the hand strip of a private picture."""
    return hand_top(view) + (HAND_HEIGHT if shows_hand(view) else 0)


def panel_bottom(view: Venezia2099View) -> int:
    """The y under the side panel."""
    return BOARD_TOP + _panel_height(view)


def image_size(view: Venezia2099View) -> tuple[int, int]:
    """The picture's size: the taller of the two columns, then the final scores under both.

    The hand strip goes under the board, beside the panel, so with many players (a tall
    panel) it costs no height at all.
    """
    height = max(left_bottom(view), panel_bottom(view)) + MARGIN
    if view.scores is not None:
        height += SCORE_ROW * (view.num_players + 2) + MARGIN
    return image_width(view), height


def latest_actions(view: Venezia2099View) -> tuple[Action, ...]:
    """The actions to mark: those of the turn in progress, or of the previous turn."""
    return view.this_turn or view.last_turn


def _shape_points(shape: str, center: tuple[float, float], radius: float) -> list[tuple[float, float]] | None:
    if shape == "star":
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = math.radians(-90 + 36 * i)
            points.append((center[0] + r * math.cos(angle), center[1] + r * math.sin(angle)))
        return points
    if shape == "hexagon":
        return regular_polygon_points(center, radius, 6, rotation=0)
    return seat_shape_points(shape, center, radius)


def _initial(seat: Seat, tr: Translate) -> str:
    return tr(seat_name(seat))[:1].upper()


# --- Cached pieces ------------------------------------------------------------------------
#
# A picture is assembled from pieces made once and pasted many times: the 66-pixel square of
# every district, platform and water tile, the sprites of colours and figures, the panel
# boxes, the forecast cards, and the anti-aliased mask of every distinct text. Pasting a
# cached piece gives exactly the pixels drawing it in place would (every piece is drawn on
# the background it is pasted over, at whole-pixel positions, and text masks are keyed by
# the sub-pixel part of their position), so the pictures are unchanged and drawing one costs
# a few milliseconds instead of tens: FreeType rendering of ~100 strings was most of the time.

PIECE_CACHE_SIZE: Final = 512
"""Distinct tiles, boxes and cards kept (tiles: 48 districts plus water and platform)."""


def _write_centered(image: Image.Image, center: tuple[float, float], text: str, *, size: int, fill: RGB) -> None:
    """Bold ``text`` with its middle on ``center``."""
    write(image, center, text, size=size, fill=fill, bold=True, anchor="mm")


@cached()
def _colour_sprite(colour: Colour, size: int, ring: RGB) -> Image.Image:
    """The colour's shape, filled with the colour and ringed, as an anti-aliased sprite."""

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        s = size * scale
        c = (s / 2, s / 2)
        radius = s * 0.42
        width = max(1, round(scale * 1.6))
        points = _shape_points(COLOUR_SHAPES[colour], c, radius)
        fill = DISTRICT_FILL[colour]
        if points is None:
            draw.ellipse(
                (c[0] - radius, c[1] - radius, c[0] + radius, c[1] + radius), fill=fill, outline=ring, width=width
            )
        else:
            draw.polygon(points, fill=fill, outline=ring, width=width)

    return supersampled((size, size), paint)


@cached()
def _figure_sprite(seat: Seat, size: int, initial: str, theme: Theme) -> Image.Image:
    """A figure token: the seat's shape in the seat's colour with a dark rim and its initial."""
    fill = FIGURE_COLOURS[seat % len(FIGURE_COLOURS)]
    ink = readable_ink(fill, theme)

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        s = size * scale
        c = (s / 2, s / 2)
        radius = s * 0.45
        width = max(2, round(scale * 2.5))
        points = seat_shape_points(SEAT_SHAPES[seat % len(SEAT_SHAPES)], c, radius)
        rim = theme.light_piece_ink
        if points is None:
            draw.ellipse(
                (c[0] - radius, c[1] - radius, c[0] + radius, c[1] + radius), fill=fill, outline=rim, width=width
            )
        else:
            draw.polygon(points, fill=fill, outline=rim, width=width)

    sprite = supersampled((size, size), paint)
    draw_centered_text(ImageDraw.Draw(sprite), (size / 2, size / 2 + 2), initial, font(round(size * 0.36), True), ink)
    return sprite


def _paste(image: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    width, height = sprite.size
    image.paste(sprite, (round(center[0] - width / 2), round(center[1] - height / 2)), sprite)


TILE: Final = CELL - 2
"""The painted part of a square; the two pixels left between squares are the grid lines."""


@cached(PIECE_CACHE_SIZE)
def _square_tile(district: District | None, sunk: bool, theme: Theme) -> Image.Image:
    """A square without coins or figure: a platform, water, or a district with its value and shape."""
    if district is None:
        tile = Image.new("RGB", (TILE, TILE), PLATFORM)
        draw = ImageDraw.Draw(tile)
        for y in range(11, CELL - 5, 12):
            draw.line((5, y, CELL - 8, y), fill=PLATFORM_LINE, width=2)
        return tile
    if sunk:
        tile = Image.new("RGB", (TILE, TILE), WATER)
        draw = ImageDraw.Draw(tile)
        for y in range(17, CELL - 9, 20):
            for x in range(7, CELL - 21, 24):
                draw.arc((x, y - 6, x + 12, y + 6), start=200, end=340, fill=WATER_WAVE, width=2)
                draw.arc((x + 12, y - 6, x + 24, y + 6), start=20, end=160, fill=WATER_WAVE, width=2)
        return tile
    fill = DISTRICT_FILL[district.colour]
    tile = Image.new("RGB", (TILE, TILE), fill)
    ink = readable_ink(fill, theme)
    write(tile, (6, 2), value_label(district.value), size=29, fill=ink, bold=True)
    _paste(tile, _colour_sprite(district.colour, SHAPE_SIZE, ink), (CELL - 18, 17))
    return tile


@cached(PIECE_CACHE_SIZE)
def _box(width: int, height: int, fill: RGB, outline: RGB | None, theme: Theme) -> Image.Image:
    """A rounded panel box as it looks on the background."""
    box = Image.new("RGB", (width, height), theme.background)
    ImageDraw.Draw(box).rounded_rectangle((0, 0, width - 1, height - 1), radius=10, fill=fill, outline=outline, width=3)
    return box


@cached(PIECE_CACHE_SIZE)
def _card(card: District, width: int, height: int, playable: bool, small: bool, theme: Theme) -> Image.Image:
    """A forecast card on the background: its colour, value and shape; playable ones ringed."""
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    fill = DISTRICT_FILL[card.colour]
    ink = readable_ink(fill, theme)
    edge = theme.highlight if playable else theme.board_edge
    if small:
        draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=6, fill=fill, outline=edge, width=2)
        _write_centered(image, (width / 2, 16), value_label(card.value), size=20, fill=ink)
        _paste(image, _colour_sprite(card.colour, 16, ink), (width / 2, height - 11))
        return image
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=fill, outline=edge, width=4 if playable else 2)
    _write_centered(image, (width / 2, 25), value_label(card.value), size=28, fill=ink)
    _paste(image, _colour_sprite(card.colour, 20, ink), (width / 2, height - 17))
    return image


# --- Drawing ------------------------------------------------------------------------------


def render(view: Venezia2099View, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` in the locale of ``tr``: same view and locale, same pixels.

    The public picture is drawn once and shared by the pictures of one decision: a private
    one is it with its own banner (drawn over the public one, which it covers whole), the
    viewer's own box in the panel and the viewer's hand. It is marked as drawn over the
    public one, with the rows it draws in, so :func:`renderers.kit.to_png` compares only
    those rows and encodes only what differs.
    """
    public_view = _public_part(view)
    with _PUBLIC_LOCK:
        public = _public_picture(public_view, tr, theme)
    if view.viewer is None:
        return shown_as_is(public)
    # Scores exist only once the game is over, when no hand is shown: the private
    # picture is then as tall as the public one and its scores stand where they do.
    size = image_size(view)
    canvas = laid_over(public, size, theme.background)
    # A seat that is not to act reads the public banner: it is there already, drawn by the
    # same function from the same words, so it is neither drawn again nor compared.
    banner = _banner(view, tr)
    public_banner = _banner(public_view, tr)
    own_banner = banner != public_banner
    image = drawn_over(canvas, public, _private_rows(view, banner, public_banner))
    if own_banner:
        _draw_banner(image, ImageDraw.Draw(image), view, banner, theme)
    _draw_player(image, view, view.viewer, _player_box(view, view.viewer), tr, theme)
    if shows_hand(view):
        _draw_hand(image, view, hand_top(view), tr, theme)
    return image


def _private_rows(view: Venezia2099View, banner: Banner, public_banner: Banner) -> tuple[tuple[int, int], ...]:
    """The rows a private picture draws in over the public one: its banner's title, the viewer's name, the hand strip.

    ``banner`` and ``public_banner``: the words and figure of its banner and of the public
    one's. Only the rows that can differ are declared: a banner that says the same is not
    drawn; one whose last action, figure and initial are the public one's differs in its
    title alone (above :data:`TITLE_BOTTOM`); the viewer's box differs from the public one
    in its name line alone ("(you)"): the tile is drawn from the same public holdings.

    Declared to :func:`renderers.kit.drawn_over`, so that encoding compares only these rows
    with the public picture (~110 of ~330 rows a picture were declared for nothing); a test
    checks on seeded matches that no other row differs.
    """
    assert view.viewer is not None
    _, box_top, _, _ = _player_box(view, view.viewer)
    rows = [(box_top + NAME_LINE[0] - BOX_SLACK, box_top + NAME_LINE[1] + BOX_SLACK)]
    if banner != public_banner:
        title_only = banner[1:] == public_banner[1:]
        rows.insert(0, (0, TITLE_BOTTOM + BOX_SLACK if title_only else BANNER_HEIGHT))
    if shows_hand(view):
        rows.append((hand_top(view), hand_top(view) + HAND_HEIGHT))  # below it: the margin, or the public panel
    return tuple(rows)


BOX_SLACK: Final = 4
"""Rows above and below a line of text counted as its own: a margin, not a measure."""

PUBLIC_CACHE_SIZE: Final = 4
"""Public pictures kept drawn (~2 MB each): the pictures of one decision are drawn together, so
a few suffice, also when the channel and the players read different languages."""
_PUBLIC_LOCK: Final = threading.Lock()
"""Held while a public picture is looked up or drawn: pictures drawn at the same time in
worker threads wait for the one public picture instead of each drawing it."""


def _public_part(view: Venezia2099View) -> Venezia2099View:
    """``view`` without what only its viewer may see: what every picture of the moment shares."""
    return view if view.viewer is None else replace(view, viewer=None, hand=None)


@cached(PUBLIC_CACHE_SIZE)
def _public_picture(public: Venezia2099View, tr: Translate, theme: Theme) -> Image.Image:
    """The public picture (a shared backdrop: see :func:`renderers.kit.share`)."""
    image = Image.new("RGB", image_size(public), theme.background)
    draw = ImageDraw.Draw(image)
    ground = tuple(
        (cell.district, cell.sunk, cell.coins, cell.figure, None if cell.figure is None else _initial(cell.figure, tr))
        for cell in public.squares
    )
    image.paste(_board_layer(public.size, ground, theme), (0, BOARD_TOP))
    _draw_latest(draw, public, theme)
    _draw_legend(image, draw, public, tr, theme)
    _draw_panel(image, public, tr, theme)
    if public.scores is not None:
        _draw_scores(image, public, public.scores, max(left_bottom(public), panel_bottom(public)) + MARGIN, tr, theme)
    _draw_banner(image, draw, public, _banner(public, tr), theme)
    return share(image)


BANNER_ICON: Final = 52


Banner = tuple[str, Seat | None, str, str]
"""What a banner shows: its title, the seat whose figure stands beside it, its subtitle, that seat's initial."""


def _banner(view: Venezia2099View, tr: Translate) -> Banner:
    """The words and the figure of ``view``'s banner: whose turn (or the result), over the latest action."""
    title, seat = _banner_title(view, tr)
    actions = latest_actions(view)
    if actions:
        subtitle = tr("venezia2099.img.last", action=_action_text(view, actions[-1], tr))
    elif view.viewer is not None:
        subtitle = tr("venezia2099.img.you_are", player=seat_name(view.viewer))
    else:
        subtitle = tr("venezia2099.img.public")
    return title, seat, subtitle, "" if seat is None else _initial(seat, tr)


def _draw_banner(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Venezia2099View, banner: Banner, theme: Theme
) -> None:
    """The banner (:func:`_banner`) across the top, with the seat's figure at the left.

    It depends on its words, the picture's width and whether the game is over, nothing else:
    a private picture whose banner says what the public one says keeps the public one's.
    """
    title, seat, subtitle, initial = banner
    right, bottom = image_width(view), BANNER_HEIGHT
    draw.rectangle((0, 0, right - 1, bottom - 1), fill=theme.win if view.phase is Phase.OVER else theme.banner)
    pad = bottom // 8
    icon = BANNER_ICON if seat is not None else 0
    text_left = pad * 2 + icon if icon else pad * 2
    # The title on one line at 28 px, or wrapped on two at 22; the last action under it.
    room = right - pad * 2 - text_left
    lines = [title] if text_length(title, 28, True) <= room else wrap_words(title, room, 22, bold=True)[:2]
    size = 28 if len(lines) == 1 else 22
    middle = TITLE_BOTTOM
    line_height = (middle - pad // 2) / len(lines)
    for index, line in enumerate(lines):
        top = pad // 2 + round(index * line_height)
        box = (text_left, top, right - pad * 2, top + round(line_height))
        write_in_box(image, box, line, size=size, fill=theme.banner_text, bold=True, min_size=TEXT)
    subtitle_box = (text_left, middle, right - pad * 2, bottom - pad // 2)
    write_in_box(image, subtitle_box, subtitle, size=20, fill=theme.banner_text, min_size=TEXT)
    if seat is not None:
        center = (pad + icon / 2, bottom / 2)
        _paste(image, _figure_sprite(seat, icon, initial, theme), center)


def _banner_title(view: Venezia2099View, tr: Translate) -> tuple[str, Seat | None]:
    if view.phase is Phase.OVER and view.outcome is not None:
        winners = sorted(view.outcome.winners)
        if len(winners) == 1:
            return tr("venezia2099.img.win", player=seat_name(winners[0])), winners[0]
        return tr("venezia2099.img.shared"), None
    if view.rescue is not None:
        square = square_name(view.rescue.square, view.size)
        if view.viewer == view.rescue.seat:
            return tr("venezia2099.img.your_rescue", square=square), view.rescue.seat
        return tr("venezia2099.img.rescue", player=seat_name(view.rescue.seat), square=square), view.rescue.seat
    if view.viewer == view.turn:
        # The mover reads what to do; everyone else what the mover is doing.
        step = tr(f"venezia2099.step.{view.step.value}")
        return tr("venezia2099.img.your_turn", step=step), view.turn
    doing = tr(f"venezia2099.img.doing.{view.step.value}")
    return tr("venezia2099.img.turn", player=seat_name(view.turn), step=doing), view.turn


BOARD_LAYERS: Final = 8
"""Board layers kept: the pieces change every move, pictures come in bursts."""

Ground = tuple[tuple[District | None, bool, int, Seat | None, str | None], ...]
"""Each square's district (None: a platform), whether it sank, its coins, its figure's seat and initial."""


@cached(BOARD_LAYERS)
def _board_layer(size: int, ground: Ground, theme: Theme) -> Image.Image:
    """The strip from the top of the board to under its letters: every square with its pieces, and the coordinates.

    A move changes a few squares, so a new layer is the latest one of its size with only the
    changed squares pasted again (each square is a whole cell: the same pixels as drawn anew).
    """
    recent = _recent_layers()  # only under _PUBLIC_LOCK: public pictures are drawn one at a time
    previous = recent.get((size, theme))
    if previous is None:
        layer = Image.new("RGB", (BOARD_LEFT + size * CELL, size * CELL + COORD), theme.background)
        for column in range(size):
            center = (BOARD_LEFT + column * CELL + CELL / 2, size * CELL + COORD / 2)
            _write_centered(layer, center, FILES[column], size=19, fill=theme.muted_text)
        for row in range(size):
            center = (MARGIN + COORD / 2 - 2, (size - 1 - row) * CELL + CELL / 2)
            _write_centered(layer, center, str(row + 1), size=19, fill=theme.muted_text)
        changed = list(range(len(ground)))
    else:
        # Same size, so the same squares; the cached layer is copied, never changed.
        before, layer = previous[0], previous[1].copy()
        changed = [square for square, cell in enumerate(ground) if cell != before[square]]
    for square in changed:
        column, row = square % size, square // size
        layer.paste(_square_cell(*ground[square], theme), (BOARD_LEFT + column * CELL, (size - 1 - row) * CELL))
    recent[(size, theme)] = (ground, layer)
    return layer


@cached(1)
def _recent_layers() -> dict[tuple[int, Theme], tuple[Ground, Image.Image]]:
    """The latest board layer of each size and theme (emptied with every cache)."""
    return {}


@cached(PIECE_CACHE_SIZE)
def _square_cell(
    district: District | None, sunk: bool, coins: int, figure: Seat | None, initial: str | None, theme: Theme
) -> Image.Image:
    """A whole cell (its tile inside the grid lines) with the coins lying on it and the figure standing on it.

    Every cell stands at even coordinates, so the figure (placed by rounding) lands on the
    same pixels as drawn in place.
    """
    image = Image.new("RGB", (CELL, CELL), theme.background)
    image.paste(_square_tile(district, sunk, theme), (1, 1))
    if coins:
        draw = ImageDraw.Draw(image)
        cx, cy = 18, CELL - 18
        radius = 15 if coins < 10 else 17
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=COIN, outline=COIN_INK, width=2)
        _write_centered(image, (cx, cy + 1), str(coins), size=TEXT, fill=COIN_INK)
    if figure is not None:
        assert initial is not None
        center = (CELL - FIGURE / 2 - 3, CELL - FIGURE / 2 - 3)
        _paste(image, _figure_sprite(figure, FIGURE, initial, theme), center)
    return image


def _draw_latest(draw: ImageDraw.ImageDraw, view: Venezia2099View, theme: Theme) -> None:
    squares: set[int] = set()
    for action in latest_actions(view):
        squares.update(square for square in (action.origin, action.target) if square is not None)
    if view.rescue is not None:
        squares.add(view.rescue.square)
    for square in squares:
        left, top, right, bottom = cell_box(view, square)
        colour = theme.highlight if view.rescue is not None and square == view.rescue.square else theme.last_move
        draw.rectangle((left + 1, top + 1, right - 2, bottom - 2), outline=colour, width=OUTLINE)


def legend_columns(view: Venezia2099View) -> int:
    """Three district names a line when the board is wide enough for them, else two."""
    return 3 if view.size * CELL >= 540 else 2


def legend_height(view: Venezia2099View) -> int:
    """The legend's rows: the colours, then the frame and the coin disc (one line, or two when narrow)."""
    columns = legend_columns(view)
    return (-(-len(COLOURS) // columns) + (1 if columns == 3 else 2)) * LEGEND_LINE + 8


def _draw_legend(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Venezia2099View, tr: Translate, theme: Theme
) -> None:
    """The legend under the board, pasted from :func:`_legend_tile` (the same pixels as drawn in place)."""
    image.paste(_legend_tile(view.size, tr, theme), (BOARD_LEFT - LEGEND_BLEED, board_bottom(view)))


LEGEND_BLEED: Final = 2
"""Pixels the narrow legend's coin disc reaches left of the board (even: see :func:`_legend_tile`)."""


@cached(BOARD_LAYERS)
def _legend_tile(size: int, tr: Translate, theme: Theme) -> Image.Image:
    """What the shapes, the thick frames and the coin discs on the board mean.

    Each district colour's shape with its name, three a line (a colour-blind player reads
    "red" from the star), then the frame of the last turn's squares and a coin disc. It
    depends only on the board's size, the locale and the theme, so it is drawn once at the
    origin: it stands at even coordinates, where text and sprites land on the same pixels.
    """
    columns = 3 if size * CELL >= 540 else 2
    height = (-(-len(COLOURS) // columns) + (1 if columns == 3 else 2)) * LEGEND_LINE + 8
    image = Image.new("RGB", (LEGEND_BLEED + size * CELL, height), theme.background)
    draw = ImageDraw.Draw(image)
    left, top = LEGEND_BLEED, 2
    column = size * CELL // columns
    for index, colour in enumerate(COLOURS):
        x = left + (index % columns) * column
        y = top + (index // columns) * LEGEND_LINE + LEGEND_LINE / 2
        _paste(image, _colour_sprite(colour, 22, theme.text), (x + 11, y))
        name = tr(f"venezia2099.colour.{colour.value}")
        box = (x + 26, round(y) - 13, x + column - 6, round(y) + 13)
        write_in_box(image, box, name, size=TEXT, fill=theme.text, min_size=TEXT)
    y = top + (len(COLOURS) // columns) * LEGEND_LINE + LEGEND_LINE / 2
    draw.rectangle((left, y - 10, left + 20, y + 10), outline=theme.last_move, width=OUTLINE)
    wide = columns == 3
    half = size * CELL // 2 if wide else size * CELL
    label = tr("venezia2099.img.legend.frame")
    box = (left + 28, round(y) - 13, left + half - 8, round(y) + 13)
    write_in_box(image, box, label, size=TEXT, fill=theme.text, min_size=TEXT)
    if wide:
        cx = left + half + 14
    else:
        cx, y = left + 12, y + LEGEND_LINE
    draw.ellipse((cx - 14, y - 14, cx + 14, y + 14), fill=COIN, outline=COIN_INK, width=2)
    _write_centered(image, (cx, y + 1), "2", size=TEXT, fill=COIN_INK)
    label = tr("venezia2099.img.legend.coins")
    write_in_box(
        image,
        (cx + 20, round(y) - 13, left + size * CELL, round(y) + 13),
        label,
        size=TEXT,
        fill=theme.text,
        min_size=TEXT,
    )
    return image


# --- Side panel ---------------------------------------------------------------------------

PLAYER_ROW: Final = 108
"""A player's box (102 px) and the gap under it."""
NAME_LINE: Final = (2, 28)
STATS_LINE: Final = (28, 52)
FIGURES_LINE: Final = (52, 76)
TREASURE_MIDDLE: Final = 89
"""The lines of a player's box, from its top: name, counts, figures, then the treasures bought."""
SUPPLY_HEIGHT: Final = 62
PLAYED_TITLE: Final = 30
PLAYED_ROW: Final = 27
PLAYED_COLUMNS: Final = 2
"""The played forecast cards: one cell per colour, two colours a row."""
ASIDE_NOTE: Final = 54
"""Two lines: the note wraps rather than shrinks."""
ASIDE_CARD: Final = (40, 52)


def _played_rows(view: Venezia2099View) -> int:
    return -(-len(view.colours) // PLAYED_COLUMNS)


def _panel_height(view: Venezia2099View) -> int:
    aside = ASIDE_NOTE + (ASIDE_CARD[1] + 4 if view.set_aside is not None else 0)
    played = PLAYED_TITLE + PLAYED_ROW * _played_rows(view)
    return PLAYER_ROW * view.num_players + SUPPLY_HEIGHT + played + aside


def _draw_panel(image: Image.Image, view: Venezia2099View, tr: Translate, theme: Theme) -> None:
    for player in view.players:
        _draw_player(image, view, player.seat, _player_box(view, player.seat), tr, theme)
    y = BOARD_TOP + PLAYER_ROW * len(view.players)
    aside = view.set_aside_count if view.set_aside is None else None
    tile = _lower_panel_tile(view.colours, view.supply, view.played, view.set_aside, aside, tr, theme)
    image.paste(tile, (panel_left(view), y))


@cached(PIECE_CACHE_SIZE)
def _lower_panel_tile(
    colours: tuple[Colour, ...],
    supply: tuple[int, ...],
    played: tuple[tuple[Seat, District], ...],
    set_aside: tuple[District, ...] | None,
    set_aside_count: int | None,
    tr: Translate,
    theme: Theme,
) -> Image.Image:
    """The panel under the players' boxes: the supply, the played forecast cards, the cards set aside.

    They change a few times a round, so they are drawn once per distinct content at the
    origin: the panel stands at even coordinates, where text and sprites land on the same
    pixels as drawn in place.
    """
    rows = -(-len(colours) // PLAYED_COLUMNS)
    height = SUPPLY_HEIGHT + PLAYED_TITLE + PLAYED_ROW * rows + ASIDE_NOTE
    # MARGIN wide past the panel, to the picture's edge: the supply's counts may reach past it.
    image = Image.new(
        "RGB", (PANEL_WIDTH + MARGIN, height + (ASIDE_CARD[1] + 4 if set_aside is not None else 0)), theme.background
    )
    left, right, y = 0, PANEL_WIDTH, 0
    # The supply.
    image.paste(_box(PANEL_WIDTH, SUPPLY_HEIGHT - 6, theme.panel, None, theme), (left, y))
    supply_title = tr("venezia2099.img.supply")
    write_in_box(image, (left + 10, y + 2, right - 10, y + 26), supply_title, size=TEXT, fill=theme.muted_text)
    _draw_treasure_row(image, colours, supply, left + 10, y + 39, theme)
    y += SUPPLY_HEIGHT
    # The played forecast cards, one cell per colour.
    title = tr("venezia2099.img.played")
    write_in_box(image, (left, y, right, y + PLAYED_TITLE - 4), title, size=TEXT, fill=theme.muted_text)
    y += PLAYED_TITLE
    column_width = PANEL_WIDTH // PLAYED_COLUMNS
    for index, colour in enumerate(colours):
        row, column = divmod(index, PLAYED_COLUMNS)
        x, top = left + column * column_width, y + row * PLAYED_ROW
        values = sorted(card.value for _, card in played if card.colour == colour)
        _paste(image, _colour_sprite(colour, 20, theme.text), (x + 11, top + PLAYED_ROW / 2))
        text = " ".join(value_label(value) for value in values) or "–"
        box = (x + 26, top, x + column_width - 14, top + PLAYED_ROW)
        write_in_box(image, box, text, size=TEXT, fill=theme.text, min_size=TEXT)
    y += PLAYED_ROW * rows
    if set_aside is None:
        note = tr("venezia2099.img.aside", count=set_aside_count)
    else:
        note = tr("venezia2099.img.aside_revealed")
    for index, line in enumerate(wrap_words(note, PANEL_WIDTH, TEXT, bold=False)[:2]):
        top = y + 2 + index * 25
        write_in_box(image, (left, top, right, top + 25), line, size=TEXT, fill=theme.muted_text, min_size=TEXT)
    if set_aside is None:
        return image
    step = min(ASIDE_CARD[0] + 5, PANEL_WIDTH // max(1, len(set_aside)))
    for index, card in enumerate(set_aside):
        x = left + index * step
        image.paste(_card(card, min(ASIDE_CARD[0], step - 4), ASIDE_CARD[1], False, True, theme), (x, y + ASIDE_NOTE))
    return image


def _player_box(view: Venezia2099View, seat: Seat) -> Box:
    """The box of ``seat`` in the side panel, one under the other from the top."""
    left, top = panel_left(view), BOARD_TOP + PLAYER_ROW * seat
    return (left, top, left + PANEL_WIDTH, top + PLAYER_ROW - 6)


def _draw_player(
    image: Image.Image,
    view: Venezia2099View,
    seat: Seat,
    box: Box,
    tr: Translate,
    theme: Theme,
) -> None:
    """A player's box, pasted from :func:`_player_tile` (the same pixels as drawing it in place)."""
    tile = _player_tile(
        view.players[seat],
        seat in view.to_move,
        view.viewer == seat,
        view.phase is Phase.PLACE,
        view.colours,
        (box[2] - box[0], box[3] - box[1]),
        tr,
        theme,
    )
    image.paste(tile, (box[0], box[1]))


@cached(PIECE_CACHE_SIZE)
def _player_tile(
    player: PlayerView,
    active: bool,
    you: bool,
    placing: bool,
    colours: tuple[Colour, ...],
    size: tuple[int, int],
    tr: Translate,
    theme: Theme,
) -> Image.Image:
    """A player's box: figure and name, coins, gondolas and cards, figures, treasures.

    Four lines in 80 pixels (:data:`NAME_LINE`, :data:`STATS_LINE`, :data:`FIGURES_LINE`,
    then the treasures bought around :data:`TREASURE_MIDDLE`), so that the treasure marks
    never cover the figures line. Drawn once per distinct box at the origin: every box
    stands at even coordinates, so text (placed by its fractional part) and sprites (placed
    by rounding halves to even) land on the same pixels as drawn in place.
    """
    seat = player.seat
    right, bottom = size
    left = top = 0
    fill = blend(theme.panel, theme.highlight, 0.18) if active else theme.panel
    image = _box(right, bottom, fill, theme.highlight if active else None, theme).copy()
    _paste(image, _figure_sprite(seat, 28, _initial(seat, tr), theme), (left + 20, top + 16))
    name = tr(seat_name(seat))
    if you:
        name = tr("venezia2099.img.you", player=name)
    name_box = (left + 40, top + NAME_LINE[0], right - 8, top + NAME_LINE[1])
    write_in_box(image, name_box, name, size=20, fill=theme.text, bold=True)
    stats = tr("venezia2099.img.stats", coins=player.coins, gondolas=player.gondolas, cards=player.hand_size)
    stats_box = (left + 8, top + STATS_LINE[0], right - 6, top + STATS_LINE[1])
    write_in_box(image, stats_box, stats, size=TEXT, fill=theme.text, min_size=TEXT)
    if placing:
        figures = tr(
            "venezia2099.img.figures_to_place", on_board=player.figures_on_board, to_place=player.figures_to_place
        )
    else:
        figures = tr("venezia2099.img.figures", on_board=player.figures_on_board, lost=player.figures_lost)
    figures_box = (left + 10, top + FIGURES_LINE[0], right - 8, top + FIGURES_LINE[1])
    write_in_box(image, figures_box, figures, size=TEXT, fill=theme.muted_text, min_size=TEXT)
    if any(player.treasures):
        _draw_treasure_row(image, colours, player.treasures, left + 10, top + TREASURE_MIDDLE, theme, small=True)
    return image


def _draw_treasure_row(
    image: Image.Image,
    colours: tuple[Colour, ...],
    counts: tuple[int, ...],
    left: int,
    middle: float,
    theme: Theme,
    *,
    small: bool = False,
) -> None:
    """Each colour in play: its shape then its count (only the colours held, when ``small``)."""
    size = 19
    x = left
    for index, colour in enumerate(COLOURS):
        if colour not in colours:
            continue
        count = counts[index]
        if small and not count:
            continue
        _paste(image, _colour_sprite(colour, size, theme.text), (x + size / 2, middle))
        text_size = TEXT
        write(image, (x + size + 3, middle), str(count), size=text_size, fill=theme.text, bold=True, anchor="lm")
        # Two-digit counts push the next mark right, so that "10" never touches it.
        x += max(48, size + 3 + math.ceil(text_length(str(count), text_size, True)) + 8)


# --- Hand and scores ----------------------------------------------------------------------


def _draw_hand(image: Image.Image, view: Venezia2099View, top: int, tr: Translate, theme: Theme) -> None:
    """The viewer's hand under the board, as wide as the picture where the panel ends above it."""
    assert view.hand is not None
    right = image_width(view) - MARGIN if panel_bottom(view) <= top else BOARD_LEFT + view.size * CELL
    title = tr("venezia2099.img.hand")
    write_in_box(image, (BOARD_LEFT, top + 2, right, top + 28), title, size=TEXT, fill=theme.text, bold=True)
    if not view.hand:
        note = tr("venezia2099.img.hand_empty")
        write_in_box(image, (BOARD_LEFT, top + 32, right, top + 72), note, size=TEXT, fill=theme.muted_text)
        return
    lowest = min(card.value for card in view.hand)
    step = min(CARD_WIDTH + 6, (right - BOARD_LEFT) // len(view.hand))
    for index, card in enumerate(view.hand):
        sprite = _card(card, min(CARD_WIDTH, step - 4), CARD_HEIGHT, card.value == lowest, False, theme)
        image.paste(sprite, (BOARD_LEFT + index * step, top + 32))


SCORE_COLUMNS: Final = (
    ("venezia2099.img.score.player", 0.0),
    ("venezia2099.img.score.treasures", 0.32),
    ("venezia2099.img.score.figures", 0.5),
    ("venezia2099.img.score.x", 0.66),
    ("venezia2099.img.score.coins", 0.74),
    ("venezia2099.img.score.total", 0.88),
)
"""The scoring table's headings and where each column starts, as a share of the table's width."""


def _draw_scores(
    image: Image.Image,
    view: Venezia2099View,
    scores: tuple[Score, ...],
    top: int,
    tr: Translate,
    theme: Theme,
) -> None:
    left = BOARD_LEFT
    width = image_width(view) - MARGIN - left
    starts = [left + round(share * width) for _, share in SCORE_COLUMNS]
    ends = [*starts[1:], left + width]
    for (key, _), start, end in zip(SCORE_COLUMNS, starts, ends, strict=True):
        box = (start, top, end - 6, top + SCORE_ROW)
        write_in_box(image, box, tr(key), size=TEXT, fill=theme.muted_text, bold=True, min_size=TEXT)
    ranks = view.outcome.ranks if view.outcome is not None else tuple(1 for _ in scores)
    order = sorted(range(len(scores)), key=lambda seat: (ranks[seat], seat))
    for row, seat in enumerate(order, start=1):
        y = top + row * SCORE_ROW
        line = scores[seat]
        _paste(image, _figure_sprite(seat, 26, _initial(seat, tr), theme), (left + 13, y + SCORE_ROW / 2))
        name = f"{ranks[seat]}. {tr(seat_name(seat))}"
        cells = (name, str(line.treasures), str(line.figures), str(line.x_districts), str(line.coins), str(line.total))
        for column, (start, end, text) in enumerate(zip(starts, ends, cells, strict=True)):
            shift = 32 if column == 0 else 0
            bold = column == len(cells) - 1
            write_in_box(image, (start + shift, y, end - 6, y + SCORE_ROW), text, size=20, fill=theme.text, bold=bold)
    if view.treasure_values is not None:
        y = top + (len(scores) + 1) * SCORE_ROW
        label = tr("venezia2099.img.score.values")
        box = (left, y, starts[1] - 10, y + SCORE_ROW)
        write_in_box(image, box, label, size=TEXT, fill=theme.muted_text, min_size=TEXT)
        _draw_treasure_row(image, view.colours, view.treasure_values, starts[1], y + SCORE_ROW / 2, theme)


# --- Alt text -----------------------------------------------------------------------------


def _action_text(view: Venezia2099View, action: Action, tr: Translate) -> str:
    def name(square: int | None) -> str:
        return "" if square is None else square_name(square, view.size)

    params: dict[str, object] = {
        "player": seat_name(action.seat),
        "origin": name(action.origin),
        "target": name(action.target),
        "amount": action.amount,
    }
    if action.district is not None:
        params["card"] = msg(f"venezia2099.district.{action.district.code}")
        params["colour"] = msg(f"venezia2099.colour.{action.district.colour.value}")
    return tr(msg(f"venezia2099.img.action.{action.kind.value}", **params))


def alt_text(view: Venezia2099View, *, tr: Translate) -> str:
    """A full description of the picture for screen readers, in the locale of ``tr``.

    The seats' pictures of one moment describe the same board: that part (:func:`_alt_board`)
    is written once per moment and locale, and each picture adds only its own title, its
    banner's words and the viewer's hand.
    """
    board = (
        tr("venezia2099.alt.public")
        if view.viewer is None
        else tr("venezia2099.alt.private", player=seat_name(view.viewer))
    )
    parts = [tr("venezia2099.alt.title", board=board)]
    # The outcome's reason names the winners itself, so it replaces the banner's title.
    parts.append(tr(view.outcome.reason) if view.outcome is not None else _banner_title(view, tr)[0] + ".")
    shared, scores = _alt_board(_public_part(view), tr)
    parts.append(shared)
    if shows_hand(view):
        assert view.hand is not None
        # Grouped by colour ("purple 3, 4; black 6"): a full hand would otherwise repeat each colour.
        by_colour: dict[Colour, list[str]] = {}
        for card in view.hand:
            by_colour.setdefault(card.colour, []).append(value_label(card.value))
        cards = "; ".join(
            f"{tr(f'venezia2099.colour.{colour.value}')} {', '.join(values)}"
            for colour, values in sorted(by_colour.items(), key=lambda item: COLOURS.index(item[0]))
        )
        parts.append(tr("venezia2099.alt.hand", cards=cards or tr("venezia2099.alt.none")))
    if scores is not None:
        parts.append(scores)
    return " ".join(parts)


ALT_BOARDS: Final = 8
"""Board descriptions kept: one per moment and locale, and a decision's pictures come together."""


@cached(ALT_BOARDS)
def _alt_board(public: Venezia2099View, tr: Translate) -> tuple[str, str | None]:
    """What every seat's description of ``public``'s moment says: the board, and the final scores.

    The board: the latest turn, each player, water or land, platforms, coins, the supply. The
    scores are None before the end; a private description puts the viewer's hand between the two.
    """
    parts = []
    actions = latest_actions(public)
    if actions:
        parts.append(tr("venezia2099.alt.latest", actions="; ".join(_action_text(public, a, tr) for a in actions)))
    none = tr("venezia2099.alt.none")
    names = [square_name(i, public.size) for i in range(len(public.squares))]
    for player in public.players:
        # A figure on a platform is named by its square alone: the platforms are listed below.
        squares = [
            names[i] if cell.district is None else f"{names[i]} ({_tile(public, cell, tr)})"
            for i, cell in enumerate(public.squares)
            if cell.figure == player.seat
        ]
        # Once the game is over, coins and cards no longer matter: the final line keeps it short.
        parts.append(
            tr(
                "venezia2099.alt.player_final" if public.phase is Phase.OVER else "venezia2099.alt.player",
                player=seat_name(player.seat),
                coins=player.coins,
                gondolas=player.gondolas,
                cards=player.hand_size,
                squares=", ".join(squares) or none,
                lost=player.figures_lost,
                treasures=_treasures(public, player.treasures, tr) or none,
            )
        )
    # Square lists are space-separated (a square's name needs no comma) and name whichever of
    # water or land is shorter, so a late, mostly sunk board still fits Discord's alt-text limit.
    water = [names[i] for i, cell in enumerate(public.squares) if cell.sunk]
    land = [names[i] for i, cell in enumerate(public.squares) if not cell.sunk and cell.district is not None]
    if len(water) <= len(land):
        parts.append(tr("venezia2099.alt.water", squares=" ".join(water) or none))
    else:
        parts.append(tr("venezia2099.alt.land", squares=" ".join(land) or none))
    platforms = [names[i] for i, cell in enumerate(public.squares) if cell.district is None]
    parts.append(tr("venezia2099.alt.platforms", squares=" ".join(platforms) or none))
    coins = [f"{names[i]} {cell.coins}" for i, cell in enumerate(public.squares) if cell.coins]
    parts.append(tr("venezia2099.alt.coins", squares=", ".join(coins) or none))
    parts.append(tr("venezia2099.alt.supply", treasures=_treasures(public, public.supply, tr) or none))
    if public.scores is None:
        return " ".join(parts), None
    scores = (
        tr("venezia2099.alt.score", player=seat_name(seat), total=line.total) for seat, line in enumerate(public.scores)
    )
    return " ".join(parts), tr("venezia2099.alt.scores", scores=", ".join(scores))


def _tile(view: Venezia2099View, cell: SquareView, tr: Translate) -> str:
    if cell.district is None:
        return tr("venezia2099.tile.platform")
    if cell.sunk:
        return tr("venezia2099.tile.water")
    return tr(f"venezia2099.district.{cell.district.code}")


def _treasures(view: Venezia2099View, counts: tuple[int, ...], tr: Translate) -> str:
    return ", ".join(
        f"{tr(f'venezia2099.colour.{colour.value}')} {counts[index]}"
        for index, colour in enumerate(COLOURS)
        if colour in view.colours and counts[index]
    )
