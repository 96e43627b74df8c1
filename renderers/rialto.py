"""Rialto board images: the public channel picture and each player's private picture.

The renderer draws a :class:`~games.rialto.view.RialtoView`, never a state: the public
picture shows hand *sizes* only, and a private one adds the viewer's own hand, the card
play being built and the hand-limit choices.

Layout (900 px wide; every text at 18 px or more, so 10 px or more when the chat shows the
picture 500 px wide): a banner of three lines (whose turn; the round, phase and step; the
last action in words); the map of the six districts, north bank above the Grand
Canal and south bank below, each with its round number (the current one outlined), its
value and every player's councillors, and the twelve connections with their bridge values
(each number printed at the end that scores it), gondolas, or the connection code when
still free; a side panel with the Doge track, the bonus tiles, the next bridge, the
building supply and Phase II's six steps (the current one ringed); one row per player (VP,
coins, hand size, councillors, buildings with a coin dot when activated, this step's
play); a legend of the card icons, the building shapes and the councillor counts; then the
card rows (Phase I), the viewer's hand, and at the end the scoring table (one column per
player, one row per source of points, ending on the final VP).

Colour is never the only cue, and no letter code is shown (the Russian picture has no Latin
letters): players are coloured *shapes* (circle, square, triangle, diamond, pentagon; the
neutral player a grey hexagon), cards and steps carry their type's icon (♛ Doge, ● gold,
⌂ building, ◠ bridge, ◡ gondola, ♟ councillor, ★ Joker), buildings their colour's shape
(▲ green, ◆ yellow, ■ blue) and value, with the activation coin beside the label.

Speed: a picture is drawn in ~4 ms, not ~30: text goes through the kit's ``write`` and
``write_in_box``, which render every distinct string once into a cached mask (FreeType was
most of the time); card chips and building tiles are sprites drawn once; the map's ground
(water, lines, district tiles with names and round numbers) is drawn once per situation
and pasted. The board's larger parts (the whole map, the side panel, each player's row,
the legend) are kept as layers, each under what it shows, so a move draws again only the
parts it changed (most moves: the banner and a row or two of the table), ~1.5 ms instead
of ~3. All give the pixels of drawing in place (the renderer tests compare them, over a
whole match from warm caches and afresh). The pictures of one decision (the channel's, the
actor's, a DM to each seat newly due, up to six when the hand-limit discards open) share
one drawn board: a private picture is that board with its own banner, the outline of the
viewer's row and the viewer's hand, ~0.5 ms; the descriptions of the players and districts
they share are put in words once. The PNG encoding, not the drawing, is the larger cost
and it grows with the pixel count, so the canvas is 900 px wide with tight margins.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from PIL import Image, ImageDraw

from games.core import Catalog, Message, msg
from games.i18n import Translate
from games.rialto import model
from games.rialto.model import BUILDING_KINDS, CARD_LETTERS, Decision, Phase
from games.rialto.view import PlayerView, RialtoView, ScoreLine
from locales import catalog
from renderers.kit import (
    PALETTE_SAMPLE_FACTOR,
    Align,
    Box,
    blend,
    cached,
    draw_seat_marker,
    drawn_over,
    laid_over,
    readable_ink,
    regular_polygon_points,
    share,
    shown_as_is,
    tally,
    text_length,
    write,
)
from renderers.kit import write_in_box as _write_in_box
from renderers.theme import DEFAULT_THEME, RGB, Theme

# --- Geometry -----------------------------------------------------------------------------

WIDTH: Final = 900
MARGIN: Final = 10
BANNER_HEIGHT: Final = 104
"""Three lines: whose turn, the round and step, the last action in words."""
TITLE_BOTTOM: Final = 42
"""The y between the banner's title (above) and its status and last action (below)."""
MIN_TEXT: Final = 18
"""The smallest font size of any text: 10 px high when the 900 px picture is shown 500 px wide."""
MAP_WIDTH: Final = 560
MAP_HEIGHT: Final = 510
"""Tall enough for a canal in which the six crossings' badges stand in two rows, clear of
the values written where the lines leave the districts."""
MAP_LEFT: Final = MARGIN
MAP_TOP: Final = BANNER_HEIGHT + MARGIN
PANEL_LEFT: Final = MAP_LEFT + MAP_WIDTH + MARGIN
PANEL_WIDTH: Final = WIDTH - PANEL_LEFT - MARGIN
DISTRICT_SIZE: Final = (156, 106)
BADGE: Final = 24
ROW_HEIGHT: Final = 46
CARD_SIZE: Final = (46, 56)
SMALL_CARD: Final = (56, 32)
"""A small chip (the neutral player's cards) shows its icon and count side by side."""
CARD_STEP: Final = 6
PLAYERS_TOP: Final = MAP_TOP + MAP_HEIGHT + MARGIN
PLAYERS_HEADING: Final = 26
"""The gap between two card chips."""

COLUMNS_X: Final = (80, 280, 480)
NORTH_Y: Final = 120
SOUTH_Y: Final = 390
NORTH_ORDER: Final = ("CAN", "SMA", "CAS")
"""The north bank left to right; each south district is drawn facing the north one it has
no connection with, so every canal crossing is a diagonal and none is hidden behind a box."""


CARD_COLORS: Final[dict[str, RGB]] = {
    "A": (0xC9, 0x8B, 0xD9),
    "B": (0xF0, 0xC4, 0x2C),
    "C": (0xC8, 0x7A, 0x4A),
    "D": (0x9A, 0x9A, 0x9A),
    "E": (0x4F, 0x9F, 0xD6),
    "F": (0xD9, 0x5A, 0x5A),
    "J": (0xF2, 0xF2, 0xF2),
}
BUILDING_COLORS: Final[dict[str, RGB]] = {"G": (0x3E, 0x9A, 0x4F), "Y": (0xE8, 0xC2, 0x3A), "U": (0x3A, 0x72, 0xC4)}
CARD_ICONS: Final[dict[str, str]] = {"A": "♛", "B": "●", "C": "⌂", "D": "◠", "E": "◡", "F": "♟", "J": "★"}
"""Each card type's icon (Doge, gold, building, bridge, gondola, councillor, Joker): the same
in every language, explained by the legend, on the cards, the steps and in the texts."""
BUILDING_ICONS: Final[dict[str, str]] = {"G": "▲", "Y": "◆", "U": "■"}
"""Each building colour's shape, so that colour is not the only cue and no letter is shown."""
COIN: Final[RGB] = (0xF0, 0xC4, 0x2C)
WATER: Final[RGB] = (0x2E, 0x6E, 0x8E)
LAND: Final[RGB] = (0xE3, 0xD3, 0xB0)
NEUTRAL_COLOR: Final[RGB] = (0x8C, 0x8C, 0x8C)

# --- Catalog ------------------------------------------------------------------------------

MESSAGES: Final[Catalog] = catalog("rialto_pictures")
"""What the pictures say: ``locales/<lang>/rialto_pictures.py``."""
"""Every string the Rialto pictures and their alt texts show, in English and Russian."""


# --- Layout helpers -----------------------------------------------------------------------


def write_in_box(
    image: Image.Image,
    box: Box,
    text: str,
    *,
    size: int,
    fill: RGB,
    bold: bool = False,
    align: Align = "left",
    min_size: int = MIN_TEXT,
) -> int:
    """The kit's ``write_in_box``, never smaller than :data:`MIN_TEXT` (it cuts the text instead)."""
    return _write_in_box(image, box, text, size=size, fill=fill, bold=bold, align=align, min_size=min_size)


def building_label(kind: str) -> str:
    """A building's label: its colour's shape and its value, e.g. "▲2" for green 2."""
    return f"{BUILDING_ICONS[kind[0]]}{kind[1:]}"


def play_icons(record: str) -> str:
    """A play record ("B1,J1,Y4-A") in icons ("●1 ★1 ◆4→♛"): short enough for a table cell."""
    return " ".join(_play_part(part, None) for part in record.split(","))


def play_words(record: str, tr: Translate) -> str:
    """A play record in words: "Gold ×1 + Joker ×1 + Yellow 4 (double) → ♛"."""
    return " + ".join(_play_part(part, tr) for part in record.split(","))


