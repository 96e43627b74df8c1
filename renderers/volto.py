"""Volto board images: the public channel picture and each player's private picture.

The renderer draws a :class:`~games.volto.view.VoltoView`, never a state, so it cannot show
a type the viewer may not know: a mask whose ``kind`` is None is drawn face first (two eye
holes), exactly as the physical masks face the opponent. A mask whose type is known shows
its letter and its movement marks, the way the real pieces carry their movement diagram.

Layout (900 × 848 px, readable when a phone shrinks it to half): a banner with whose
turn it is (or the result and its reason), the 5 × 7 board with the coordinates players
type ("a1"), and a side panel with each side's removed masks, Ladies lost, and the ply
counters. A private picture is drawn from the viewer's side: Black sees rank 7 at the
bottom and file e on the left.

White masks are light tokens and Black masks dark ones; they differ in lightness, with a
dark outline on both, so they read for colour-blind players and on either Discord theme.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from PIL import Image, ImageDraw

from games.core import Catalog, Seat
from games.i18n import Translate
from games.volto.model import (
    BLACK,
    CELL_COUNT,
    FILES,
    RANKS,
    ROSTER,
    SETUP_CELLS,
    WHITE,
    LastMove,
    MaskType,
    Phase,
    RemovedMask,
    cell_name,
)
from games.volto.view import SeenMask, VoltoView
from locales import catalog
from renderers.kit import (
    Box,
    Font,
    blend,
    cached,
    draw_centered_text,
    draw_cross,
    draw_dashed_rectangle,
    fit_text,
    supersampled,
    tint_box,
    write,
    write_banner,
    write_in_box,
)
from renderers.theme import DEFAULT_THEME, RGB, Theme

# --- Geometry -----------------------------------------------------------------------------

FILE_COUNT: Final = len(FILES)
CELL: Final = 96
TOKEN: Final = 80
TRAY_TOKEN: Final = 57
MARGIN: Final = 18
COORD: Final = 36
BANNER_HEIGHT: Final = 104
PANEL_GAP: Final = 24
PANEL_WIDTH: Final = 324

BOARD_LEFT: Final = MARGIN + COORD
BOARD_TOP: Final = BANNER_HEIGHT + MARGIN
BOARD_WIDTH: Final = CELL * FILE_COUNT
BOARD_HEIGHT: Final = CELL * RANKS
PANEL_LEFT: Final = BOARD_LEFT + BOARD_WIDTH + PANEL_GAP
WIDTH: Final = PANEL_LEFT + PANEL_WIDTH + MARGIN
HEIGHT: Final = BOARD_TOP + BOARD_HEIGHT + COORD + MARGIN
SIZE: Final = (WIDTH, HEIGHT)

LAST_MOVE_ALPHA: Final = 0.55
HIGHLIGHT_ALPHA: Final = 0.6

MASK_ORDER: Final = (MaskType.CANDIDATE, MaskType.LADY, MaskType.NOBLE, MaskType.ADVISOR, MaskType.SOLDIER)
"""The order of known types in trays: the ones that decide the game first."""


def setup_cells(seat: Seat) -> tuple[int, ...]:
    """The ten cells of ``seat``'s two back rows, where its masks go during setup (any mask, any order)."""
    return SETUP_CELLS[seat]


def bottom_seat(view: VoltoView) -> Seat:
    """The side drawn at the bottom: the viewer's, or White's on the public picture."""
    return BLACK if view.viewer == BLACK else WHITE


def cell_box(index: int, *, flipped: bool = False) -> Box:
    """The pixel box of cell ``index`` (a1 = 0); ``flipped`` draws it from Black's side."""
    rank, file = divmod(index, FILE_COUNT)
    column = FILE_COUNT - 1 - file if flipped else file
    row = rank if flipped else RANKS - 1 - rank
    left = BOARD_LEFT + column * CELL
    top = BOARD_TOP + row * CELL
    return (left, top, left + CELL, top + CELL)


