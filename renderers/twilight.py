"""Twilight of Venice images: the public channel picture and each player's private picture.

The renderer draws a :class:`~games.twilight.view.TwilightView`, never a state: the public
picture shows the board as of the start of the turn, hand sizes and both discard piles;
the mover's own picture shows the preview after their unconfirmed steps, their hand as
cards (greyed with a ✗ and the reason when a card cannot be played now), and the steps.

Layout (1000 px wide, readable at half size on a phone): a banner (whose turn or the
result, then round, deal, deck and rounds won), the 17-cell main track from West's mansion
(left, W8) to East's (right, E8), labelled W8..0..E8 (in Russian 8..1, 0, 1..8 as on the
printed board; the mansions are titled and tinted in their house's colour), the Favourite's
track under it, then one panel per house (hand size, Merchant holder, discard pile) and
the last turn in words. Tokens differ by shape AND letter, not only colour: Doge a yellow
circle (D), Guards grey squares (G), Merchant a green diamond (M), Harlequin a purple
hexagon (H), Favourite a pink circle (F). Houses carry their seat colour and seat shape
(East circle, West square).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Final, NamedTuple, TypeAlias

from PIL import Image, ImageDraw

from games.core import Catalog, Seat
from games.i18n import Translate
from games.twilight.view import (
    EAST,
    FAVOURITE_END,
    MANSION_START,
    TRACK_END,
    WEST,
    Board,
    CardKind,
    CardType,
    Token,
    TwilightView,
    card_type,
    card_value,
)
from locales import catalog
from renderers.kit import (
    Box,
    blend,
    cached,
    draw_cross,
    draw_seat_marker,
    drawn_over,
    font,
    laid_over,
    regular_polygon_points,
    share,
    shown_as_is,
    supersampled,
    tally,
    text_width,
    tint_box,
    wrap_words,
    write,
    write_banner,
    write_in_box,
)
from renderers.theme import (
    DEFAULT_THEME,
    OKABE_ITO_BLUISH_GREEN,
    OKABE_ITO_REDDISH_PURPLE,
    OKABE_ITO_VERMILLION,
    OKABE_ITO_YELLOW,
    RGB,
    Theme,
)

# --- Geometry -----------------------------------------------------------------------------

WIDTH: Final = 1000
MARGIN: Final = 24
CELLS: Final = 2 * TRACK_END + 1
CELL: Final = (WIDTH - 2 * MARGIN) // CELLS
TRACK_LEFT: Final = (WIDTH - CELL * CELLS) // 2
BANNER_HEIGHT: Final = 104
TRACK_TOP: Final = BANNER_HEIGHT + 56
TRACK_HEIGHT: Final = 3 * 50 + 10
LABEL_HEIGHT: Final = 30
FAVOURITE_TOP: Final = TRACK_TOP + TRACK_HEIGHT + LABEL_HEIGHT + 40
FAVOURITE_HEIGHT: Final = 52
PANEL_TOP: Final = FAVOURITE_TOP + FAVOURITE_HEIGHT + LABEL_HEIGHT + 20
PANEL_HEIGHT: Final = 164
LAST_TOP: Final = PANEL_TOP + PANEL_HEIGHT + 14
LINE: Final = 28
TOKEN: Final = 46
CARD_WIDTH: Final = 119
CARD_HEIGHT: Final = 150
CARD_GAP: Final = 0
"""Eight cards (a full hand) fill the width side by side; a card's band keeps its type's name whole."""
MINI_WIDTH: Final = 68
MINI_HEIGHT: Final = 34

TOKEN_COLORS: Final[dict[str, RGB]] = {
    "d": OKABE_ITO_YELLOW,
    "g": (0xB8, 0xBE, 0xC4),
    "m": OKABE_ITO_BLUISH_GREEN,
    "h": OKABE_ITO_REDDISH_PURPLE,
    "f": (0xF2, 0xA6, 0xC0),
}
TYPE_COLORS: Final[dict[CardType, RGB]] = {
    CardType.DOGE: TOKEN_COLORS["d"],
    CardType.GUARDS: TOKEN_COLORS["g"],
    CardType.MERCHANT: TOKEN_COLORS["m"],
    CardType.HARLEQUIN: TOKEN_COLORS["h"],
}
TYPE_TOKEN: Final[dict[CardType, str]] = {
    CardType.DOGE: "d",
    CardType.GUARDS: "g",
    CardType.MERCHANT: "m",
    CardType.HARLEQUIN: "h",
}
SYMBOLS: Final[dict[CardKind, str]] = {
    CardKind.GUARDS_11: "1+1",
    CardKind.GUARDS_CLOSE: "►◄",
    CardKind.HARLEQUIN_ZERO: "◊",
}
TRACK_ORDER: Final = (Token.GUARD_W, Token.GUARD_E, Token.DOGE, Token.MERCHANT, Token.HARLEQUIN)
"""Tokens sharing a cell stack in this order, top to bottom."""


def cell_left(cell: int) -> int:
    """The left pixel of track cell ``cell`` (-8 .. +8)."""
    return TRACK_LEFT + (cell + TRACK_END) * CELL


def cell_label(cell: int, tr: Translate) -> str:
    """The name of a cell in text: W8 .. W1, 0, E1 .. E8 (the catalog's words in Russian)."""
    if cell > 0:
        return tr("twilight.cell.east", n=cell)
    if cell < 0:
        return tr("twilight.cell.west", n=-cell)
    return tr("twilight.cell.centre")


def board_label(cell: int, tr: Translate) -> str:
    """A cell's label under the track: "E4" in English; the bare number in Russian, whose З reads as 3."""
    if cell == 0:
        return "0"
    side = "east" if cell > 0 else "west"
    return tr(f"twilight.img.cell.{side}", n=abs(cell))


def mansion_owner(cell: int) -> Seat | None:
    """Whose mansion ``cell`` is, if any."""
    if cell >= MANSION_START:
        return EAST
    if cell <= -MANSION_START:
        return WEST
    return None


def height(view: TwilightView, tr: Translate) -> int:
    """The picture's height: the private picture adds the hand, the reasons and the steps.

    Lines too long for the width wrap (text stays at its size, legible in the chat), so the
    height counts the wrapped lines.
    """
    theme = DEFAULT_THEME
    hand = _hand_lines(view, tr, theme) if view.viewer is not None else []
    return _height(view, _last_turn_lines(view, tr, theme), hand)


def _height(view: TwilightView, last: list[Line], hand: list[Line]) -> int:
    """:func:`height` from the lines under the board and under the hand, worked out once per picture."""
    bottom = LAST_TOP + LINE * (len(_wrapped(last)) + 1) + MARGIN
    if view.viewer is not None:
        bottom += 40 + CARD_HEIGHT + 12 + LINE * len(_wrapped(hand))
    return bottom


# --- Catalog ------------------------------------------------------------------------------

MESSAGES: Final[Catalog] = catalog("twilight_pictures")
"""What the pictures say: ``locales/<lang>/twilight_pictures.py``."""


# --- Cached pieces ------------------------------------------------------------------------
#
# A picture is assembled from pieces made once and pasted: the board (both tracks, their
# labels, the mansion titles and the two house panels with their names), the tokens with
# their letters, the cards of the hand, the small discard cards, and the mask of every
# distinct text (:func:`renderers.kit.write`). Each piece is drawn at the origin with the
# same calls that would draw it in place, and pasted at whole-pixel positions, so the
# pictures are the pixels of drawing everything in place; a picture costs a few
# milliseconds instead of ~20 (FreeType rendering of ~60 strings was most of the time).
# Pieces are keyed by everything that changes their pixels: the theme and the translated
# strings they show (so each locale has its own).

BOARD_TOP: Final = BANNER_HEIGHT
BOARD_BOTTOM: Final = PANEL_TOP + PANEL_HEIGHT + 1
"""The rows of the board layer: from under the banner to the bottom edge of the house panels."""
BOARD_LAYERS: Final = 8
"""Board layers kept (1.6 MB each): one per locale and viewer (the viewer's house says "you"), 6 in all."""
PIECE_CACHE_SIZE: Final = 512
"""Tokens, cards and small cards kept: a locale has 5 tokens, 13 × 2 cards and 13 small cards."""


class BoardTexts(NamedTuple):
    """The strings the board layer shows: its cache key, with the theme."""

    labels: tuple[str, ...]
    """The cell labels under both tracks, W8 .. E8."""
    mansions: tuple[str, str]
    """The titles over West's and East's mansions."""
    favourite: str
    """The title of the Favourite's track."""
    houses: tuple[str, str]
    """The names in the East and West panels, "(you)" added for the viewer."""


def board_texts(view: TwilightView, tr: Translate) -> BoardTexts:
    """The strings of the board layer of ``view`` in the locale of ``tr``."""
    return _board_texts(view.viewer, tr)


@cached(BOARD_LAYERS)
def _board_texts(viewer: Seat | None, tr: Translate) -> BoardTexts:
    """:func:`board_texts`, remembered: they depend on the viewer and the locale only (~20 translations)."""
    names = [tr(f"twilight.seat.{seat}") for seat in (EAST, WEST)]
    if viewer is not None:
        names[viewer] = tr("twilight.img.you", seat=names[viewer])
    return BoardTexts(
        labels=tuple(board_label(cell, tr) for cell in range(-TRACK_END, TRACK_END + 1)),
        mansions=(
            tr("twilight.img.mansion", seat_of=tr(f"twilight.seat_of.{WEST}")),
            tr("twilight.img.mansion", seat_of=tr(f"twilight.seat_of.{EAST}")),
        ),
        favourite=tr("twilight.img.favourite_track"),
        houses=(names[EAST], names[WEST]),
    )


@cached(BOARD_LAYERS)
def _board_layer(texts: BoardTexts, theme: Theme) -> Image.Image:
    """Rows ``BOARD_TOP`` to ``BOARD_BOTTOM`` of an empty board: tracks, labels, titles, panels."""
    image = Image.new("RGB", (WIDTH, BOARD_BOTTOM), theme.background)
    draw = ImageDraw.Draw(image)
    _draw_mansion_titles(image, draw, TRACK_TOP, texts.mansions, theme)
    for cell in range(-TRACK_END, TRACK_END + 1):
        left = cell_left(cell)
        box = (left, TRACK_TOP, left + CELL, TRACK_TOP + TRACK_HEIGHT)
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=_cell_fill(cell, theme), outline=theme.board_edge)
        label_box = (left, box[3], left + CELL, box[3] + LABEL_HEIGHT)
        label = texts.labels[cell + TRACK_END]
        write_in_box(image, label_box, label, size=20, fill=theme.text, bold=cell == 0, align="center")
    top = FAVOURITE_TOP
    for cell in range(-FAVOURITE_END, FAVOURITE_END + 1):
        left = cell_left(cell)
        fill = blend(_cell_fill(cell, theme), theme.panel, 0.35)
        draw.rectangle((left, top, left + CELL - 1, top + FAVOURITE_HEIGHT - 1), fill=fill, outline=theme.board_edge)
        label_box = (left, top + FAVOURITE_HEIGHT, left + CELL, top + FAVOURITE_HEIGHT + LABEL_HEIGHT)
        write_in_box(image, label_box, texts.labels[cell + TRACK_END], size=20, fill=theme.muted_text, align="center")
    title_box = (TRACK_LEFT, top - 34, TRACK_LEFT + CELL * 8, top - 4)
    write_in_box(image, title_box, texts.favourite, size=20, fill=theme.muted_text)
    for seat in (WEST, EAST):
        left = _house_left(seat)
        box = (left, PANEL_TOP, left + HOUSE_WIDTH, PANEL_TOP + PANEL_HEIGHT)
        draw.rounded_rectangle(box, radius=10, fill=theme.panel, outline=theme.seat_color(seat), width=3)
        draw_seat_marker(draw, (left + 24, PANEL_TOP + 22), 11, seat, theme)
        name_box = (left + 44, PANEL_TOP + 6, left + HOUSE_WIDTH - 10, PANEL_TOP + 38)
        write_in_box(image, name_box, texts.houses[seat], size=24, fill=theme.text, bold=True)
    return image.crop((0, BOARD_TOP, WIDTH, BOARD_BOTTOM))