def _play_part(part: str, tr: Translate | None) -> str:
    letter, rest = part[:1], part[1:]
    if letter in CARD_ICONS and rest.isdigit():
        if tr is None:
            return f"{CARD_ICONS[letter]}{rest}"
        return tr("rialto.img.cards", card=f"{CARD_ICONS[letter]} {tr(f'rialto.card.{letter}')}", n=int(rest))
    kind, _, card = part.partition("-")
    if kind in BUILDING_KINDS:
        shown = building_label(kind) if tr is None else tr(f"rialto.building.{kind}")
        return f"{shown}→{CARD_ICONS[card]}" if card in CARD_ICONS else shown
    return part


def actor_name(view: RialtoView, actor: int) -> Message:
    """The seat name, or the neutral player's."""
    if view.neutral is not None and actor == view.num_players:
        return msg("rialto.img.neutral")
    return msg(f"rialto.seat.{actor}")


@cached()
def district_centers() -> dict[int, tuple[int, int]]:
    """Each district's centre on the map (relative to its corner), from the topology table.

    North bank on top; under each north district the south district it is *not* connected
    to (when the table has one across the canal), otherwise the south bank in table order.
    """
    north = [model.DISTRICTS.index(code) for code in NORTH_ORDER]
    south = [d for d in model.SIDE_DISTRICTS[model.SOUTH]]
    linked = {frozenset(pair) for pair in model.CONNECTIONS}
    facing = []
    for d in north:
        candidates = [e for e in south if frozenset((d, e)) not in linked and e not in facing]
        facing.append(candidates[0] if candidates else next(e for e in south if e not in facing))
    centers = {d: (COLUMNS_X[i], NORTH_Y) for i, d in enumerate(north)}
    centers.update({d: (COLUMNS_X[i], SOUTH_Y) for i, d in enumerate(facing)})
    return centers


def district_box(district: int) -> Box:
    """The pixel box of a district on the image."""
    cx, cy = district_centers()[district]
    w, h = DISTRICT_SIZE
    left, top = MAP_LEFT + cx - w // 2, MAP_TOP + cy - h // 2
    return (left, top, left + w, top + h)


def _center(district: int) -> tuple[float, float]:
    left, top, right, bottom = district_box(district)
    return ((left + right) / 2, (top + bottom) / 2)