def free_setup_cells(view: VoltoView) -> tuple[int, ...]:
    """The cells where the viewer may place a mask now, in setup order.

    They are the free cells of its two back rows while it arranges (any mask left goes on any
    of them); none on the public picture, once all are placed, or once the viewer is ready.
    """
    if view.phase != Phase.SETUP or view.viewer is None or view.setup_ready[view.viewer]:
        return ()
    return tuple(cell for cell in setup_cells(view.viewer) if view.board[cell] is None)


# --- Catalog ------------------------------------------------------------------------------

MESSAGES: Final[Catalog] = catalog("volto_pictures")
"""What the pictures say: ``locales/<lang>/volto_pictures.py``."""
"""Every string the Volto pictures and their alt texts show, in English and Russian."""


# --- Sprites ------------------------------------------------------------------------------

_ORTHOGONAL: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))
_DIAGONAL: Final = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def _piece_colors(owner: Seat, theme: Theme) -> tuple[RGB, RGB]:
    """(body, ink) of ``owner``'s masks."""
    if owner == WHITE:
        return theme.light_piece, theme.light_piece_ink
    return theme.dark_piece, theme.dark_piece_ink


@cached()
def _mask_sprite(
    owner: Seat, kind: MaskType | None, label: str, size: int, points_up: bool, theme: Theme
) -> Image.Image:
    """One mask token as an anti-aliased RGBA sprite (cached: few combinations exist).

    ``kind`` None draws the face (eye holes); otherwise ``label`` and, on board-sized
    tokens, the movement marks. ``points_up`` tells which way the owner's "forward" is on
    the picture (the Soldier's arrow).
    """
    body, ink = _piece_colors(owner, theme)
    edge = theme.light_piece_ink
    with_marks = size >= TOKEN

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        s = size * scale
        c = s / 2
        outline = max(2.0, size / 26) * scale
        draw.ellipse(
            (outline / 2, outline / 2, s - outline / 2, s - outline / 2), fill=body, outline=edge, width=round(outline)
        )
        if with_marks or not label:
            # The decorative inner ring; small labelled tray tokens need its room for letters.
            ring = s * 0.09
            draw.ellipse(
                (ring, ring, s - ring, s - ring), outline=blend(body, ink, 0.45), width=max(1, round(scale * 1.2))
            )
        if kind is None:
            if not label:
                _paint_face(draw, c, s, ink)
            return
        if with_marks:
            _paint_marks(draw, kind, c, s, ink, points_up)

    sprite = supersampled((size, size), paint)
    if label:
        face, shown = label_font(label, size)
        draw_centered_text(ImageDraw.Draw(sprite), (size / 2, size / 2 + size * 0.02), shown, face, ink)
    return sprite


def label_font(label: str, size: int) -> tuple[Font, str]:
    """The font (and text) of ``label`` on a token of ``size``: as large as fits between the marks."""
    if size >= TOKEN:
        room, target = size * 0.68, size * (0.44 if len(label) == 1 else 0.3)
    else:
        # Tray tokens have no inner ring: a label may span nearly the whole disc, so the
        # Russian three-letter labels ("Дам", "Сов") are written as large as one letter.
        room, target = size * 0.92, size * (0.5 if len(label) == 1 else 0.46)
    return fit_text(label, room, round(target), bold=True, min_size=10)


def _paint_face(draw: ImageDraw.ImageDraw, c: float, s: float, ink: RGB) -> None:
    """A hidden mask: its front, two almond eye holes under a brow."""
    eye_w, eye_h = s * 0.2, s * 0.11
    for side in (-1, 1):
        x = c + side * s * 0.15
        y = c - s * 0.03
        draw.ellipse((x - eye_w / 2, y - eye_h / 2, x + eye_w / 2, y + eye_h / 2), fill=ink)
    width = max(2, round(s * 0.03))
    draw.arc((c - s * 0.3, c - s * 0.2, c + s * 0.3, c + s * 0.28), start=200, end=340, fill=ink, width=width)
    draw.arc((c - s * 0.12, c + s * 0.05, c + s * 0.12, c + s * 0.27), start=30, end=150, fill=ink, width=width)