def _draw_mansion_titles(
    image: Image.Image, draw: ImageDraw.ImageDraw, top: int, titles: tuple[str, str], theme: Theme
) -> None:
    width = 7 * CELL
    for seat, title in zip((WEST, EAST), titles, strict=True):
        if seat == WEST:
            left = cell_left(-TRACK_END)
            draw_seat_marker(draw, (left + 12, top - 22), 10, seat, theme)
            box = (left + 30, top - 40, left + width, top - 4)
            write_in_box(image, box, title, size=22, fill=theme.text, bold=True, align="left")
        else:
            right = cell_left(TRACK_END) + CELL
            draw_seat_marker(draw, (right - 12, top - 22), 10, seat, theme)
            box = (right - width, top - 40, right - 30, top - 4)
            write_in_box(image, box, title, size=22, fill=theme.text, bold=True, align="right")


@cached()
def _token_sprite(kind: str, size: int, ink: RGB) -> Image.Image:
    """A token body of ``kind`` (d, g, m, h, f): its own shape in its own colour, outlined."""
    fill = TOKEN_COLORS[kind]

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        c = size * scale / 2
        r = c - 2 * scale
        edge = max(2, round(2.5 * scale))
        if kind in ("d", "f"):
            draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=ink, width=edge)
        elif kind == "g":
            s = r * 0.86
            draw.rounded_rectangle((c - s, c - s, c + s, c + s), radius=r * 0.15, fill=fill, outline=ink, width=edge)
        elif kind == "m":
            draw.polygon(regular_polygon_points((c, c), r, 4), fill=fill, outline=ink, width=edge)
        else:
            draw.polygon(regular_polygon_points((c, c), r, 6, rotation=0), fill=fill, outline=ink, width=edge)

    return supersampled((size, size), paint)