@cached()
def connection_paths() -> tuple[tuple[tuple[tuple[float, float], ...], tuple[float, float]], ...]:
    """Per connection, a polyline (bent where needed) and the point on it that holds its badge.

    Same-bank districts that are not next to each other are joined by an arc around the
    bank; a badge goes to the middle of its line (two fifths of the way along a canal
    crossing, so that crossing lines keep their badges apart), or elsewhere along the line
    when that spot is taken by another badge, a district or a value (each written where a
    line leaves its district): this works for any topology. The canal is wide enough for
    the crossings' badges to take their first spots, clear of every value.
    """
    centers = district_centers()
    paths = []
    for first, second in model.CONNECTIONS:
        a, b = _center(first), _center(second)
        same_row = centers[first][1] == centers[second][1]
        far = abs(centers[first][0] - centers[second][0]) > COLUMNS_X[1] - COLUMNS_X[0]
        bend = 0.0
        if same_row and far:
            bend = -92.0 if centers[first][1] == NORTH_Y else 92.0
            if a[0] > b[0]:
                bend = -bend
        paths.append((_curve(a, b, bend), same_row))
    # Where every line leaves its districts: the values are written there, so badges keep off.
    exits = [
        _exit_point(points, district)
        for (path, _), ends in zip(paths, model.CONNECTIONS, strict=True)
        for district, points in ((ends[0], path), (ends[1], path[::-1]))
    ]
    badges: list[tuple[float, float]] = []
    result = []
    for path, same_row in paths:
        preferred = (0.5, 0.35, 0.65, 0.3, 0.7, 0.4, 0.6) if same_row else (0.4, 0.6, 0.35, 0.65, 0.3, 0.7)
        spots = [path[round(t * (len(path) - 1))] for t in preferred]
        # Canal crossings cross each other in their middles: their badges keep off the middle.
        steps = range(12, 29) if same_row else [*range(12, 18), *range(23, 29)]
        finer = [path[index] for index in sorted(steps, key=lambda index: abs(index - 20))]
        badge = next(
            (point for point in [*spots, *finer] if _badge_is_free(point, badges) and _clear_of(point, exits)),
            next((point for point in spots if _badge_is_free(point, badges)), path[len(path) // 2]),
        )
        badges.append(badge)
        result.append((path, badge))
    return tuple(result)


def _clear_of(badge: tuple[float, float], values: list[tuple[float, float]]) -> bool:
    """Whether a badge at ``badge`` leaves every value circle at ``values`` uncovered."""
    x, y = badge
    return all(abs(x - vx) >= BADGE + 14 or abs(y - vy) >= 14 + 14 for vx, vy in values)


def _curve(a: tuple[float, float], b: tuple[float, float], bend: float) -> tuple[tuple[float, float], ...]:
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    cx, cy = (ax + bx) / 2 + nx * bend * 2, (ay + by) / 2 + ny * bend * 2
    points = []
    for i in range(41):
        t = i / 40
        points.append(
            (
                (1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t**2 * bx,
                (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t**2 * by,
            )
        )
    return tuple(points)


def _badge_is_free(point: tuple[float, float], badges: list[tuple[float, float]]) -> bool:
    x, y = point
    if any(math.hypot(x - bx, y - by) < BADGE * 2.2 for bx, by in badges):
        return False
    for district in range(len(model.DISTRICTS)):
        left, top, right, bottom = district_box(district)
        if left - BADGE - 4 < x < right + BADGE + 4 and top - BADGE - 4 < y < bottom + BADGE + 4:
            return False
    return MAP_LEFT + BADGE < x < MAP_LEFT + MAP_WIDTH - BADGE and MAP_TOP + BADGE < y < MAP_TOP + MAP_HEIGHT - BADGE


def _district_value(view: RialtoView, district: int) -> int:
    return model.district_value(view.tiles, district)


def _seat_label_marker(
    image: Image.Image, center: tuple[float, float], radius: float, actor: int, view: RialtoView, theme: Theme
) -> None:
    """A player's marker, or the neutral player's grey hexagon (a shape no seat has)."""
    draw = ImageDraw.Draw(image)
    if view.neutral is not None and actor == view.num_players:
        draw.polygon(
            regular_polygon_points(center, radius, 6, 0), fill=NEUTRAL_COLOR, outline=theme.light_piece_ink, width=2
        )
        return
    draw_seat_marker(draw, center, radius, actor, theme)


# --- Sprites --------------------------------------------------------------------------------


SPRITE_CACHE_SIZE: Final = 512
"""Distinct card chips and building tiles kept (a few dozen in practice)."""

# --- Render ---------------------------------------------------------------------------------


def image_size(view: RialtoView) -> tuple[int, int]:
    """The picture's size: fixed width; height grows with the players and the optional parts."""
    height = MAP_TOP + MAP_HEIGHT + MARGIN
    height += PLAYERS_HEADING + ROW_HEIGHT * (view.num_players + (1 if view.neutral is not None else 0)) + MARGIN
    height += LEGEND_HEIGHT
    if view.rows:
        height += SECTION_TITLE + (CARD_SIZE[1] + 8) * ((len(view.rows) + 1) // 2) + MARGIN
    if view.viewer is not None:
        height += HAND_HEIGHT
    if view.scores is not None:
        height += SECTION_TITLE + SCORE_HEAD + SCORE_ROW * SCORE_LINES + MARGIN
    return (WIDTH, height)


def render(view: RialtoView, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` in the locale of ``tr``: same view and locale, same pixels.

    The public picture is drawn once and shared by the pictures of one decision: the
    actor's and each newly due seat's are it with their own banner where it says something
    else (drawn over the public one, which it covers whole), the outline of the viewer's own
    row and the viewer's hand. They are marked as drawn over it, with the rows they can change
    (:func:`_private_rows`), so :func:`renderers.kit.to_png` compares only those rows and
    encodes only what differs.
    """
    with _BOARD_LOCK:
        board_image, hand_top = _board(_public_part(view), tr, theme)
    if view.viewer is None:
        return shown_as_is(board_image)
    size = image_size(view)
    lines, public_lines = banner_lines(view, tr), banner_lines(_public_part(view), tr)
    rows = _private_rows(view.viewer, hand_top, size, lines, public_lines)
    image = drawn_over(laid_over(board_image, size, theme.background), board_image, rows)
    if view.scores is not None:
        # The scoring breakdown goes below the hand: move it down, clear the hand's room.
        below = board_image.crop((0, hand_top, WIDTH, board_image.height))
        image.paste(below, (0, hand_top + HAND_HEIGHT))
        image.paste(theme.background, (0, hand_top, WIDTH, hand_top + HAND_HEIGHT))
    if lines != public_lines:  # else the board's banner, pasted, says the same
        _draw_banner(image, view, tr, theme)
    _outline_own_row(ImageDraw.Draw(image), view.viewer, theme)
    _draw_hand(image, view, tr, theme, hand_top)
    return image


def _private_rows(
    viewer: int, hand_top: int, size: tuple[int, int], lines: tuple[str, str, str], public_lines: tuple[str, str, str]
) -> tuple[tuple[int, int], ...]:
    """The rows a private picture draws in over the board: its banner's title, its row's outline, its hand and below.

    ``lines`` and ``public_lines``: the banner's words (:func:`banner_lines`) in the picture
    and on the board. A banner that says what the board's says is not drawn; one whose
    other lines are the board's differs in its title alone (above :data:`TITLE_BOTTOM`):
    its colour and marker are drawn from what the board shows too.

    Declared to :func:`renderers.kit.drawn_over`, so that encoding compares only these rows
    with the board; a test checks on seeded matches that no other row differs.
    """
    _, row_top, _, row_bottom = _player_row(viewer)
    rows = [(row_top - OUTLINE_SLACK, row_bottom + OUTLINE_SLACK), (hand_top, size[1])]
    if lines != public_lines:
        rows.insert(0, (0, TITLE_BOTTOM + OUTLINE_SLACK if lines[1:] == public_lines[1:] else BANNER_HEIGHT))
    return tuple(rows)


OUTLINE_SLACK: Final = 4
"""Rows above and below a player's row box counted as the outline's (Pillow's outline stays
inside the box, its bottom edge included), and below the banner's title as the title's: a
margin, not a measure."""

BOARD_CACHE_SIZE: Final = 4
"""Boards kept drawn (~3 MB each): the pictures of one decision are drawn together, so a few
suffice, also when the channel and the players read different languages."""
_BOARD_LOCK: Final = threading.Lock()
"""Held while a board is looked up or drawn: pictures drawn at the same time in worker
threads wait for the one board instead of each drawing it."""


def _public_part(view: RialtoView) -> RialtoView:
    """``view`` without what only its viewer may see: what every picture of the moment shares."""
    if view.viewer is None:
        return view
    return replace(view, viewer=None, hand=(), draft=(), discard_pick=())


class _Layer:
    """The pixels of one part of the board, once a board has drawn it (see :func:`_paint_once`)."""

    __slots__ = ("image",)

    def __init__(self) -> None:
        self.image: Image.Image | None = None


def _paint_once(image: Image.Image, box: Box, layer: _Layer, paint: Callable[[], object]) -> None:
    """Fill ``box`` (right and bottom exclusive) of ``image``, a board being drawn: from ``layer``, or by ``paint``.

    The first board that needs the part paints it in place and ``layer`` keeps those pixels;
    the next boards paste them. The layers are cached (``kit.cached``) under what their part
    shows of the view, so a part is drawn again only when that changed: most moves change the
    banner and a row or two of the player table, not the map, the side panel or the legend.
    Same pixels as painting: the box is still the fresh background when a part is painted or
    pasted (the parts do not overlap), and ``paint`` draws inside the box only. A field that a
    part shows but its key leaves out would show an old layer: the tests draw whole matches
    from warm caches and from empty ones and compare. Called under :data:`_BOARD_LOCK`.
    """
    if layer.image is None:
        paint()
        layer.image = image.crop(box)
    else:
        image.paste(layer.image, box[:2])


@cached(BOARD_CACHE_SIZE)
def _board(public: RialtoView, tr: Translate, theme: Theme) -> tuple[Image.Image, int]:
    """The public picture (a shared backdrop), and the height at which a viewer's hand goes."""
    image = Image.new("RGB", image_size(public), theme.background)
    draw = ImageDraw.Draw(image)
    ground = _map_picture(_map_key(public), tr, theme)
    _paint_once(image, MAP_BOX, ground, lambda: _draw_map(image, public, tr, theme))
    panel = _panel_picture(_panel_key(public), tr, theme)
    _paint_once(image, PANEL_BOX, panel, lambda: _draw_panel(image, draw, public, tr, theme))
    y = _draw_players(image, draw, public, tr, theme, PLAYERS_TOP)
    personal, pool = public.players[0].personal, public.players[0].pool
    legend = _legend_picture(personal, pool, y, tr, theme)
    box = (0, y, WIDTH, y + LEGEND_HEIGHT)
    _paint_once(image, box, legend, lambda: _draw_legend(image, personal, pool, tr, theme, box[1]))
    y += LEGEND_HEIGHT
    if public.rows:
        y = _draw_rows(image, public, tr, theme, y)
    if public.scores is not None:
        _draw_scores(image, public, tr, theme, y)
    _draw_banner(image, public, tr, theme)
    return share(image, _private_swatch(theme), (theme.highlight, *CARD_COLORS.values())), y


SWATCH_REPEATS: Final = 4
"""How many times the swatch's sample meets each blend of the yellow into the background."""


@cached(4)
def _private_swatch(theme: Theme) -> Image.Image:
    """What private pictures add in colours: the viewer's note in the highlight yellow, their row's outline.

    The note's anti-aliased edges are blends of the yellow into the background: strips of
    every blend from one into the other hold them all. The public picture's palette is chosen for
    these too (:func:`renderers.kit.share`, with the yellow itself exact, and the cards' colours:
    a hand of jokers is a large area of a grey the public picture shows only in its legend).
    Chosen on the board alone, it lacks them wherever the public picture shows no yellow: 202 of
    2,482 pictures of four seeded matches (2-5 seats, every 5th ply) fell back to a palette of
    their own, each encoded whole after a wasted mapping (7 still did without the outline).
    """
    levels = Image.new("L", (128, 2))
    levels.putdata(range(256))
    # Each blend level a block of PALETTE_SAMPLE_FACTOR pixels square, so the palette's
    # sample (every 4th pixel of every 4th row) meets every level, SWATCH_REPEATS times.
    block = PALETTE_SAMPLE_FACTOR
    blending = levels.resize((128 * block, 2 * block), Image.Resampling.NEAREST)
    width, strip = blending.size
    swatch = Image.new("RGB", (width, strip * SWATCH_REPEATS + 32), theme.background)
    yellow = Image.new("RGB", blending.size, theme.highlight)
    for repeat in range(SWATCH_REPEATS):
        box = (0, repeat * strip, width, (repeat + 1) * strip)
        swatch.paste(Image.composite(yellow, swatch.crop(box), blending), box)
    draw = ImageDraw.Draw(swatch)
    top = strip * SWATCH_REPEATS + 4
    draw.rounded_rectangle((8, top, width - 8, top + 24), radius=9, fill=theme.panel, outline=theme.highlight, width=3)
    return swatch


# --- Banner ---------------------------------------------------------------------------------


def _phase_name(view: RialtoView, tr: Translate) -> str:
    """The step being played, as its icon and name ("◡ Gondolas"), or the phase's name."""
    if view.phase in (Phase.PLAY, Phase.ACTION):
        letter = CARD_LETTERS[view.step]
        return f"{CARD_ICONS[letter]} {tr(f'rialto.img.step.{letter}')}"
    return tr(f"rialto.phase.{view.phase.value}")


def banner_texts(view: RialtoView, tr: Translate) -> tuple[str, str]:
    """(title, subtitle) of the banner: whose turn or the result; round, phase, last action."""
    title, status, last = banner_lines(view, tr)
    return title, " · ".join(part for part in (status, last) if part)


def banner_lines(view: RialtoView, tr: Translate) -> tuple[str, str, str]:
    """The banner's three lines: whose turn or the result; the round and step; the last action."""
    if view.phase is Phase.OVER and view.outcome is not None:
        winner = next(iter(view.outcome.winners))
        if view.viewer is None:
            title = tr("rialto.img.winner", player=tr(actor_name(view, winner)))
        else:
            title = tr("rialto.img.you_won" if view.viewer == winner else "rialto.img.you_lost")
        return title, tr(view.outcome.reason), ""
    phase = _phase_name(view, tr)
    movers = sorted(view.to_move)
    if view.viewer is not None and view.viewer in view.to_move:
        title = tr("rialto.img.your_turn", phase=phase)
    elif len(movers) == 1:
        title = tr("rialto.img.to_act", player=tr(actor_name(view, movers[0])), phase=phase)
    elif movers:
        title = tr("rialto.img.waiting", players=", ".join(tr(actor_name(view, seat)) for seat in movers))
    else:
        title = tr("rialto.img.title")
    if view.phase is Phase.SETUP:  # the title names the phase: say what it is for
        subtitle = tr("rialto.img.setup_note")
    elif view.round == 0:
        subtitle = tr(f"rialto.phase.{view.phase.value}")
    elif view.phase in (Phase.PLAY, Phase.ACTION):
        subtitle = tr("rialto.img.round_step", round=view.round, step=phase)
    else:
        subtitle = tr("rialto.img.round", round=view.round, phase=phase)
    return title, subtitle, last_action(view, tr)


def last_action(view: RialtoView, tr: Translate) -> str:
    """The latest public action in words, or "" before the first."""
    if view.last_actor < 0 or not view.last_move:
        return ""
    code = view.last_move
    if code == "discarded":
        action = tr("rialto.img.act.discarded")
    elif code == "pass":
        action = tr("rialto.img.act.pass")
    elif code.startswith("row"):
        action = tr("rialto.img.act.row", n=code[3:])
    elif code[0] in "tr" and code[1:] in BUILDING_KINDS:
        key = "rialto.img.act.take" if code[0] == "t" else "rialto.img.act.return"
        action = tr(key, building=tr(f"rialto.building.{code[1:]}"))
    elif (code[:2] in BUILDING_KINDS and code[0] in "GU") or code == "Y1":
        action = tr("rialto.img.act.activate", building=tr(f"rialto.building.{code[:2]}"))
    elif code.startswith("K"):
        first, second = model.CONNECTIONS[int(code[1:3]) - 1]
        action = tr(
            "rialto.img.act.tile",
            a=tr(f"rialto.district.{model.DISTRICTS[first]}"),
            b=tr(f"rialto.district.{model.DISTRICTS[second]}"),
        )
    elif code.startswith("m-"):
        action = tr("rialto.img.act.move")
    else:
        action = tr("rialto.img.act.play", cards=play_words(code, tr))
    return tr("rialto.img.last", player=tr(actor_name(view, view.last_actor)), action=action)


def _draw_banner(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme) -> None:
    """Three lines beside the marker of whoever acts (or won): who, when, what happened last."""
    title, status, last = banner_lines(view, tr)
    movers = sorted(view.to_move)
    icon: int | None = movers[0] if len(movers) == 1 else None
    if view.phase is Phase.OVER and view.outcome is not None:
        icon = next(iter(view.outcome.winners))
    fill = theme.win if view.phase is Phase.OVER else theme.banner
    image.paste(fill, (0, 0, WIDTH, BANNER_HEIGHT))
    left = MARGIN + (60 if icon is not None else 6)
    ink = theme.banner_text
    write_in_box(image, (left, 4, WIDTH - MARGIN, TITLE_BOTTOM), title, size=30, fill=ink, bold=True, min_size=22)
    write_in_box(image, (left, TITLE_BOTTOM, WIDTH - MARGIN, 72), status, size=20, fill=ink)
    if last:
        write_in_box(image, (left, 72, WIDTH - MARGIN, 100), last, size=20, fill=ink)
    if icon is not None:
        _seat_label_marker(image, (MARGIN + 28, BANNER_HEIGHT / 2), 22, icon, view, theme)


# --- Map ------------------------------------------------------------------------------------


MAP_BOX: Final = (MAP_LEFT, MAP_TOP, MAP_LEFT + MAP_WIDTH + 1, MAP_TOP + MAP_HEIGHT + 1)
"""The map's pixels (Pillow's rectangles include their right and bottom edges)."""
MAP_PICTURES: Final = 32
"""Whole maps kept: one changes when a councillor or a tile is placed, not at every move."""


def _map_key(view: RialtoView) -> tuple[object, ...]:
    """What the map shows of ``view``: rounds, tiles, every actor's councillors, the neutral marker."""
    neutral = view.neutral
    councillors = tuple(player.districts for player in view.players)
    return (
        view.num_players,
        view.round_of,
        view.current_district,
        view.tiles,
        councillors,
        None if neutral is None else (neutral.districts, neutral.marker),
    )


@cached(MAP_PICTURES)
def _map_picture(key: tuple[object, ...], tr: Translate, theme: Theme) -> _Layer:
    """The whole map (ground, councillors, badges, values) of :func:`_map_key` ``key``, once drawn."""
    return _Layer()


def _draw_map(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme) -> None:
    names = tuple(tr(f"rialto.district.{code}") for code in model.DISTRICTS)
    occupied = tuple(bool(tile) for tile in view.tiles)
    layer = _map_layer(tr("rialto.img.canal"), names, view.round_of, view.current_district, occupied, theme)
    image.paste(layer, (MAP_LEFT, MAP_TOP))
    for district in range(len(model.DISTRICTS)):
        _draw_district_contents(image, view, district, tr, theme)
    paths = connection_paths()
    for connection, (_, badge) in enumerate(paths):
        _draw_connection_badge(image, view, connection, badge, theme)
    # The values after every badge: where crossing lines meet near a district, a value may
    # then cover the edge of another connection's badge, never a badge a value.
    for connection in range(len(paths)):
        _draw_connection_values(image, view, connection, theme)


MAP_LAYERS: Final = 16
"""Distinct map grounds kept: a match shows a handful (the current district, tiles placed); only a
new :func:`_map_picture` needs one."""


@cached(MAP_LAYERS)
def _map_layer(
    canal: str,
    names: tuple[str, ...],
    round_of: tuple[int, ...],
    current_district: int,
    occupied: tuple[bool, ...],
    theme: Theme,
) -> Image.Image:
    """The map's ground, drawn once per match situation.

    Water, connection lines, the district tiles with their names and round numbers; cut from
    a canvas drawn at the picture's coordinates, so its pixels are those of drawing it in place
    (Pillow's rectangles include their right and bottom edges: so does the cut).
    """
    right, bottom = MAP_LEFT + MAP_WIDTH, MAP_TOP + MAP_HEIGHT
    canvas = Image.new("RGB", (right + 1, bottom + 1), theme.background)
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((MAP_LEFT, MAP_TOP, right, bottom), radius=14, fill=WATER)
    canal_y = MAP_TOP + MAP_HEIGHT // 2
    write(canvas, (MAP_LEFT + 12, canal_y), canal, size=18, fill=blend(WATER, (255, 255, 255), 0.6), anchor="lm")
    for connection, (path, _) in enumerate(connection_paths()):
        placed = occupied[connection]
        colour = (0xF4, 0xEE, 0xDF) if placed else blend(WATER, (255, 255, 255), 0.35)
        draw.line(path, fill=colour, width=6 if placed else 3)
    ink = theme.light_piece_ink
    for district in range(len(model.DISTRICTS)):
        left, top, right_, bottom_ = district_box(district)
        current = district == current_district
        draw.rounded_rectangle(
            (left, top, right_, bottom_),
            radius=12,
            fill=LAND,
            outline=theme.highlight if current else theme.board_edge,
            width=5 if current else 2,
        )
        box = (left + 6, top + 3, right_ - 4, top + 31)
        write_in_box(canvas, box, names[district], size=20, fill=ink, bold=True)
        # Round number: a dark disc with the number (outlined when current), left of the value.
        cx, cy = left + 18, top + 45
        draw.ellipse(
            (cx - 13, cy - 13, cx + 13, cy + 13),
            fill=theme.board_edge,
            outline=theme.highlight if current else None,
            width=3,
        )
        write(canvas, (cx, cy), str(round_of[district]), size=18, bold=True, fill=(255, 255, 255), anchor="mm")
    return canvas.crop((MAP_LEFT, MAP_TOP, right + 1, bottom + 1))


def _draw_district_contents(image: Image.Image, view: RialtoView, district: int, tr: Translate, theme: Theme) -> None:
    """What changes on a district tile: its value and every actor's councillors."""
    left, top, right, _ = district_box(district)
    ink = theme.light_piece_ink
    value = _district_value(view, district)
    write_in_box(image, (left + 34, top + 33, right - 3, top + 57), tr("rialto.img.value", n=value), size=18, fill=ink)
    # Councillors: marker + count for each actor with any here.
    present = [(actor, count) for actor, count in _councillors(view, district) if count]
    for index, (actor, count) in enumerate(present):
        col, row = index % 3, index // 3
        x = left + 17 + col * 46
        y = top + 71 + row * 22
        _seat_label_marker(image, (x, y), 10, actor, view, theme)
        write(image, (x + 13, y), str(count), size=18, bold=True, fill=ink, anchor="lm")


def _councillors(view: RialtoView, district: int) -> list[tuple[int, int]]:
    counts = [(player.seat, player.districts[district]) for player in view.players]
    if view.neutral is not None:
        counts.append((view.num_players, view.neutral.districts[district]))
    return counts


def _draw_connection_badge(
    image: Image.Image, view: RialtoView, connection: int, badge: tuple[float, float], theme: Theme
) -> None:
    """A connection's badge: a dot while free, a gondola's or a bridge's icon once placed."""
    draw = ImageDraw.Draw(image)
    x, y = badge
    tile = view.tiles[connection]
    if view.neutral is not None and view.neutral.marker == connection:
        draw.ellipse((x - BADGE - 6, y - BADGE - 6, x + BADGE + 6, y + BADGE + 6), outline=NEUTRAL_COLOR, width=5)
    if not tile:
        # A free connection is a plain dot: a number there would read as a bridge's value.
        r = BADGE // 3
        draw.ellipse((x - r, y - r, x + r, y + r), fill=blend(WATER, (0, 0, 0), 0.35))
        return
    if tile == "G":
        draw.rounded_rectangle(
            (x - BADGE, y - 14, x + BADGE, y + 14), radius=14, fill=(0x20, 0x20, 0x20), outline=(255, 255, 255), width=2
        )
        write(image, (x, y), CARD_ICONS["E"], size=20, bold=True, fill=(255, 255, 255), anchor="mm")
    else:
        draw.rounded_rectangle(
            (x - BADGE, y - 14, x + BADGE, y + 14), radius=5, fill=theme.board_edge, outline=(255, 255, 255), width=2
        )
        write(image, (x, y), CARD_ICONS["D"], size=20, bold=True, fill=(255, 255, 255), anchor="mm")


def _draw_connection_values(image: Image.Image, view: RialtoView, connection: int, theme: Theme) -> None:
    """What each district gets from a placed tile, written where the line meets it."""
    draw = ImageDraw.Draw(image)
    tile = view.tiles[connection]
    if not tile:
        return
    values = ("1", "1") if tile == "G" else tuple(tile.split("|"))
    for (px, py), value in zip(value_centers(connection), values, strict=True):
        draw.ellipse((px - 12, py - 12, px + 12, py + 12), fill=(255, 255, 255), outline=theme.board_edge, width=2)
        write(image, (px, py), value, size=18, bold=True, fill=theme.light_piece_ink, anchor="mm")


@cached()
def value_centers(connection: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the values of a connection's first and second district are written.

    That is where its line leaves each district; on a line too short to hold a value beside
    its badge, the first district's value goes above the badge and the second's below, each
    towards its own district, so that the two never overlap.
    """
    path, (x, y) = connection_paths()[connection]
    first, second = model.CONNECTIONS[connection]
    centers = []
    for index, (district, points) in enumerate(((first, path), (second, path[::-1]))):
        px, py = _exit_point(points, district)
        if math.hypot(px - x, py - y) < BADGE + 12:
            px = x + math.copysign(18, px - x)
            py = y - 27 if index == 0 else y + 27
        centers.append((px, py))
    return (centers[0], centers[1])


def _exit_point(points: tuple[tuple[float, float], ...], district: int) -> tuple[float, float]:
    """The first point of ``points`` (starting inside ``district``) just outside its box."""
    left, top, right, bottom = district_box(district)
    for x, y in points:
        if not (left - 13 <= x <= right + 13 and top - 13 <= y <= bottom + 13):
            return (x, y)
    return points[len(points) // 2]


# --- Side panel -----------------------------------------------------------------------------


PANEL_BOX: Final = (PANEL_LEFT, MAP_TOP, PANEL_LEFT + PANEL_WIDTH + 1, MAP_TOP + MAP_HEIGHT + 1)
PANEL_PICTURES: Final = 32
"""Side panels kept: one changes with the Doge track, the supply, the deck or the step."""


def _panel_key(view: RialtoView) -> tuple[object, ...]:
    """What the side panel shows of ``view``."""
    return (
        view.num_players,
        view.neutral is not None,
        view.doge_order,
        view.doge_space,
        view.bonus_tiles,
        view.bridge_top,
        view.bridges_left,
        view.gondolas_left,
        view.deck_size,
        view.discard_size,
        view.supply,
        _step_states(view),
    )


@cached(PANEL_PICTURES)
def _panel_picture(key: tuple[object, ...], tr: Translate, theme: Theme) -> _Layer:
    """The side panel of :func:`_panel_key` ``key``, once drawn."""
    return _Layer()


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: RialtoView, tr: Translate, theme: Theme) -> None:
    left, top = PANEL_LEFT, MAP_TOP
    right, bottom = PANEL_LEFT + PANEL_WIDTH, MAP_TOP + MAP_HEIGHT
    draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=theme.panel)
    x, y = left + 12, top + 8
    end = right - 10
    write_in_box(image, (x, y, end, y + 28), tr("rialto.img.doge"), size=20, fill=theme.text, bold=True)
    y += 30
    for rank, actor in enumerate(view.doge_order, start=1):
        _seat_label_marker(image, (x + 11, y + 12), 10, actor, view, theme)
        text = f"{rank}. {tr(actor_name(view, actor))} — {tr('rialto.img.space', n=view.doge_space[actor])}"
        write_in_box(image, (x + 27, y, end, y + 24), text, size=18, fill=theme.text)
        y += 25
    y += 6
    write_in_box(image, (x, y, end, y + 26), tr("rialto.img.bonus_tiles"), size=18, fill=theme.text, bold=True)
    y += 27
    for side, key in enumerate(("rialto.img.north", "rialto.img.south")):
        state = tr("rialto.img.available" if view.bonus_tiles[side] else "rialto.img.claimed")
        mark = "★" if view.bonus_tiles[side] else "✗"
        write_in_box(image, (x, y, end, y + 24), f"{mark} {tr(key)}: {state}", size=18, fill=theme.text)
        y += 24
    y += 4
    if view.bridge_top is not None:
        bridge = tr("rialto.img.next_bridge", low=view.bridge_top[0], high=view.bridge_top[1], n=view.bridges_left)
    else:
        bridge = tr("rialto.img.no_bridge")
    write_in_box(image, (x, y, end, y + 24), bridge, size=18, fill=theme.text)
    y += 24
    write_in_box(image, (x, y, end, y + 24), tr("rialto.img.gondolas", n=view.gondolas_left), size=18, fill=theme.text)
    y += 24
    deck = tr("rialto.img.deck", deck=view.deck_size, discard=view.discard_size)
    write_in_box(image, (x, y, end, y + 24), deck, size=18, fill=theme.muted_text)
    y += 30
    write_in_box(image, (x, y, end, y + 26), tr("rialto.img.supply"), size=18, fill=theme.text, bold=True)
    y += 28
    step = (end - x) // 4
    for colour_index, colour in enumerate("GYU"):
        for value in range(4):
            kind = f"{colour}{value + 1}"
            bx = x + value * step
            by = y + colour_index * 36
            _draw_building(image, draw, (bx, by, bx + 38, by + 30), kind, coin=False, barred=False, theme=theme)
            count = view.supply[colour_index * 4 + value]
            write(
                image,
                (bx + 40, by + 15),
                f"×{count}",
                size=18,
                bold=True,
                fill=theme.text if count else theme.muted_text,
                anchor="lm",
            )
    _draw_steps(image, view, tr, theme, (x, y + 3 * 36 + 4, end, y + 3 * 36 + 44))


def _draw_steps(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme, box: Box) -> None:
    """Phase II's six steps in order, one chip each; the step being played ringed, past ones dimmed."""
    left, top, right, bottom = box
    label_right = right - 6 * STEP_CHIP[0] - 5 * 4
    write_in_box(image, (left, top, label_right - 6, bottom), tr("rialto.img.steps"), size=18, fill=theme.muted_text)
    for step, (letter, state) in enumerate(zip(CARD_LETTERS[:6], _step_states(view), strict=True)):
        chip = _step_chip(letter, state, theme)
        x = label_right + step * (STEP_CHIP[0] + 4)
        image.paste(chip, (x, (top + bottom - chip.height) // 2), chip)


def _step_states(view: RialtoView) -> tuple[str, ...]:
    """Each of Phase II's six steps: "now" (being played), "done" or "later"."""
    if view.phase is Phase.BLUE:
        return ("done",) * 6
    if view.phase not in (Phase.PLAY, Phase.ACTION):
        return ("later",) * 6
    return tuple("now" if step == view.step else "done" if step < view.step else "later" for step in range(6))


STEP_CHIP: Final = (34, 34)


@cached(64)
def _step_chip(letter: str, state: str, theme: Theme) -> Image.Image:
    """A step's chip in its card's colour: ringed when it is being played, faded once past."""
    w, h = STEP_CHIP
    chip = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(chip)
    fill = CARD_COLORS[letter] if state != "done" else blend(CARD_COLORS[letter], theme.panel, 0.65)
    outline, width = (theme.highlight, 3) if state == "now" else (theme.light_piece_ink, 1)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=fill, outline=outline, width=width)
    ink = readable_ink(fill, theme)
    write(chip, (w / 2, h / 2), CARD_ICONS[letter], size=20, bold=True, fill=ink, anchor="mm")
    return chip


def _draw_building(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, kind: str, *, coin: bool, barred: bool, theme: Theme
) -> None:
    """A building tile: its colour, its shape and value; a coin when activated, a bar when barred.

    With a coin the label moves left and the coin sits in the tile's right part: it never
    covers the label.
    """
    left, top, right, bottom = box
    sprite = _building_sprite(kind, right - left, bottom - top, coin, theme)
    image.paste(sprite, (left, top), sprite)
    if barred:
        draw.line((left + 3, bottom - 4, right - 3, top + 4), fill=theme.capture, width=4)


COIN_RADIUS: Final = 8


def building_label_point(width: int, height: int, coin: bool) -> tuple[float, float]:
    """The middle of a building tile's label: left of the coin when there is one."""
    return ((width - 2 * COIN_RADIUS - 2) / 2 if coin else width / 2, height / 2)


def coin_box(width: int, height: int) -> Box:
    """The activation coin's box on a tile of ``width`` × ``height``."""
    cx, cy, r = width - COIN_RADIUS - 3, height // 2, COIN_RADIUS
    return (cx - r, cy - r, cx + r, cy + r)


@cached(SPRITE_CACHE_SIZE)
def _building_sprite(kind: str, width: int, height: int, coin: bool, theme: Theme) -> Image.Image:
    """A building tile drawn once (opaque inside, clear around its rounded corners)."""
    sprite = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = BUILDING_COLORS[kind[0]]
    draw.rounded_rectangle((0, 0, width, height), radius=6, fill=fill, outline=theme.light_piece_ink, width=2)
    ink = readable_ink(fill, theme)
    write(
        sprite,
        building_label_point(width, height, coin),
        building_label(kind),
        size=18,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    if coin:
        draw.ellipse(coin_box(width, height), fill=COIN, outline=theme.light_piece_ink, width=2)
    return sprite


# --- Players --------------------------------------------------------------------------------


COLUMNS: Final = (
    ("rialto.img.col.vp", 162, 204),
    ("rialto.img.col.coins", 204, 286),
    ("rialto.img.col.hand", 286, 346),
    ("rialto.img.col.councillors", 346, 460),
    ("rialto.img.col.buildings", 462, 662),
    ("rialto.img.col.play", 666, WIDTH - 2 * MARGIN - 2),
)
"""Each column of the player table: its heading and its left and right edge (from the margin)."""
CELLS: Final = {key: (x0, x1) for key, x0, x1 in COLUMNS}
CENTRED: Final = frozenset({"rialto.img.col.vp", "rialto.img.col.coins", "rialto.img.col.hand"})
"""Columns of one short number each, centred so that neighbouring numbers ("10", "1") never
run together."""
BUILDING_STEP: Final = 56
BUILDING_TILE: Final = 52
"""The pitch of the building tiles in a row; more than fit the column are drawn closer."""


def _player_row(seat: int) -> Box:
    """The box of ``seat``'s row in the player table (the neutral player's is after the last)."""
    top = PLAYERS_TOP + PLAYERS_HEADING + ROW_HEIGHT * seat
    return (MARGIN, top, WIDTH - MARGIN, top + ROW_HEIGHT - 6)


def _outline_own_row(draw: ImageDraw.ImageDraw, seat: int, theme: Theme) -> None:
    """The viewer's own row, outlined in their private picture."""
    draw.rounded_rectangle(_player_row(seat), radius=9, outline=theme.highlight, width=3)


PLAYER_ROWS: Final = 64
"""Player rows kept (~170 KB each): a move changes one or two rows of the table, rarely more."""


def _draw_players(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: RialtoView, tr: Translate, theme: Theme, y: int
) -> int:
    left = MARGIN
    heading = _table_heading(y, tr, theme)
    _paint_once(image, (0, y, WIDTH, y + PLAYERS_HEADING), heading, lambda: _draw_heading(image, y, tr, theme))
    y += PLAYERS_HEADING
    inner = ROW_HEIGHT - 6
    play_left, play_right = CELLS["rialto.img.col.play"]
    finals = {line.seat: line.total for line in view.scores or ()}
    for player in view.players:
        acting = player.seat in view.to_move
        vp = finals.get(player.seat, player.vp)
        play = _play_text(view, player.seat, tr)
        row = _player_row_picture(player, acting, vp, play, tr, theme)
        paint = functools.partial(_draw_player_row, image, player, acting, vp, play, tr, theme)
        _paint_once(image, (0, y, WIDTH, y + ROW_HEIGHT), row, paint)
        y += ROW_HEIGHT
    if view.neutral is not None:
        top = y
        draw.rounded_rectangle((left, top, WIDTH - MARGIN, top + inner), radius=9, fill=theme.panel)
        mid = top + inner / 2
        _seat_label_marker(image, (left + 20, mid), 12, view.num_players, view, theme)
        name_box = (left + 34, top, left + 196, top + inner)
        write_in_box(image, name_box, tr("rialto.img.neutral"), size=20, fill=theme.text)
        # The neutral player's cards, in small chips: it has no coins, hand or buildings.
        _draw_card_counts(image, view.neutral.cards, left + 200, top + (inner - SMALL_CARD[1]) // 2, theme, small=True)
        play = _play_text(view, view.num_players, tr)
        write_in_box(image, (left + play_left, top, left + play_right, top + inner), play, size=18, fill=theme.text)
        y += ROW_HEIGHT
    return y + MARGIN


@cached(4)
def _table_heading(top: int, tr: Translate, theme: Theme) -> _Layer:
    """The player table's column headings, once drawn: one per language and theme."""
    return _Layer()


def _draw_heading(image: Image.Image, top: int, tr: Translate, theme: Theme) -> None:
    for key, x0, x1 in COLUMNS:
        align: Align = "center" if key in CENTRED else "left"
        box = (MARGIN + x0, top, MARGIN + x1 - 5, top + 24)
        write_in_box(image, box, tr(key), size=18, fill=theme.muted_text, align=align)


@cached(PLAYER_ROWS)
def _player_row_picture(player: PlayerView, acting: bool, vp: int, play: str, tr: Translate, theme: Theme) -> _Layer:
    """A player's row of the table (its full width and height) showing these, once drawn."""
    return _Layer()


def _draw_player_row(
    image: Image.Image, player: PlayerView, acting: bool, vp: int, play: str, tr: Translate, theme: Theme
) -> None:
    """A player's row: marker, name, VP (``vp``: the final VP once scored): what the table says of them."""
    draw = ImageDraw.Draw(image)
    left = MARGIN
    top = _player_row(player.seat)[1]
    inner = ROW_HEIGHT - 6
    fill = blend(theme.panel, theme.highlight, 0.25) if acting else theme.panel
    draw.rounded_rectangle(_player_row(player.seat), radius=9, fill=fill)
    mid = top + inner / 2
    draw_seat_marker(draw, (left + 20, mid), 12, player.seat, theme)
    name = tr(f"rialto.seat.{player.seat}")
    write_in_box(image, (left + 34, top, left + 162, top + inner), name, size=20, fill=theme.text, bold=True)
    values = (
        ("rialto.img.col.vp", str(vp)),
        ("rialto.img.col.coins", str(player.coins)),
        ("rialto.img.col.hand", str(player.hand_size)),
        ("rialto.img.col.councillors", f"{player.personal}/{player.pool}"),
    )
    for key, text in values:
        x0, x1 = CELLS[key]
        align: Align = "center" if key in CENTRED else "left"
        box = (left + x0, top, left + x1 - 5, top + inner)
        write_in_box(image, box, text, size=22, fill=theme.text, bold=True, align=align)
    x0, x1 = CELLS["rialto.img.col.buildings"]
    count = len(player.buildings)
    step = min(BUILDING_STEP, (x1 - x0 - BUILDING_TILE - 4) // (count - 1)) if count > 1 else BUILDING_STEP
    bx = left + x0
    for text in player.buildings:
        _draw_building(
            image,
            draw,
            (bx, top + 6, bx + BUILDING_TILE, top + inner - 6),
            text[:2],
            coin=text.endswith("*"),
            barred=text.endswith("!"),
            theme=theme,
        )
        bx += step
    play_left, play_right = CELLS["rialto.img.col.play"]
    write_in_box(image, (left + play_left, top, left + play_right, top + inner), play, size=18, fill=theme.text)


def _play_text(view: RialtoView, actor: int, tr: Translate) -> str:
    """This step's play of ``actor`` (or the hand-limit / action status) for the table."""
    if view.phase is Phase.DISCARD and actor < view.num_players:
        player = view.players[actor]
        if player.discard_need and not player.discard_done:
            return tr("rialto.img.discarding", n=player.discard_need)
        return tr("rialto.img.discarded") if player.discard_need or player.discard_done else tr("rialto.img.play.none")
    if view.phase is Phase.ACTION and view.decision is not Decision.NONE and actor in view.to_move:
        return tr(f"rialto.img.decision.{view.decision.value}", n=view.left)
    if view.phase not in (Phase.PLAY, Phase.ACTION) or actor >= len(view.plays):
        return tr("rialto.img.play.none")
    record = view.plays[actor]
    if not record:
        return tr("rialto.img.play.none")
    if record in ("pass", "post"):
        text = tr(f"rialto.img.play.{record}")
    else:
        text = tr("rialto.img.play.count", n=view.counts[actor], detail=play_icons(record))
    if view.bonus == actor:
        text += f" ★ {tr('rialto.img.bonus')}"
    return text


# --- Cards ----------------------------------------------------------------------------------


def _draw_card(
    image: Image.Image, x: int, y: int, letter: str, count: int, theme: Theme, *, small: bool = False
) -> int:
    """A card chip with its icon and, below, how many; returns its right edge."""
    sprite = _card_sprite(letter, count, small, theme)
    image.paste(sprite, (x, y), sprite)
    return x + sprite.width - 1


@cached(SPRITE_CACHE_SIZE)
def _card_sprite(letter: str, count: int, small: bool, theme: Theme) -> Image.Image:
    """A card chip drawn once (opaque inside, clear around its rounded corners)."""
    w, h = SMALL_CARD if small else CARD_SIZE
    sprite = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = CARD_COLORS[letter]
    draw.rounded_rectangle((0, 0, w, h), radius=5, fill=fill, outline=theme.light_piece_ink, width=2)
    ink = readable_ink(fill, theme)
    if small:
        write(sprite, (w / 2, h / 2), f"{CARD_ICONS[letter]}×{count}", size=18, bold=True, fill=ink, anchor="mm")
    else:
        write(sprite, (w / 2, h * 0.33), CARD_ICONS[letter], size=24, bold=True, fill=ink, anchor="mm")
        write(sprite, (w / 2, h * 0.76), f"×{count}", size=18, bold=True, fill=ink, anchor="mm")
    return sprite


def _draw_card_counts(
    image: Image.Image,
    counts: tuple[int, ...],
    x: int,
    y: int,
    theme: Theme,
    *,
    small: bool = False,
    step: int = CARD_STEP,
) -> int:
    for card, count in enumerate(counts):
        if count:
            x = _draw_card(image, x, y, CARD_LETTERS[card], count, theme, small=small) + step
    return x


SECTION_TITLE: Final = 30
"""The height of a section heading (card rows, hand, scoring) with its gap."""
HAND_HEIGHT: Final = SECTION_TITLE + CARD_SIZE[1] + MARGIN
"""The room of the viewer's hand in a private picture."""
ROW_LABEL: Final = 136
"""The width of a card row's label ("Row 2: Blue") before its cards: a row of six kinds
(:data:`~games.rialto.model.ROW_LENGTH` cards) must end inside its half of the picture,
and "Нейтральный" (129 px at 18 px) must fit in the label."""
ROW_LABEL_GAP: Final = 4
ROW_CARD_STEP: Final = 3
"""The gap between the cards of a row, a little narrower than a hand's to fit six kinds."""


def _draw_rows(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme, y: int) -> int:
    title_box = (MARGIN, y, WIDTH - MARGIN, y + SECTION_TITLE - 4)
    write_in_box(image, title_box, tr("rialto.img.rows"), size=20, fill=theme.text, bold=True)
    y += SECTION_TITLE
    for index, row in enumerate(view.rows):
        column, line = index % 2, index // 2
        x = MARGIN + column * ((WIDTH - MARGIN) // 2)
        top = y + line * (CARD_SIZE[1] + 8)
        owner = view.row_owner[index]
        # Two lines: the row's number, then who took it (or that it is left over).
        label = tr("rialto.img.row", n=index + 1)
        middle = top + CARD_SIZE[1] // 2
        below = ""
        if owner >= 0:
            below = tr(actor_name(view, owner))
        elif view.phase is not Phase.ROWS:
            below = f"({tr('rialto.img.leftover')})"
        if below:
            write_in_box(
                image, (x, top, x + ROW_LABEL - ROW_LABEL_GAP, middle), label, size=18, fill=theme.text, bold=True
            )
            write_in_box(
                image, (x, middle, x + ROW_LABEL - ROW_LABEL_GAP, top + CARD_SIZE[1]), below, size=18, fill=theme.text
            )
        else:
            label_box = (x, top, x + ROW_LABEL - ROW_LABEL_GAP, top + CARD_SIZE[1])
            write_in_box(image, label_box, label, size=18, fill=theme.text, bold=True)
        if any(row):
            _draw_card_counts(image, row, x + ROW_LABEL, top, theme, step=ROW_CARD_STEP)
    return y + (CARD_SIZE[1] + 8) * ((len(view.rows) + 1) // 2) + MARGIN


def _draw_hand(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme, y: int) -> int:
    size = sum(view.hand)
    title = tr("rialto.img.hand", n=size) if size else tr("rialto.img.hand_empty")
    note = ""
    if view.draft:
        note = tr("rialto.img.draft", codes=" ".join(play_icons(code) for code in view.draft))
    elif view.viewer is not None and view.phase is Phase.DISCARD:
        player = view.players[view.viewer]
        if player.discard_need and not player.discard_done:
            codes = " ".join(CARD_ICONS[CARD_LETTERS[card]] for card in view.discard_pick) or "—"
            note = tr("rialto.img.discard_pick", codes=codes, chosen=len(view.discard_pick), need=player.discard_need)
    # The title and the note share the line above the cards: the title takes what it needs.
    title_width = min(WIDTH - 2 * MARGIN, round(text_length(title, 20, True)) + 4)
    write_in_box(
        image, (MARGIN, y, MARGIN + title_width, y + SECTION_TITLE - 4), title, size=20, fill=theme.text, bold=True
    )
    if note:
        note_box = (MARGIN + title_width + 20, y, WIDTH - MARGIN, y + SECTION_TITLE - 4)
        write_in_box(image, note_box, note, size=18, fill=theme.highlight)
    y += SECTION_TITLE
    _draw_card_counts(image, view.hand, MARGIN, y, theme)
    return y + CARD_SIZE[1] + MARGIN


SCORE_ROW: Final = 30
SCORE_HEAD: Final = 52
SCORE_LABEL: Final = 280
"""The width of the scoring table's row titles, written whole."""
SCORE_LINES: Final = 3 + len(model.DISTRICTS) + 1
"""VP during the game, coins and councillors, buildings, each district, the final VP."""


def _draw_scores(image: Image.Image, view: RialtoView, tr: Translate, theme: Theme, y: int) -> None:
    """The final scoring, one column per player and one row per source, ending on the final VP."""
    draw = ImageDraw.Draw(image)
    assert view.scores is not None
    title_box = (MARGIN, y, WIDTH - MARGIN, y + SECTION_TITLE - 4)
    write_in_box(image, title_box, tr("rialto.img.scores"), size=20, fill=theme.text, bold=True)
    y += SECTION_TITLE
    lines = view.scores
    column = (WIDTH - 2 * MARGIN - SCORE_LABEL) // max(1, len(lines))
    xs = [MARGIN + SCORE_LABEL + column * index for index in range(len(lines))]
    for line, x in zip(lines, xs, strict=True):
        # Each player's marker above their name, both centred on the column.
        draw_seat_marker(draw, (x + column / 2, y + 12), 10, line.seat, theme)
        name = tr(f"rialto.seat.{line.seat}")
        name_box = (x + 2, y + 24, x + column - 2, y + SCORE_HEAD - 2)
        write_in_box(image, name_box, name, size=18, fill=theme.text, align="center")
    y += SCORE_HEAD
    titles = [tr("rialto.img.col.in_play"), tr("rialto.img.col.reserve"), tr("rialto.img.col.building_values")]
    titles += [tr("rialto.img.col.district", district=tr(f"rialto.district.{code}")) for code in model.DISTRICTS]
    titles.append(tr("rialto.img.col.total"))
    rows = [
        [line.vp for line in lines],
        [line.reserve for line in lines],
        [line.buildings for line in lines],
        *[[line.districts[index] for line in lines] for index in range(len(model.DISTRICTS))],
        [line.total for line in lines],
    ]
    for index, (title, values) in enumerate(zip(titles, rows, strict=True)):
        total = index == len(titles) - 1
        if index % 2 == 0 or total:
            shade = blend(theme.background, theme.highlight, 0.25) if total else theme.panel
            draw.rectangle((MARGIN, y, WIDTH - MARGIN - 1, y + SCORE_ROW - 1), fill=shade)
        ink = theme.text
        write_in_box(
            image, (MARGIN + 8, y, MARGIN + SCORE_LABEL - 8, y + SCORE_ROW), title, size=18, fill=ink, bold=total
        )
        for value, x in zip(values, xs, strict=True):
            box = (x + 4, y, x + column - 4, y + SCORE_ROW)
            write_in_box(image, box, str(value), size=20, fill=ink, bold=total, align="center")
        y += SCORE_ROW


# --- Legend ---------------------------------------------------------------------------------


LEGEND_LINE: Final = 36
LEGEND_HEIGHT: Final = 3 * LEGEND_LINE + MARGIN
"""Three lines under the player table: the card icons, the building shapes, the councillors."""


LEGEND_PICTURES: Final = 16
"""Legends kept: one per language, theme, table height and councillor numbers of the first row."""


@cached(LEGEND_PICTURES)
def _legend_picture(personal: int, pool: int, top: int, tr: Translate, theme: Theme) -> _Layer:
    """The legend whose top is at ``top``, with these councillor numbers (see :func:`_draw_legend`), once drawn."""
    return _Layer()


def _draw_legend(image: Image.Image, personal: int, pool: int, tr: Translate, theme: Theme, y: int) -> int:
    """What the icons, the building tiles and the "5/13" of the player table mean.

    The councillors' line reads the first row's own numbers (``personal``, ``pool``), so the
    example is one the player can find in the table rather than figures that match nobody.
    """
    draw = ImageDraw.Draw(image)
    x = MARGIN
    right = WIDTH - MARGIN
    title = tr("rialto.img.legend.cards")
    write(image, (x, y + LEGEND_LINE / 2), title, size=MIN_TEXT, fill=theme.muted_text, anchor="lm")
    x += round(text_length(title, MIN_TEXT)) + 10
    for letter in CARD_LETTERS:
        chip = _step_chip(letter, "later", theme)
        image.paste(chip, (x, y + (LEGEND_LINE - chip.height) // 2), chip)
        x += chip.width + 4
        name = tr(f"rialto.card.{letter}")
        write(image, (x, y + LEGEND_LINE / 2), name, size=MIN_TEXT, fill=theme.text, anchor="lm")
        x += round(text_length(name, MIN_TEXT)) + 12
    y += LEGEND_LINE
    x = MARGIN
    title = tr("rialto.img.legend.buildings")
    write(image, (x, y + LEGEND_LINE / 2), title, size=MIN_TEXT, fill=theme.muted_text, anchor="lm")
    x += round(text_length(title, MIN_TEXT)) + 10
    items = [(f"{colour}1", False, tr(f"rialto.img.legend.{colour}")) for colour in "GYU"]
    items.append(("Y2", True, tr("rialto.img.legend.coin")))
    for kind, coin, name in items:
        width = BUILDING_TILE if coin else 38
        _draw_building(
            image, draw, (x, y + 4, x + width, y + LEGEND_LINE - 4), kind, coin=coin, barred=False, theme=theme
        )
        x += width + 5
        write(image, (x, y + LEGEND_LINE / 2), name, size=MIN_TEXT, fill=theme.text, anchor="lm")
        x += round(text_length(name, MIN_TEXT)) + 14
    y += LEGEND_LINE
    box = (MARGIN, y, right, y + LEGEND_LINE)
    text = tr("rialto.img.legend.councillors", personal=personal, pool=pool)
    write_in_box(image, box, text, size=MIN_TEXT, fill=theme.muted_text)
    return y + LEGEND_LINE + MARGIN


# --- Alt text -------------------------------------------------------------------------------


def alt_text(view: RialtoView, *, tr: Translate) -> str:
    """The picture described for screen readers: status, players, districts, Doge order, hand."""
    head = (
        tr("rialto.alt.public")
        if view.viewer is None
        else tr("rialto.alt.private", player=tr(f"rialto.seat.{view.viewer}"))
    )
    title, subtitle = banner_texts(view, tr)
    parts = [head, tr("rialto.alt.status", title=title, subtitle=subtitle)]
    parts.append(_alt_board(view.scores, view.players, view.round_of, view.tiles, tr))
    parts.append(tr("rialto.alt.doge", order=", ".join(tr(actor_name(view, actor)) for actor in view.doge_order)))
    if view.viewer is not None:
        cards = ", ".join(
            tr(f"rialto.card.{CARD_LETTERS[card]}")
            if count == 1
            else f"{tr(f'rialto.card.{CARD_LETTERS[card]}')} ×{count}"
            for card, count in enumerate(view.hand)
            if count
        )
        parts.append(tr("rialto.alt.hand", cards=cards or tr("rialto.alt.none")))
    return " ".join(parts)


ALT_PARTS: Final = 64
"""Descriptions of the scores, players and districts kept: every picture of a moment says the same."""


@cached(ALT_PARTS)
def _alt_board(
    scores: tuple[ScoreLine, ...] | None,
    players: tuple[PlayerView, ...],
    round_of: tuple[int, ...],
    tiles: tuple[str, ...],
    tr: Translate,
) -> str:
    """The final scores, the players and the districts in words.

    The part of :func:`alt_text` that every picture of a moment shares, put in words once: it
    was most of the cost of the six descriptions of a decision that opens the hand-limit discards.
    """
    parts = []
    if scores is not None:
        parts += [tr("rialto.alt.score", player=tr(f"rialto.seat.{line.seat}"), total=line.total) for line in scores]
    for player in players:
        parts.append(
            tr(
                "rialto.alt.player",
                player=tr(f"rialto.seat.{player.seat}"),
                vp=player.vp,
                coins=player.coins,
                hand=player.hand_size,
                personal=player.personal,
                pool=player.pool,
                placed=sum(player.districts),
                buildings=tally([tr(f"rialto.building.{text[:2]}") for text in player.buildings])
                or tr("rialto.alt.none"),
            )
        )
    districts = ", ".join(
        tr(
            "rialto.alt.district",
            district=tr(f"rialto.district.{code}"),
            round=round_of[index],
            value=model.district_value(tiles, index),
        )
        for index, code in enumerate(model.DISTRICTS)
    )
    parts.append(tr("rialto.alt.districts", districts=districts))
    return " ".join(parts)