def _paint_marks(draw: ImageDraw.ImageDraw, kind: MaskType, c: float, s: float, ink: RGB, points_up: bool) -> None:
    """The movement diagram around the letter: pips where the mask may step."""
    reach = s * 0.425
    pip = s * 0.042
    if kind == MaskType.SOLDIER:
        direction = -1 if points_up else 1
        tip = c + direction * reach * 1.02
        base = c + direction * reach * 0.72
        draw.polygon(((c, tip), (c - s * 0.09, base), (c + s * 0.09, base)), fill=ink)
        return
    steps: Iterable[tuple[int, int]]
    if kind == MaskType.NOBLE:
        steps = _ORTHOGONAL
    elif kind == MaskType.ADVISOR:
        steps = _DIAGONAL
    else:
        steps = _ORTHOGONAL + _DIAGONAL
    for dx, dy in steps:
        factor = 0.7071 if dx and dy else 1.0  # every pip on one circle
        x, y = c + dx * reach * factor, c + dy * reach * factor
        box = (x - pip, y - pip, x + pip, y + pip)
        if kind == MaskType.LADY:
            # The Lady's circle: she moves but never captures.
            draw.ellipse(box, outline=ink, width=max(2, round(pip * 0.5)))
        else:
            draw.ellipse(box, fill=ink)


def _paste_mask(
    image: Image.Image,
    center: tuple[float, float],
    owner: Seat,
    kind: MaskType | None,
    size: int,
    *,
    label: str = "",
    points_up: bool = True,
    theme: Theme,
) -> None:
    """Paste a mask token centred on ``center``; a None ``kind`` with no label shows the face."""
    sprite = _mask_sprite(owner, kind, label, size, points_up, theme)
    image.paste(sprite, (round(center[0] - size / 2), round(center[1] - size / 2)), sprite)


def _label(kind: MaskType | None, tr: Translate) -> str:
    """The letters written on a mask of ``kind``; "?" for an unknown one."""
    return tr("volto.img.unknown") if kind is None else tr(f"volto.img.abbr.{kind.value}")


# --- Drawing ------------------------------------------------------------------------------
#
# A picture starts as a copy of a cached base (board, coordinates, panel boxes and headings)
# and is finished with cached pieces: tokens already laid on their square's colour, and the
# mask of every distinct text (:func:`renderers.kit.write`). Each piece is drawn with the
# calls that would draw it in place and pasted at whole pixels, so the pixels are those of
# drawing everything in place (the golden images pin them), in ~1 ms instead of ~4.