GUARD_SIDE: Final[dict[str, Seat]] = {"gw": WEST, "ge": EAST}
"""The side each Guard stands on: its token carries that house's marker."""


def _paste_token(image: Image.Image, center: tuple[int, int], kind: str, tr: Translate, theme: Theme) -> None:
    """A token centred on the whole-pixel ``center``, its letter (the locale's) on its body.

    The two Guards ("gw", "ge") share the Guards' shape and colour; each has its own letters
    (G + W or E) and the marker of the house on its side in its corner.
    """
    ink = theme.light_piece_ink
    sprite = _token_sprite("g" if kind in GUARD_SIDE else kind, TOKEN, ink)
    x, y = center
    image.paste(sprite, (x - TOKEN // 2, y - TOKEN // 2), sprite)
    size = 20 if kind in GUARD_SIDE else 22 if kind != "d" else 24
    write(image, center, tr(f"twilight.img.abbr.{kind}"), size=size, fill=ink, bold=True, anchor="mm")
    if kind in GUARD_SIDE:
        corner = (x + TOKEN // 2 - 4, y - TOKEN // 2 + 4)
        draw_seat_marker(ImageDraw.Draw(image), corner, 7, GUARD_SIDE[kind], theme, width=2)


@cached(PIECE_CACHE_SIZE)
def _rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """Where a rounded rectangle of the box ``(0, 0, width - 1, height - 1)`` paints: a bilevel mask.

    Pillow draws the shape without anti-aliasing (every pixel 0 or 255), so a "1" mask pastes
    exactly what an "L" mask would, 4-5x faster: a hand of eight cards pasted through their
    shapes cost ~1 ms a picture with the "L" mask.
    """
    mask = Image.new("1", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=1)
    return mask


@cached(PIECE_CACHE_SIZE)
def _mini_card(text: str, color: RGB, theme: Theme) -> Image.Image:
    """A card of a discard pile: its type's colour and its letter and value."""
    image = Image.new("RGB", (MINI_WIDTH + 1, MINI_HEIGHT + 1), theme.panel)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, MINI_WIDTH, MINI_HEIGHT), radius=5, fill=color, outline=theme.light_piece_ink)
    box = (2, 0, MINI_WIDTH - 2, MINI_HEIGHT)
    write_in_box(image, box, text, size=20, fill=theme.light_piece_ink, bold=True, align="center", min_size=20)
    return image


CARD_VALUE_BOX: Final[Box] = (4, 46, CARD_WIDTH - 4, CARD_HEIGHT - 36)
"""Where a hand card's value is written."""
CARD_TOKEN_CENTER: Final = (CARD_WIDTH // 2, CARD_HEIGHT - 26)
BLOCKED_BADGE: Final[Box] = (CARD_WIDTH - 28, CARD_HEIGHT - 28, CARD_WIDTH - 4, CARD_HEIGHT - 4)
"""The ✗ badge of a card that cannot be played now: in the bottom corner, clear of the
value and of the token."""


class CardTexts(NamedTuple):
    """The strings a hand card shows: with its kind, whether it is blocked and the theme, its cache key."""

    type_name: str
    """The type's name on the coloured band ("Merchant")."""
    letter: str
    """The letter on the type's token."""


@cached(PIECE_CACHE_SIZE)
def _card(kind: CardKind, is_blocked: bool, texts: CardTexts, theme: Theme) -> Image.Image:
    """A card of the hand, drawn at the origin: type band, value, token, and the ✗ badge when blocked."""
    right, bottom = CARD_WIDTH, CARD_HEIGHT
    image = Image.new("RGB", (right + 1, bottom + 1), theme.background)
    draw = ImageDraw.Draw(image)
    kind_type = card_type(kind)
    color = TYPE_COLORS[kind_type]
    face = theme.light_piece if not is_blocked else blend(theme.light_piece, theme.panel, 0.55)
    ink = theme.light_piece_ink
    draw.rounded_rectangle((0, 0, right, bottom), radius=10, fill=face, outline=ink, width=2)
    band = blend(color, theme.panel, 0.55) if is_blocked else color
    draw.rounded_rectangle((4, 4, right - 4, 40), radius=7, fill=band)
    write_in_box(image, (5, 4, right - 5, 40), texts.type_name, size=20, fill=ink, align="center", min_size=20)
    write_in_box(image, CARD_VALUE_BOX, _value_text(kind), size=44, fill=ink, bold=True, align="center", min_size=16)
    token = TYPE_TOKEN[kind_type]
    sprite = _token_sprite(token, TOKEN, ink)
    center = CARD_TOKEN_CENTER
    image.paste(sprite, (center[0] - TOKEN // 2, center[1] - TOKEN // 2), sprite)
    write(image, center, texts.letter, size=22 if token != "d" else 24, fill=ink, bold=True, anchor="mm")
    if is_blocked:
        # a badge in the bottom corner beside the token, not a cross over the face: the type
        # name, the value and the token all stay readable
        left, top, right_, bottom_ = BLOCKED_BADGE
        draw.ellipse((left, top, right_, bottom_), fill=OKABE_ITO_VERMILLION, outline=ink, width=2)
        draw_cross(draw, ((left + right_) / 2, (top + bottom_) / 2), 6, theme.light_piece, 4)
    return image


# --- Drawing ------------------------------------------------------------------------------


def render(view: TwilightView, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` in the locale of ``tr``: same view and locale, same pixels.

    The public picture is drawn once and shared by the pictures of one moment (a turn's end
    asks for three: the channel's, the actor's and the opponent's). A private picture shows
    the public board then (the view of a seat that is not building a turn is the public one
    with a hand), so it is drawn over the public picture: its own banner when it says
    something else ("Your turn"), its house's name with "(you)", its hand below; and it is
    marked with the rows it draws in, so :func:`renderers.kit.to_png` encodes only those
    on the public picture's palette. The mover's picture while building a turn (a preview:
    tokens moved) is drawn whole. Either way the pixels are those of drawing it whole
    (:func:`_drawn_whole`), which a test checks over seeded matches. Measured over the 440
    turn ends of six seeded matches, drawing and encoding a turn end's three pictures takes
    24.6 ms of CPU, not 29.7: a private picture's PNG costs 4.3 ms (its hand is new), the
    public one's 6.1 (its palette chosen on the hands too), each alone 6.5.
    """
    if view.is_preview:
        return _drawn_whole(view, tr, theme)
    public_view = _public_part(view)
    with _PUBLIC_LOCK:
        public = _public_picture(public_view, tr, theme)
    if view.viewer is None:
        return shown_as_is(public)
    return _drawn_over_public(view, public_view, public, tr, theme)


def _drawn_whole(view: TwilightView, tr: Translate, theme: Theme) -> Image.Image:
    """The picture of ``view`` drawn from its pieces, the board and everything on it."""
    # The lines are worked out once: they give the height and are drawn.
    last = _last_turn_lines(view, tr, theme)
    hand = _hand_lines(view, tr, theme) if view.viewer is not None else []
    image = Image.new("RGB", (WIDTH, _height(view, last, hand)), theme.background)
    texts = _board_texts(view.viewer, tr)
    image.paste(_board_layer(texts, theme), (0, BOARD_TOP))
    _draw_banner(image, view, tr, theme)
    _draw_last_moves(image, view, theme)
    _draw_tokens(image, view.board, tr, theme)
    _draw_houses(image, view, texts, tr, theme)
    bottom = _draw_lines(image, LAST_TOP, last)
    if view.viewer is not None:
        _draw_hand(image, view, bottom, tr, theme, hand)
    return image


def _drawn_over_public(
    view: TwilightView, public_view: TwilightView, public: Image.Image, tr: Translate, theme: Theme
) -> Image.Image:
    """The private picture of ``view`` (not a preview) drawn over ``public``, the picture of ``public_view``.

    What differs from the public picture: the banner (only when its words do), the rows of
    the house names (the board layer of the viewer, whose house says "(you)"; nothing else
    is drawn in those rows), and from the end of the last turn's lines down, the hand (the
    public picture has only its margin there). Those rows are declared to the encoder.
    """
    last = _last_turn_lines(view, tr, theme)
    hand = _hand_lines(view, tr, theme)
    canvas = laid_over(public, (WIDTH, _height(view, last, hand)), theme.background)
    hand_top = LAST_TOP + LINE * len(_wrapped(last))
    rows = [(PANEL_TOP, HOUSE_TOP), (hand_top, public.height)]
    own_banner = _banner_texts(view, tr) != _banner_texts(public_view, tr)
    if own_banner:
        rows.insert(0, (0, BANNER_HEIGHT))
    image = drawn_over(canvas, public, rows)
    if own_banner:
        _draw_banner(image, view, tr, theme)
    names = _board_layer(_board_texts(view.viewer, tr), theme).crop(
        (0, PANEL_TOP - BOARD_TOP, WIDTH, HOUSE_TOP - BOARD_TOP)
    )
    image.paste(names, (0, PANEL_TOP))
    _draw_hand(image, view, hand_top, tr, theme, hand)
    return image


def _public_part(view: TwilightView) -> TwilightView:
    """``view`` without what only its viewer may see: the public view of the same moment (unless a preview)."""
    return view if view.viewer is None else replace(view, viewer=None, hand=(), steps=(), unplayable=())


PUBLIC_CACHE_SIZE: Final = 4
"""Public pictures kept drawn (~2.5 MB each): the pictures of one moment are drawn together, so
a few suffice, also when the channel and the players read different languages."""
_PUBLIC_LOCK: Final = threading.Lock()
"""Held while a public picture is looked up or drawn: pictures drawn at the same time in
worker threads wait for the one public picture instead of each drawing it."""


@cached(PUBLIC_CACHE_SIZE)
def _public_picture(public: TwilightView, tr: Translate, theme: Theme) -> Image.Image:
    """The public picture (a shared backdrop: see :func:`renderers.kit.share`), its palette chosen for the hands too."""
    swatch = _hand_swatch(tuple(_card_texts(kind_type, tr) for kind_type in TYPE_TOKEN), theme)
    return share(_drawn_whole(public, tr, theme), swatch, (theme.banner_text, theme.light_piece, theme.text))


def _card_texts(kind_type: CardType, tr: Translate) -> CardTexts:
    """The words a card of ``kind_type`` shows: the type's name on its band, its token's letter."""
    return CardTexts(tr(f"twilight.img.band.{kind_type.value}"), tr(f"twilight.img.abbr.{TYPE_TOKEN[kind_type]}"))


SWATCH_COLUMNS: Final = 7
"""Cards a row of the hand swatch: 7 of 119 px, narrower than the picture."""


@cached(BOARD_LAYERS)
def _hand_swatch(texts: tuple[CardTexts, ...], theme: Theme) -> Image.Image:
    """Every card of the game, playable and blocked: the colours a private picture's hand adds.

    The public picture's palette is chosen for these too (:func:`renderers.kit.share`), and
    holds the banner's white, the cards' face and the text exact. Chosen on the board alone,
    it lacks the cards' faces and bands: measured over six seeded matches, 870 of 880 private
    pictures were mapped poorly on it (their hand), then 434 (the mover's "Your turn" title,
    its white merged with the cream faces) with the cards alone and no exact colours, each
    encoded whole with a palette of its own; with both, none.
    """
    by_type = dict(zip(TYPE_TOKEN, texts, strict=True))
    cards = [_card(kind, blocked, by_type[card_type(kind)], theme) for blocked in (False, True) for kind in CardKind]
    rows = -(-len(cards) // SWATCH_COLUMNS)
    swatch = Image.new("RGB", (SWATCH_COLUMNS * (CARD_WIDTH + 1), rows * (CARD_HEIGHT + 1)), theme.background)
    for index, card in enumerate(cards):
        row, column = divmod(index, SWATCH_COLUMNS)
        swatch.paste(card, (column * (CARD_WIDTH + 1), row * (CARD_HEIGHT + 1)))
    return swatch


def _banner_texts(view: TwilightView, tr: Translate) -> tuple[str, str]:
    status = tr(
        "twilight.img.status",
        round=view.round,
        deal=view.deal,
        deck=view.deck_size,
        east=view.wins[EAST],
        west=view.wins[WEST],
    )
    if view.outcome is not None:
        if view.outcome.is_draw:
            return tr("twilight.img.draw"), status
        (winner,) = view.outcome.winners
        return tr("twilight.img.won", seat=tr(f"twilight.seat.{winner}")), status
    if view.viewer is not None and view.viewer in view.to_move:
        return tr("twilight.img.your_turn_preview" if view.is_preview else "twilight.img.your_turn"), status
    movers = sorted(view.to_move)
    return " · ".join(tr("twilight.img.turn", seat=tr(f"twilight.seat.{seat}")) for seat in movers), status


def _draw_banner(image: Image.Image, view: TwilightView, tr: Translate, theme: Theme) -> None:
    title, subtitle = _banner_texts(view, tr)
    seat: Seat | None = None
    if view.outcome is not None and len(view.outcome.winners) == 1:
        (seat,) = view.outcome.winners
    elif len(view.to_move) == 1:
        (seat,) = view.to_move
    fill = theme.win if view.outcome is not None else theme.banner
    icon = write_banner(
        image, (0, 0, WIDTH, BANNER_HEIGHT), title, subtitle, theme, fill=fill, icon_width=60 if seat is not None else 0
    )
    if seat is not None:
        center = ((icon[0] + icon[2]) / 2, (icon[1] + icon[3]) / 2)
        draw_seat_marker(ImageDraw.Draw(image), center, 24, seat, theme, width=3)


def _cell_fill(cell: int, theme: Theme) -> RGB:
    owner = mansion_owner(cell)
    base = theme.board_light if cell % 2 == 0 else theme.board_dark
    if owner is not None:
        return blend(base, theme.seat_color(owner), 0.55)
    if cell == 0:
        return blend(base, theme.highlight, 0.25)
    return base


def _draw_tokens(image: Image.Image, board: Board, tr: Translate, theme: Theme) -> None:
    """The tokens on the main track, stacked in ``TRACK_ORDER``, and the Favourite on hers."""
    stacks: dict[int, list[Token]] = {}
    for token in TRACK_ORDER:
        stacks.setdefault(board.cell(token), []).append(token)
    for cell, tokens in stacks.items():
        center_x = cell_left(cell) + CELL // 2
        for slot, token in enumerate(tokens):
            center_y = TRACK_TOP + 5 + 25 + slot * 50
            _paste_token(image, (center_x, center_y), token.value, tr, theme)
    _paste_token(image, (cell_left(board.favourite) + CELL // 2, FAVOURITE_TOP + FAVOURITE_HEIGHT // 2), "f", tr, theme)


def token_center(board: Board, token: Token) -> tuple[int, int]:
    """Where ``token`` stands on the main track: its cell, its place in the cell's stack."""
    cell = board.cell(token)
    slot = [other for other in TRACK_ORDER if board.cell(other) == cell].index(token)
    return (cell_left(cell) + CELL // 2, TRACK_TOP + 5 + 25 + slot * 50)


def favourite_center(cell: int) -> tuple[int, int]:
    """The middle of the Favourite's track at ``cell``."""
    return (cell_left(cell) + CELL // 2, FAVOURITE_TOP + FAVOURITE_HEIGHT // 2)


def last_move_marks(view: TwilightView) -> list[tuple[Box, Box, tuple[int, int]]]:
    """Per token the last turn moved: the cell it left, the cell it stands on, its centre.

    Only tokens still where the last turn put them are marked (a new round resets the board).
    """
    last = view.last_turn
    if last is None:
        return []
    marks = []
    for token, start, end in last.moved:
        if view.board.cell(token) == end:
            marks.append((_track_cell(start), _track_cell(end), token_center(view.board, token)))
    if last.favourite_moved is not None and view.board.favourite == last.favourite_moved[1]:
        start, end = last.favourite_moved
        marks.append((_favourite_cell(start), _favourite_cell(end), favourite_center(end)))
    return marks


def _track_cell(cell: int) -> Box:
    left = cell_left(cell)
    return (left + 1, TRACK_TOP + 1, left + CELL - 1, TRACK_TOP + TRACK_HEIGHT - 1)


def _favourite_cell(cell: int) -> Box:
    left = cell_left(cell)
    return (left + 1, FAVOURITE_TOP + 1, left + CELL - 1, FAVOURITE_TOP + FAVOURITE_HEIGHT - 1)


def _draw_last_moves(image: Image.Image, view: TwilightView, theme: Theme) -> None:
    """The last turn on the track, as chess boards show a move.

    The cells a token left and reached are tinted, a line joins them, a ring surrounds the
    token where it stands. Drawn under the tokens: the line passes behind any token on its way, the ring lies outside.
    """
    draw = ImageDraw.Draw(image)
    colour = theme.last_move
    radius = TOKEN // 2 + 3
    for start, end, (x, y) in last_move_marks(view):
        tint_box(image, start, colour, 0.45)
        tint_box(image, end, colour, 0.45)
        x0 = (start[0] + start[2]) // 2
        step = 1 if x > x0 else -1
        draw.line((x0, y, x - step * radius, y), fill=colour, width=3)
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=colour, width=4)


HOUSE_WIDTH: Final = (WIDTH - 2 * MARGIN - 16) // 2


def _house_left(seat: Seat) -> int:
    return MARGIN if seat == WEST else MARGIN + HOUSE_WIDTH + 16


HOUSE_TOP: Final = PANEL_TOP + 38
HOUSE_BOTTOM: Final = PANEL_TOP + PANEL_HEIGHT - 4
"""The rows of a house panel that change: under its name, to its frame under the discard pile
(a small card is one row taller than :data:`MINI_HEIGHT`)."""


def _draw_houses(image: Image.Image, view: TwilightView, texts: BoardTexts, tr: Translate, theme: Theme) -> None:
    """What changes in a house panel: hand size, who holds the Merchant, the discard pile.

    Each panel's changing part is pasted from :func:`_house_tile` (the same pixels as drawn in place).
    """
    for seat in (WEST, EAST):
        first = view.first == seat
        tile = _house_tile(texts, seat, view.hand_sizes[seat], first, view.discards[seat], tr, theme)
        image.paste(tile, (_house_left(seat), HOUSE_TOP))


@cached(PIECE_CACHE_SIZE)
def _house_tile(
    texts: BoardTexts,
    seat: Seat,
    hand_size: int,
    first: bool,
    pile: tuple[CardKind, ...],
    tr: Translate,
    theme: Theme,
) -> Image.Image:
    """The changing rows of ``seat``'s house panel, drawn over the board layer's empty panel.

    Drawn once per distinct content with every position moved by the tile's whole-pixel
    corner: text is placed by its fractional part and cards are pasted whole, so the pixels
    are those of drawing in place.
    """
    x0 = _house_left(seat)
    layer_top = HOUSE_TOP - BOARD_TOP
    image = _board_layer(texts, theme).crop((x0, layer_top, x0 + HOUSE_WIDTH, HOUSE_BOTTOM - BOARD_TOP))
    left, panel_top = 0, PANEL_TOP - HOUSE_TOP
    right = left + HOUSE_WIDTH - 10
    role = "twilight.img.merchant_holder" if first else "twilight.img.harlequin_holder"
    lines = (tr("twilight.img.hand_count", count=hand_size), tr(role))
    for index, line in enumerate(lines):
        y = panel_top + 38 + index * 27
        write_in_box(image, (left + 14, y, right, y + 27), line, size=20, fill=theme.muted_text, min_size=20)
    y = panel_top + 94
    title = tr("twilight.img.discard", count=len(pile))
    write_in_box(image, (left + 14, y, right, y + 26), title, size=20, fill=theme.muted_text, min_size=20)
    _draw_pile(image, pile, (left + 14, y + 28, right, y + 28 + MINI_HEIGHT), tr, theme)
    return image


def _draw_pile(image: Image.Image, pile: tuple[CardKind, ...], box: Box, tr: Translate, theme: Theme) -> None:
    left, top, right, _ = box
    if not pile:
        write_in_box(image, box, tr("twilight.img.empty"), size=20, fill=theme.muted_text)
        return
    count = pile_shown(len(pile), right - left)
    shown = pile[len(pile) - count :]
    if count < len(pile):
        # The older cards that do not fit are counted at the left: "+3", then the newest.
        more = tr("twilight.img.more", count=len(pile) - count)
        x = right - len(shown) * (MINI_WIDTH + 4) - (MINI_WIDTH + 4)
        box = (x, top, x + MINI_WIDTH, top + MINI_HEIGHT)
        write_in_box(image, box, more, size=20, fill=theme.text, bold=True, min_size=20)
    x = right - len(shown) * (MINI_WIDTH + 4)
    # Small cards are drawn on the panel's colour and never overlap: pasted whole.
    for kind in shown:
        kind_type = card_type(kind)
        text = tr(f"twilight.img.abbr.{TYPE_TOKEN[kind_type]}") + _value_text(kind)
        image.paste(_mini_card(text, TYPE_COLORS[kind_type], theme), (x, top))
        x += MINI_WIDTH + 4


def pile_shown(size: int, width: int) -> int:
    """How many of a discard pile's newest cards fit ``width``, keeping room for "+N" when not all do."""
    fits = max(2, width // (MINI_WIDTH + 4))
    return size if size <= fits else fits - 1


def _value_text(kind: CardKind) -> str:
    value = card_value(kind)
    return SYMBOLS[kind] if value is None else str(value)


Line: TypeAlias = tuple[str, RGB, bool]
"""A line of text under the board: its words, colour and weight."""

LINE_SIZE: Final = 20
TEXT_CACHE_SIZE: Final = 512
"""Lines worked out lately (each a few dozen bytes)."""


def _wrapped(lines: list[Line]) -> list[Line]:
    """``lines`` broken at spaces wherever one is wider than the picture (continuations indented)."""
    return [(part, color, bold) for text, color, bold in lines for part in _wrap_line(text, bold)]


@cached(TEXT_CACHE_SIZE)
def _wrap_line(text: str, bold: bool) -> tuple[str, ...]:
    """One line's parts at :data:`LINE_SIZE` (measuring is slow: a line is worked out once)."""
    room = WIDTH - 2 * MARGIN
    first, *rest = wrap_words(text, room, LINE_SIZE, bold=bold)
    # Continuations are indented; re-wrap them so the indent never pushes a part past the edge.
    indented = wrap_words(" ".join(rest), room - text_width("   ", font(LINE_SIZE, bold)), LINE_SIZE, bold=bold)
    return (first, *("   " + part for part in indented)) if rest else (first,)


def _draw_lines(image: Image.Image, top: int, lines: list[Line]) -> int:
    for text, color, bold in _wrapped(lines):
        box = (MARGIN, top, WIDTH - MARGIN, top + LINE)
        write_in_box(image, box, text, size=LINE_SIZE, fill=color, bold=bold, min_size=LINE_SIZE)
        top += LINE
    return top


def _draw_last_turn(image: Image.Image, view: TwilightView, tr: Translate, theme: Theme) -> int:
    return _draw_lines(image, LAST_TOP, _last_turn_lines(view, tr, theme))


def _last_turn_lines(view: TwilightView, tr: Translate, theme: Theme) -> list[Line]:
    lines: list[Line] = []
    last = view.last_turn
    if last is None:
        lines.append((tr("twilight.img.no_last_turn"), theme.muted_text, False))
    else:
        lines.append((tr("twilight.img.last_turn", seat=tr(f"twilight.seat.{last.seat}")), theme.text, True))
        lines.extend(("• " + tr(line), theme.text, False) for line in last.lines)
    for number, result in enumerate(view.results, start=1):
        reason = tr(f"twilight.reason.{result.reason.value}")
        if result.winner is None:
            lines.append((tr("twilight.img.round_drawn", round=number, reason=reason), theme.muted_text, False))
        else:
            seat = tr(f"twilight.seat.{result.winner}")
            lines.append(
                (tr("twilight.img.round_result", round=number, seat=seat, reason=reason), theme.muted_text, False)
            )
    for reveal in view.revealed:
        cards = ", ".join(tr(f"twilight.card.{kind.value}") for kind in reveal.cards)
        seat = tr(f"twilight.seat.{reveal.seat}")
        lines.append((tr("twilight.img.revealed", seat=seat, cards=cards), theme.muted_text, False))
    return lines


def _draw_hand(
    image: Image.Image, view: TwilightView, top: int, tr: Translate, theme: Theme, lines: list[Line]
) -> None:
    title_box = (MARGIN, top + 6, WIDTH - MARGIN, top + 36)
    write_in_box(image, title_box, tr("twilight.img.your_hand"), size=24, fill=theme.text, bold=True)
    blocked = dict(view.unplayable)
    card_top = top + 40
    count = max(len(view.hand), 1)
    step = min(CARD_WIDTH + CARD_GAP, (WIDTH - 2 * MARGIN) // count)
    # Cards side by side are pasted whole (their corners are the background they lie on);
    # overlapping ones only through their shape, so a card never hides its neighbour's edge.
    mask = None if step > CARD_WIDTH else _rounded_mask(CARD_WIDTH + 1, CARD_HEIGHT + 1, 10)
    for index, kind in enumerate(view.hand):
        kind_type = card_type(kind)
        image.paste(
            _card(kind, kind in blocked, _card_texts(kind_type, tr), theme), (MARGIN + index * step, card_top), mask
        )
    _draw_lines(image, card_top + CARD_HEIGHT + 12, lines)


def _hand_lines(view: TwilightView, tr: Translate, theme: Theme) -> list[Line]:
    lines: list[Line] = []
    for kind, reason in view.unplayable:
        lines.append(
            (
                tr("twilight.img.unplayable", card=tr(f"twilight.card.{kind.value}"), reason=tr(reason)),
                theme.muted_text,
                False,
            )
        )
    if view.steps:
        lines.append((tr("twilight.img.your_steps"), theme.text, True))
        lines.extend(("• " + tr(step), theme.text, False) for step in view.steps)
    return lines


# --- Alt text -----------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def alt_text(view: TwilightView, *, tr: Translate) -> str:
    """A full description of the picture for screen readers, in the locale of ``tr``."""
    if view.viewer is None:
        parts = [tr("twilight.img.alt.public")]
    else:
        parts = [tr("twilight.img.alt.private", seat=tr(f"twilight.seat.{view.viewer}"))]
        if view.is_preview:
            parts.append(tr("twilight.img.alt.preview"))
    title, status = _banner_texts(view, tr)
    parts.extend((_sentence(title), _sentence(status)))
    board = view.board
    parts.append(
        tr(
            "twilight.img.alt.positions",
            doge=cell_label(board.doge, tr),
            guard_w=cell_label(board.guard_w, tr),
            guard_e=cell_label(board.guard_e, tr),
            merchant=cell_label(board.merchant, tr),
            harlequin=cell_label(board.harlequin, tr),
            favourite=cell_label(board.favourite, tr),
        )
    )
    parts.append(
        tr("twilight.img.alt.cards", deck=view.deck_size, east=view.hand_sizes[EAST], west=view.hand_sizes[WEST])
    )
    piles = [
        tally([tr(f"twilight.card.{kind.value}") for kind in pile]) or tr("twilight.img.empty")
        for pile in view.discards
    ]
    parts.append(tr("twilight.img.alt.discards", east=piles[EAST], west=piles[WEST]))
    if view.last_turn is not None:
        lines = "; ".join(tr(line) for line in view.last_turn.lines)
        parts.append(tr("twilight.img.alt.last", seat=tr(f"twilight.seat.{view.last_turn.seat}"), lines=lines))
    if view.viewer is not None:
        cards = tally([tr(f"twilight.card.{kind.value}") for kind in view.hand]) or tr("twilight.img.empty")
        parts.append(tr("twilight.img.alt.hand", cards=cards))
        by_reason: dict[str, list[str]] = {}
        for kind, reason in view.unplayable:
            by_reason.setdefault(tr(reason), []).append(tr(f"twilight.card.{kind.value}"))
        parts.extend(
            tr("twilight.img.unplayable", card=tally(cards), reason=reason) for reason, cards in by_reason.items()
        )
    return " ".join(parts)