def render(view: VoltoView, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` in the locale of ``tr``: same view and locale, same pixels."""
    flipped = bottom_seat(view) == BLACK
    image = _base_layer(flipped, _section_names(view, tr), theme).copy()
    draw = ImageDraw.Draw(image)
    _draw_banner(image, view, tr, theme)
    _draw_highlights(image, draw, view, flipped, theme)
    _draw_masks(image, view, flipped, tr, theme)
    if view.last_move is not None and view.last_move.captured:
        _draw_capture_mark(draw, view.last_move, flipped, theme)
    _draw_panel(image, view, tr, theme)
    return image


BASE_LAYERS: Final = 8
"""Base layers kept (2.3 MB each): public, White's and Black's picture per locale, 6 in all."""


@cached(BASE_LAYERS)
def _base_layer(flipped: bool, names: tuple[str, str], theme: Theme) -> Image.Image:
    """A picture with nothing that changes during a match: the board, its coordinates, the panel boxes.

    ``names`` are the headings of the upper and lower panel sections. Every picture starts as
    a copy of this one (pasting over it draws what drawing in place would: the pieces drawn
    later never lie under these).
    """
    image = Image.new("RGB", SIZE, theme.background)
    draw = ImageDraw.Draw(image)
    _draw_board(draw, flipped, theme)
    _draw_coordinates(image, flipped, theme)
    for seat, name, box in zip(_section_seats(flipped), names, _section_boxes(), strict=True):
        _draw_section_frame(image, draw, seat, name, box, theme)
    return image


def _draw_banner(image: Image.Image, view: VoltoView, tr: Translate, theme: Theme) -> None:
    title, subtitle = _banner_texts(view, tr)
    icon_seat = _banner_seat(view)
    fill = theme.win if view.phase == Phase.OVER else theme.banner
    icon_size = 68
    icon_box = write_banner(
        image,
        (0, 0, WIDTH, BANNER_HEIGHT),
        title,
        subtitle,
        theme,
        fill=fill,
        icon_width=icon_size if icon_seat is not None else 0,
    )
    if icon_seat is not None:
        center = ((icon_box[0] + icon_box[2]) / 2, (icon_box[1] + icon_box[3]) / 2)
        _paste_mask(image, center, icon_seat, None, icon_size, theme=theme)


def _banner_seat(view: VoltoView) -> Seat | None:
    """Whose token the banner shows: the seat to move, or the winner."""
    if view.phase == Phase.PLAY and len(view.to_move) == 1:
        return next(iter(view.to_move))
    if view.phase == Phase.OVER and view.outcome is not None and len(view.outcome.winners) == 1:
        return next(iter(view.outcome.winners))
    return None


def _banner_texts(view: VoltoView, tr: Translate) -> tuple[str, str]:
    you_are = tr(f"volto.img.you_are.{view.viewer}") if view.viewer is not None else tr("volto.img.public")
    if view.phase == Phase.SETUP:
        if view.viewer is None:
            return tr("volto.img.setup.public"), you_are
        if view.setup_ready[view.viewer]:
            return tr("volto.img.setup.waiting"), you_are
        free = free_setup_cells(view)
        if not free:
            return tr("volto.img.setup.confirm"), you_are
        return tr("volto.img.setup.arrange", left=len(free)), you_are
    if view.phase == Phase.OVER and view.outcome is not None:
        outcome = view.outcome
        reason = tr(outcome.reason)
        if outcome.is_draw or len(outcome.winners) != 1:
            return tr("volto.img.draw"), reason
        winner = next(iter(outcome.winners))
        if view.viewer is None:
            return tr(f"volto.img.win.{winner}"), reason
        return tr("volto.img.you_won" if view.viewer == winner else "volto.img.you_lost"), reason
    if view.viewer is not None and view.viewer in view.to_move:
        return tr("volto.img.your_turn"), you_are
    movers = sorted(view.to_move)
    title = " · ".join(tr(f"volto.img.turn.{seat}") for seat in movers) or tr("volto.img.title")
    return title, you_are


def _is_palace_rank(rank: int) -> bool:
    return rank in (0, RANKS - 1)


def _cell_color(index: int, theme: Theme) -> RGB:
    rank, file = divmod(index, FILE_COUNT)
    dark = (rank + file) % 2 == 0
    if _is_palace_rank(rank):
        return theme.palace_dark if dark else theme.palace_light
    return theme.board_dark if dark else theme.board_light


def _draw_board(draw: ImageDraw.ImageDraw, flipped: bool, theme: Theme) -> None:
    for index in range(CELL_COUNT):
        left, top, right, bottom = cell_box(index, flipped=flipped)
        draw.rectangle((left, top, right - 1, bottom - 1), fill=_cell_color(index, theme))
    frame = 4
    right = BOARD_LEFT + BOARD_WIDTH
    bottom = BOARD_TOP + BOARD_HEIGHT
    # The two palace rows are walled off from San Marco by a double line.
    for boundary in (BOARD_TOP + CELL, bottom - CELL):
        draw.line((BOARD_LEFT, boundary - 2, right - 1, boundary - 2), fill=theme.board_edge, width=2)
        draw.line((BOARD_LEFT, boundary + 1, right - 1, boundary + 1), fill=theme.board_edge, width=2)
    draw.rectangle(
        (BOARD_LEFT - frame, BOARD_TOP - frame, right - 1 + frame, bottom - 1 + frame),
        outline=theme.board_edge,
        width=frame,
    )


def _draw_coordinates(image: Image.Image, flipped: bool, theme: Theme) -> None:
    for file in range(FILE_COUNT):
        left, _, right, _ = cell_box(file, flipped=flipped)
        y = BOARD_TOP + BOARD_HEIGHT + COORD / 2 + 4
        write(image, ((left + right) / 2, y), FILES[file], size=24, fill=theme.muted_text, bold=True, anchor="mm")
    for rank in range(RANKS):
        _, top, _, bottom = cell_box(rank * FILE_COUNT, flipped=flipped)
        x = MARGIN + COORD / 2 - 4
        write(image, (x, (top + bottom) / 2), str(rank + 1), size=24, fill=theme.muted_text, bold=True, anchor="mm")


def _draw_highlights(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: VoltoView, flipped: bool, theme: Theme
) -> None:
    if view.last_move is not None:
        for cell in (view.last_move.origin, view.last_move.target):
            tint_box(image, cell_box(cell, flipped=flipped), theme.last_move, LAST_MOVE_ALPHA)
    # Every free back-row cell takes any mask left: each is marked alike, none is "next".
    for cell in free_setup_cells(view):
        box = cell_box(cell, flipped=flipped)
        tint_box(image, box, theme.highlight, HIGHLIGHT_ALPHA)
        left, top, right, bottom = box
        draw_dashed_rectangle(draw, (left + 4, top + 4, right - 4, bottom - 4), theme.light_piece_ink, width=4)
        write(
            image,
            ((left + right) / 2, (top + bottom) / 2),
            "+",
            size=48,
            fill=theme.light_piece_ink,
            bold=True,
            anchor="mm",
        )


def _draw_masks(image: Image.Image, view: VoltoView, flipped: bool, tr: Translate, theme: Theme) -> None:
    inset = (CELL - TOKEN) // 2
    for index, mask in enumerate(view.board):
        if mask is None:
            continue
        left, top, _, _ = cell_box(index, flipped=flipped)
        points_up = (mask.owner == WHITE) != flipped
        label = "" if mask.kind is None else _label(mask.kind, tr)
        corner = (left + inset, top + inset)
        # The square under a token is one colour (the cell's, tinted or not): its corner says which.
        ground = image.getpixel(corner)
        assert isinstance(ground, tuple)
        tile = _mask_tile(mask.owner, mask.kind, label, points_up, (ground[0], ground[1], ground[2]), theme)
        image.paste(tile, corner)


TILE_CACHE_SIZE: Final = 512
"""Board tokens kept on their grounds: 2 sides x 6 faces x 2 directions x a few cell colours, per locale."""


@cached(TILE_CACHE_SIZE)
def _mask_tile(
    owner: Seat, kind: MaskType | None, label: str, points_up: bool, ground: RGB, theme: Theme
) -> Image.Image:
    """A board token laid on a square of ``ground``: pasted whole, it gives the pixels of pasting the sprite."""
    tile = Image.new("RGB", (TOKEN, TOKEN), ground)
    sprite = _mask_sprite(owner, kind, label, TOKEN, points_up, theme)
    tile.paste(sprite, (0, 0), sprite)
    return tile


def _draw_capture_mark(draw: ImageDraw.ImageDraw, last: LastMove, flipped: bool, theme: Theme) -> None:
    """A "×" badge in the corner of the cell where the last capture happened."""
    _, top, right, _ = cell_box(last.target, flipped=flipped)
    radius = 15
    cx, cy = right - radius - 3, top + radius + 3
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), fill=theme.capture, outline=theme.light_piece_ink, width=2
    )
    draw_cross(draw, (cx, cy), radius * 0.45, theme.light_piece, 4)


# --- Side panel ---------------------------------------------------------------------------

SECTION_HEIGHT: Final = 270
TRAY_COLUMNS: Final = 5


def _section_seats(flipped: bool) -> tuple[Seat, Seat]:
    """The sides of the upper and lower panel sections: the side drawn at the bottom is lower."""
    return (WHITE, BLACK) if flipped else (BLACK, WHITE)


def _section_boxes() -> tuple[Box, Box]:
    """The boxes of the upper and lower panel sections, level with the top and bottom of the board."""
    panel_right = PANEL_LEFT + PANEL_WIDTH
    board_bottom = BOARD_TOP + BOARD_HEIGHT
    return (
        (PANEL_LEFT, BOARD_TOP, panel_right, BOARD_TOP + SECTION_HEIGHT),
        (PANEL_LEFT, board_bottom - SECTION_HEIGHT, panel_right, board_bottom),
    )


def _section_names(view: VoltoView, tr: Translate) -> tuple[str, str]:
    """The headings of the upper and lower sections: the side's name, "(you)" for the viewer."""
    names = []
    for seat in _section_seats(bottom_seat(view) == BLACK):
        name = tr(f"volto.img.side.{seat}")
        names.append(tr("volto.img.side_you", side=name) if view.viewer == seat else name)
    return names[0], names[1]


def _draw_panel(image: Image.Image, view: VoltoView, tr: Translate, theme: Theme) -> None:
    """What changes in the side panel: each side's status or removed masks, and the counters."""
    upper, lower = _section_boxes()
    for seat, box in zip(_section_seats(bottom_seat(view) == BLACK), (upper, lower), strict=True):
        _draw_section(image, view, seat, box, tr, theme)
    if view.phase == Phase.SETUP:
        return
    lines = (tr("volto.img.ply", ply=view.play_ply), tr("volto.img.no_capture", count=view.plies_since_capture))
    line_height = 38
    y = (upper[3] + lower[1]) / 2 - line_height * len(lines) / 2
    for line in lines:
        box = (PANEL_LEFT + 8, round(y), PANEL_LEFT + PANEL_WIDTH - 8, round(y + line_height))
        write_in_box(image, box, line, size=26, fill=theme.text)
        y += line_height


SECTION_PAD: Final = 12
SECTION_HEADER: Final = 56
SECTION_ICON: Final = 44


def _draw_section_frame(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: Seat, name: str, box: Box, theme: Theme
) -> None:
    """A section's box and heading: the side's hidden mask and its name."""
    left, top, right, bottom = box
    draw.rounded_rectangle((left, top, right - 1, bottom - 1), radius=12, fill=theme.panel)
    pad, icon = SECTION_PAD, SECTION_ICON
    center = (left + pad + icon / 2, top + pad + SECTION_HEADER / 2 - 6)
    _paste_mask(image, center, seat, None, icon, theme=theme)
    text_box = (left + pad * 2 + icon, top + pad, right - pad, top + pad + SECTION_HEADER - 12)
    write_in_box(image, text_box, name, size=30, fill=theme.text, bold=True)


def _draw_section(image: Image.Image, view: VoltoView, seat: Seat, box: Box, tr: Translate, theme: Theme) -> None:
    left, top, right, bottom = box
    pad = SECTION_PAD
    y = top + pad + SECTION_HEADER
    inner = (left + pad, right - pad)
    if view.phase == Phase.SETUP:
        status = tr("volto.img.setup.ready") if view.setup_ready[seat] else tr("volto.img.setup.arranging")
        write_in_box(image, (inner[0], y, inner[1], y + 34), status, size=26, fill=theme.text)
        y += 40
        if view.viewer == seat and not view.setup_ready[seat]:
            to_place = _unplaced(view, seat)
            if to_place:
                title = tr("volto.img.setup.to_place")
                write_in_box(image, (inner[0], y, inner[1], y + 30), title, size=24, fill=theme.muted_text)
                _draw_tray(image, [(seat, kind) for kind in to_place], inner[0], y + 34, tr, theme)
        return
    write_in_box(image, (inner[0], y, inner[1], y + 30), tr("volto.img.removed"), size=24, fill=theme.muted_text)
    removed = [(mask.owner, mask.kind) for mask in view.removed if mask.owner == seat]
    if removed:
        _draw_tray(image, removed, inner[0], y + 34, tr, theme)
    else:
        none_box = (inner[0], y + 34, inner[1], y + 34 + TRAY_TOKEN)
        write_in_box(image, none_box, tr("volto.img.removed.none"), size=24, fill=theme.muted_text)
    ladies = tr("volto.img.ladies_lost", count=view.ladies_captured[seat])
    write_in_box(image, (inner[0], bottom - pad - 34, inner[1], bottom - pad), ladies, size=26, fill=theme.text)


def _unplaced(view: VoltoView, seat: Seat) -> list[MaskType]:
    """The viewer's masks not yet on the board during setup, in tray order."""
    placed = [mask.kind for mask in view.board if mask is not None and mask.owner == seat]
    remaining: list[MaskType] = []
    for kind in MASK_ORDER:
        remaining.extend([kind] * (ROSTER[kind] - placed.count(kind)))
    return remaining


def _draw_tray(
    image: Image.Image, masks: list[tuple[Seat, MaskType | None]], left: int, top: int, tr: Translate, theme: Theme
) -> None:
    step = TRAY_TOKEN + 3
    for position, (owner, kind) in enumerate(masks):
        row, column = divmod(position, TRAY_COLUMNS)
        center = (left + column * step + TRAY_TOKEN / 2, top + row * step + TRAY_TOKEN / 2)
        _paste_mask(image, center, owner, kind, TRAY_TOKEN, label=_label(kind, tr), theme=theme)


# --- Alt text -----------------------------------------------------------------------------


def alt_text(view: VoltoView, *, tr: Translate) -> str:
    """A full description of the picture for screen readers, in the locale of ``tr``."""
    parts = [tr("volto.alt.public") if view.viewer is None else tr(f"volto.alt.private.{view.viewer}")]
    parts.append(_alt_status(view, tr))
    if view.phase == Phase.SETUP and view.viewer is not None and not view.setup_ready[view.viewer]:
        placed = sum(1 for mask in view.board if mask is not None and mask.owner == view.viewer)
        free = free_setup_cells(view)
        if not free:
            parts.append(tr("volto.alt.setup.done"))
        else:
            free_names = ", ".join(cell_name(cell) for cell in free)
            parts.append(tr("volto.alt.setup.placed", count=placed, cells=free_names))
    if view.last_move is not None:
        last = view.last_move
        key = f"volto.alt.last_capture.{last.seat}" if last.captured else f"volto.alt.last.{last.seat}"
        parts.append(tr(key, origin=cell_name(last.origin), target=cell_name(last.target)))
    for seat in (WHITE, BLACK):
        cells = [
            _alt_mask(index, mask, tr)
            for index, mask in enumerate(view.board)
            if mask is not None and mask.owner == seat
        ]
        if cells:
            parts.append(tr(f"volto.alt.masks.{seat}", count=len(cells), cells=", ".join(cells)))
        elif view.phase != Phase.SETUP:
            parts.append(tr(f"volto.alt.masks_none.{seat}"))
    if view.phase != Phase.SETUP:
        for seat in (WHITE, BLACK):
            removed = [mask for mask in view.removed if mask.owner == seat]
            if removed:
                names = ", ".join(_alt_removed(mask, tr) for mask in removed)
                parts.append(tr(f"volto.alt.removed.{seat}", count=len(removed), masks=names))
        parts.append(tr("volto.alt.ladies", white=view.ladies_captured[WHITE], black=view.ladies_captured[BLACK]))
        parts.append(tr("volto.alt.counts", ply=view.play_ply, count=view.plies_since_capture))
    return " ".join(parts)


def _alt_status(view: VoltoView, tr: Translate) -> str:
    if view.phase == Phase.SETUP:
        white, black = (
            tr("volto.alt.setup.ready") if ready else tr("volto.alt.setup.arranging") for ready in view.setup_ready
        )
        return tr("volto.alt.setup", white=white, black=black)
    if view.phase == Phase.OVER and view.outcome is not None:
        reason = tr(view.outcome.reason)
        if view.outcome.is_draw or len(view.outcome.winners) != 1:
            return tr("volto.alt.draw", reason=reason)
        return tr(f"volto.alt.win.{next(iter(view.outcome.winners))}", reason=reason)
    if view.viewer is not None and view.viewer in view.to_move:
        return tr("volto.alt.your_turn")
    return " ".join(tr(f"volto.alt.turn.{seat}") for seat in sorted(view.to_move))


def _alt_mask(index: int, mask: SeenMask, tr: Translate) -> str:
    if mask.kind is None:
        return cell_name(index)
    return tr("volto.alt.known", cell=cell_name(index), mask=tr(f"volto.img.mask.{mask.kind.value}"))


def _alt_removed(mask: RemovedMask, tr: Translate) -> str:
    return tr("volto.img.mask.unknown") if mask.kind is None else tr(f"volto.img.mask.{mask.kind.value}")
