"""Venezia 2099 board images: the public channel picture and each player's private picture.

The renderer draws a :class:`~games.venezia2099.view.Venezia2099View`, never a state, so it
cannot show a forecast card the viewer may not see: the public picture has no hand; a
private picture adds the viewer's own hand, lowest first, with the playable cards marked.

Layout (about 1130 × 900 px, readable when a phone shrinks it to half): a banner with whose
turn it is and what they may still do (or the result), then the board with the coordinates
players type ("d4"), and a side panel with each player's coins, gondola cards, hand size,
figures and treasures, the treasure supply, and the played forecast cards by colour. At the
end a scoring table follows the board.

Colour is never the only cue. Every district shows its value in large type and the shape of
its colour (black circle, purple diamond, green triangle, turquoise square, red star, brown
hexagon) in its corner; water is dark with waves; platforms are grey planks. Figures are
tokens in the seat's colour AND the seat's own shape, with the seat's initial. The squares of
the latest turn carry a thick outline.
"""

from __future__ import annotations

import functools
import math
from typing import Final

from PIL import Image, ImageDraw

from games.core import Catalog, Message, Seat, msg
from games.i18n import Translate
from games.venezia2099.model import COLOURS, Colour, District, square_name, value_label
from games.venezia2099.scoring import Score
from games.venezia2099.state import Action, Phase
from games.venezia2099.view import SquareView, Venezia2099View
from renderers.kit import (
    SEAT_SHAPES,
    Box,
    blend,
    draw_banner,
    draw_centered_text,
    draw_text_in_box,
    font,
    readable_ink,
    regular_polygon_points,
    seat_shape_points,
    supersampled,
)
from renderers.theme import DEFAULT_THEME, RGB, Theme, rgb

# --- Geometry -----------------------------------------------------------------------------

CELL: Final = 84
MARGIN: Final = 18
COORD: Final = 34
BANNER_HEIGHT: Final = 104
PANEL_GAP: Final = 22
PANEL_WIDTH: Final = 380
BOARD_LEFT: Final = MARGIN + COORD
BOARD_TOP: Final = BANNER_HEIGHT + MARGIN
FIGURE: Final = 44
HAND_HEIGHT: Final = 128
CARD_WIDTH: Final = 62
CARD_HEIGHT: Final = 84
SCORE_ROW: Final = 38
OUTLINE: Final = 5

DISTRICT_FILL: Final[dict[Colour, RGB]] = {
    Colour.BLACK: rgb("#3B3B3B"),
    Colour.PURPLE: rgb("#8C5BB0"),
    Colour.GREEN: rgb("#4E9A3F"),
    Colour.TURQUOISE: rgb("#3DBDB3"),
    Colour.RED: rgb("#C8413A"),
    Colour.BROWN: rgb("#8A5A2E"),
}
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

MESSAGES: Final[Catalog] = {
    "en": {
        "venezia2099.img.your_turn": "Your turn: {step}",
        "venezia2099.img.turn": "{player}'s turn: {step}",
        "venezia2099.img.rescue": "{player} must answer: rescue the figure on {square}?",
        "venezia2099.img.your_rescue": "Your figure on {square} is in the water: rescue it?",
        "venezia2099.img.win": "{player} wins",
        "venezia2099.img.shared": "Shared victory",
        "venezia2099.img.you_are": "You are {player}",
        "venezia2099.img.public": "Public board",
        "venezia2099.img.last": "Last: {action}",
        "venezia2099.img.you": "{player} (you)",
        "venezia2099.img.stats": "coins {coins} · gondolas {gondolas} · cards {cards}",
        "venezia2099.img.figures": "figures {on_board} on board, {lost} lost",
        "venezia2099.img.figures_to_place": "figures {on_board} placed, {to_place} to place",
        "venezia2099.img.supply": "Treasure supply",
        "venezia2099.img.played": "Forecasts played",
        "venezia2099.img.aside": "Set aside: {count} cards, hidden until the end",
        "venezia2099.img.aside_revealed": "Set aside (these districts survived)",
        "venezia2099.img.hand": "Your forecast cards, lowest first",
        "venezia2099.img.hand_empty": "No forecast cards left",
        "venezia2099.img.playable": "playable",
        "venezia2099.img.score.player": "Player",
        "venezia2099.img.score.treasures": "Treasures",
        "venezia2099.img.score.figures": "Figures",
        "venezia2099.img.score.x": "X",
        "venezia2099.img.score.coins": "Coins",
        "venezia2099.img.score.total": "Total",
        "venezia2099.img.score.values": "Treasure values",
        "venezia2099.img.action.place": "{player} placed on {target}",
        "venezia2099.img.action.move": "{player} moved {origin} → {target}",
        "venezia2099.img.action.gondola": "{player} took a gondola {origin} → {target}",
        "venezia2099.img.action.buy": "{player} bought {colour} on {target} for {amount}",
        "venezia2099.img.action.play": "{player} played {card}: {target} sank",
        "venezia2099.img.action.rescue": "{player} rescued a figure {origin} → {target}",
        "venezia2099.img.action.drown": "a figure of {player} drowned on {origin}",
        "venezia2099.alt.title": "Venezia 2099, {board}.",
        "venezia2099.alt.public": "the public board",
        "venezia2099.alt.private": "the board of {player} (yours)",
        "venezia2099.alt.latest": "Latest: {actions}.",
        "venezia2099.alt.player": (
            "{player}: {coins} coins, {gondolas} gondola cards, {cards} forecast cards, "
            "figures on {squares}, {lost} lost; treasures: {treasures}."
        ),
        "venezia2099.alt.none": "none",
        "venezia2099.alt.water": "Water: {squares}.",
        "venezia2099.alt.coins": "Coins on squares: {squares}.",
        "venezia2099.alt.platforms": "Platforms: {squares}.",
        "venezia2099.alt.supply": "Supply: {treasures}.",
        "venezia2099.alt.hand": "Your hand: {cards}.",
        "venezia2099.alt.score": "{player}: {total} points.",
    },
    "ru": {
        "venezia2099.img.your_turn": "Ваш ход: {step}",
        "venezia2099.img.turn": "Ходит {player}: {step}",
        "venezia2099.img.rescue": "Ждём ответа игрока {player}: спасать ли фигурку на {square}?",
        "venezia2099.img.your_rescue": "Ваша фигурка на {square} в воде: спасти её?",
        "venezia2099.img.win": "Побеждает {player}",
        "venezia2099.img.shared": "Общая победа",
        "venezia2099.img.you_are": "Вы играете за цвет «{player}»",
        "venezia2099.img.public": "Общая доска",
        "venezia2099.img.last": "Последнее: {action}",
        "venezia2099.img.you": "{player} (вы)",
        "venezia2099.img.stats": "монеты {coins} · гондолы {gondolas} · карты {cards}",
        "venezia2099.img.figures": "фигурки: на поле {on_board}, утонуло {lost}",
        "venezia2099.img.figures_to_place": "фигурки: поставлено {on_board}, осталось {to_place}",
        "venezia2099.img.supply": "Запас сокровищ",
        "venezia2099.img.played": "Сыгранные прогнозы",
        "venezia2099.img.aside": "Отложено карт: {count}, они скрыты до конца игры",
        "venezia2099.img.aside_revealed": "Отложенные карты (эти кварталы уцелели)",
        "venezia2099.img.hand": "Ваши карты прогноза, младшие первыми",
        "venezia2099.img.hand_empty": "Карт прогноза не осталось",
        "venezia2099.img.playable": "можно сыграть",
        "venezia2099.img.score.player": "Игрок",
        "venezia2099.img.score.treasures": "Сокровища",
        "venezia2099.img.score.figures": "Фигурки",
        "venezia2099.img.score.x": "X",
        "venezia2099.img.score.coins": "Монеты",
        "venezia2099.img.score.total": "Итого",
        "venezia2099.img.score.values": "Ценность сокровищ",
        "venezia2099.img.action.place": "{player} ставит фигурку на {target}",
        "venezia2099.img.action.move": "{player}: {origin} → {target}",
        "venezia2099.img.action.gondola": "{player} на гондоле: {origin} → {target}",
        "venezia2099.img.action.buy": "{player} покупает на {target} ({colour}) за {amount}",
        "venezia2099.img.action.play": "{player} играет «{card}»: {target} под водой",
        "venezia2099.img.action.rescue": "{player} спасает фигурку: {origin} → {target}",
        "venezia2099.img.action.drown": "фигурка игрока {player} утонула на {origin}",
        "venezia2099.alt.title": "Венеция 2099, {board}.",
        "venezia2099.alt.public": "общая доска",
        "venezia2099.alt.private": "доска игрока {player} (ваша)",
        "venezia2099.alt.latest": "Последние действия: {actions}.",
        "venezia2099.alt.player": (
            "{player}: монет {coins}, карт гондол {gondolas}, карт прогноза {cards}, "
            "фигурки на {squares}, утонуло {lost}; сокровища: {treasures}."
        ),
        "venezia2099.alt.none": "нет",
        "venezia2099.alt.water": "Вода: {squares}.",
        "venezia2099.alt.coins": "Монеты на клетках: {squares}.",
        "venezia2099.alt.platforms": "Платформы: {squares}.",
        "venezia2099.alt.supply": "Запас: {treasures}.",
        "venezia2099.alt.hand": "Ваши карты: {cards}.",
        "venezia2099.alt.score": "{player}: очков {total}.",
    },
}
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


def image_size(view: Venezia2099View) -> tuple[int, int]:
    """The picture's size: taller for a private hand strip and for the final scores."""
    height = max(board_bottom(view), BOARD_TOP + _panel_height(view)) + MARGIN
    if view.hand is not None and view.phase is not Phase.OVER:
        height += HAND_HEIGHT
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


@functools.cache
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


@functools.cache
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


def _initial(seat: Seat, tr: Translate) -> str:
    return tr(seat_name(seat))[:1].upper()


# --- Drawing ------------------------------------------------------------------------------


def render(view: Venezia2099View, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` in the locale of ``tr``: same view and locale, same pixels."""
    image = Image.new("RGB", image_size(view), theme.background)
    draw = ImageDraw.Draw(image)
    _draw_banner(image, draw, view, tr, theme)
    for square, cell in enumerate(view.squares):
        _draw_square(image, draw, view, square, cell, tr, theme)
    _draw_latest(draw, view, theme)
    _draw_coordinates(draw, view, theme)
    _draw_panel(image, draw, view, tr, theme)
    y = max(board_bottom(view), BOARD_TOP + _panel_height(view)) + MARGIN
    if view.hand is not None and view.phase is not Phase.OVER:
        _draw_hand(image, draw, view, y, tr, theme)
    if view.scores is not None:
        _draw_scores(image, draw, view, view.scores, y, tr, theme)
    return image


def _draw_banner(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Venezia2099View, tr: Translate, theme: Theme
) -> None:
    title, seat = _banner_title(view, tr)
    actions = latest_actions(view)
    if actions:
        subtitle = tr("venezia2099.img.last", action=_action_text(view, actions[-1], tr))
    elif view.viewer is not None:
        subtitle = tr("venezia2099.img.you_are", player=seat_name(view.viewer))
    else:
        subtitle = tr("venezia2099.img.public")
    fill = theme.win if view.phase is Phase.OVER else theme.banner
    icon = 64
    box = draw_banner(
        draw,
        (0, 0, image_width(view), BANNER_HEIGHT),
        title,
        subtitle,
        theme,
        fill=fill,
        icon_width=icon if seat is not None else 0,
    )
    if seat is not None:
        _paste(
            image, _figure_sprite(seat, icon, _initial(seat, tr), theme), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        )


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
    step = tr(f"venezia2099.step.{view.step.value}")
    if view.viewer == view.turn:
        return tr("venezia2099.img.your_turn", step=step), view.turn
    return tr("venezia2099.img.turn", player=seat_name(view.turn), step=step), view.turn


def _draw_square(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Venezia2099View,
    square: int,
    cell: SquareView,
    tr: Translate,
    theme: Theme,
) -> None:
    left, top, right, bottom = cell_box(view, square)
    inner = (left + 1, top + 1, right - 2, bottom - 2)
    if cell.district is None:
        draw.rectangle(inner, fill=PLATFORM)
        for y in range(top + 14, bottom - 4, 14):
            draw.line((left + 6, y, right - 7, y), fill=PLATFORM_LINE, width=2)
    elif cell.sunk:
        draw.rectangle(inner, fill=WATER)
        for y in range(top + 18, bottom - 8, 20):
            for x in range(left + 8, right - 20, 24):
                draw.arc((x, y - 6, x + 12, y + 6), start=200, end=340, fill=WATER_WAVE, width=2)
                draw.arc((x + 12, y - 6, x + 24, y + 6), start=20, end=160, fill=WATER_WAVE, width=2)
    else:
        fill = DISTRICT_FILL[cell.district.colour]
        draw.rectangle(inner, fill=fill)
        ink = readable_ink(fill, theme)
        draw.text((left + 8, top + 4), value_label(cell.district.value), font=font(34, True), fill=ink)
        _paste(image, _colour_sprite(cell.district.colour, 24, ink), (right - 17, top + 17))
    if cell.coins:
        cx, cy = left + 20, bottom - 20
        draw.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=COIN, outline=COIN_INK, width=2)
        draw_centered_text(draw, (cx, cy + 1), str(cell.coins), font(18 if cell.coins < 10 else 14, True), COIN_INK)
    if cell.figure is not None:
        center = (right - FIGURE / 2 - 4, bottom - FIGURE / 2 - 4)
        _paste(image, _figure_sprite(cell.figure, FIGURE, _initial(cell.figure, tr), theme), center)


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


def _draw_coordinates(draw: ImageDraw.ImageDraw, view: Venezia2099View, theme: Theme) -> None:
    face = font(22, bold=True)
    for column in range(view.size):
        left, _, right, bottom = cell_box(view, column)
        draw_centered_text(draw, ((left + right) / 2, bottom + COORD / 2), "abcdefgh"[column], face, theme.muted_text)
    for row in range(view.size):
        _, top, _, bottom = cell_box(view, row * view.size)
        draw_centered_text(draw, (MARGIN + COORD / 2 - 2, (top + bottom) / 2), str(row + 1), face, theme.muted_text)


# --- Side panel ---------------------------------------------------------------------------

PLAYER_ROW: Final = 104
SUPPLY_HEIGHT: Final = 76
PLAYED_ROW: Final = 27


ASIDE_CARD: Final = (44, 58)


def _panel_height(view: Venezia2099View) -> int:
    aside = 40 + (ASIDE_CARD[1] + 8 if view.set_aside is not None else 0)
    return PLAYER_ROW * view.num_players + SUPPLY_HEIGHT + 36 + PLAYED_ROW * len(view.colours) + aside


def _draw_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Venezia2099View, tr: Translate, theme: Theme
) -> None:
    left = panel_left(view)
    right = left + PANEL_WIDTH
    y = BOARD_TOP
    for player in view.players:
        box = (left, y, right, y + PLAYER_ROW - 8)
        _draw_player(image, draw, view, player.seat, box, tr, theme)
        y += PLAYER_ROW
    # The supply.
    draw.rounded_rectangle((left, y, right - 1, y + SUPPLY_HEIGHT - 8), radius=10, fill=theme.panel)
    draw_text_in_box(
        draw, (left + 10, y + 4, right - 10, y + 30), tr("venezia2099.img.supply"), size=20, fill=theme.muted_text
    )
    _draw_treasure_row(image, draw, view, view.supply, left + 10, y + 48, theme)
    y += SUPPLY_HEIGHT
    # The played forecast cards, one row per colour.
    draw_text_in_box(draw, (left, y, right, y + 32), tr("venezia2099.img.played"), size=20, fill=theme.muted_text)
    y += 36
    for colour in view.colours:
        values = sorted(card.value for _, card in view.played if card.colour == colour)
        _paste(image, _colour_sprite(colour, 22, theme.text), (left + 12, y + PLAYED_ROW / 2))
        text = " ".join(value_label(value) for value in values) or "–"
        draw_text_in_box(draw, (left + 30, y, right, y + PLAYED_ROW), text, size=20, fill=theme.text)
        y += PLAYED_ROW
    if view.set_aside is None:
        note = tr("venezia2099.img.aside", count=view.set_aside_count)
        draw_text_in_box(draw, (left, y + 4, right, y + 34), note, size=18, fill=theme.muted_text, min_size=11)
        return
    note = tr("venezia2099.img.aside_revealed")
    draw_text_in_box(draw, (left, y + 4, right, y + 34), note, size=18, fill=theme.muted_text, min_size=11)
    step = min(ASIDE_CARD[0] + 6, PANEL_WIDTH // max(1, len(view.set_aside)))
    for index, card in enumerate(view.set_aside):
        x = left + index * step
        box = (x, y + 40, x + min(ASIDE_CARD[0], step - 4), y + 40 + ASIDE_CARD[1])
        _draw_card(image, draw, card, box, False, theme, small=True)


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Venezia2099View,
    seat: Seat,
    box: Box,
    tr: Translate,
    theme: Theme,
) -> None:
    left, top, right, bottom = box
    player = view.players[seat]
    active = seat in view.to_move
    draw.rounded_rectangle(
        (left, top, right - 1, bottom - 1),
        radius=10,
        fill=blend(theme.panel, theme.highlight, 0.18) if active else theme.panel,
        outline=theme.highlight if active else None,
        width=3,
    )
    _paste(image, _figure_sprite(seat, 34, _initial(seat, tr), theme), (left + 24, top + 22))
    name = tr(seat_name(seat))
    if view.viewer == seat:
        name = tr("venezia2099.img.you", player=name)
    draw_text_in_box(draw, (left + 48, top + 6, right - 8, top + 38), name, size=24, fill=theme.text, bold=True)
    stats = tr("venezia2099.img.stats", coins=player.coins, gondolas=player.gondolas, cards=player.hand_size)
    draw_text_in_box(draw, (left + 10, top + 38, right - 8, top + 60), stats, size=18, fill=theme.text, min_size=11)
    if view.phase is Phase.PLACE:
        figures = tr(
            "venezia2099.img.figures_to_place", on_board=player.figures_on_board, to_place=player.figures_to_place
        )
    else:
        figures = tr("venezia2099.img.figures", on_board=player.figures_on_board, lost=player.figures_lost)
    draw_text_in_box(
        draw, (left + 10, top + 60, right - 8, top + 80), figures, size=16, fill=theme.muted_text, min_size=11
    )
    if any(player.treasures):
        _draw_treasure_row(image, draw, view, player.treasures, left + 10, bottom - 3, theme, small=True)


def _draw_treasure_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Venezia2099View,
    counts: tuple[int, ...],
    left: int,
    middle: float,
    theme: Theme,
    *,
    small: bool = False,
) -> None:
    """Each colour in play: its shape then its count."""
    size = 19 if small else 24
    step = 58
    x = left
    face = font(15 if small else 20, True)
    for index, colour in enumerate(COLOURS):
        if colour not in view.colours:
            continue
        count = counts[index]
        if small and not count:
            continue
        _paste(image, _colour_sprite(colour, size, theme.text), (x + size / 2, middle - (size / 2 if small else 0)))
        draw.text(
            (x + size + 4, middle - (size / 2 if small else 0)), str(count), font=face, fill=theme.text, anchor="lm"
        )
        x += step if not small else 50


# --- Hand and scores ----------------------------------------------------------------------


def _draw_hand(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Venezia2099View, top: int, tr: Translate, theme: Theme
) -> None:
    assert view.hand is not None
    draw_text_in_box(
        draw,
        (BOARD_LEFT, top, image_width(view) - MARGIN, top + 28),
        tr("venezia2099.img.hand"),
        size=22,
        fill=theme.text,
        bold=True,
    )
    if not view.hand:
        draw_text_in_box(
            draw,
            (BOARD_LEFT, top + 34, image_width(view) - MARGIN, top + 80),
            tr("venezia2099.img.hand_empty"),
            size=20,
            fill=theme.muted_text,
        )
        return
    lowest = min(card.value for card in view.hand)
    available = image_width(view) - MARGIN - BOARD_LEFT
    step = min(CARD_WIDTH + 8, available // len(view.hand))
    for index, card in enumerate(view.hand):
        left = BOARD_LEFT + index * step
        _draw_card(
            image,
            draw,
            card,
            (left, top + 34, left + min(CARD_WIDTH, step - 4), top + 34 + CARD_HEIGHT),
            card.value == lowest,
            theme,
        )


def _draw_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    card: District,
    box: Box,
    playable: bool,
    theme: Theme,
    *,
    small: bool = False,
) -> None:
    left, top, right, bottom = box
    fill = DISTRICT_FILL[card.colour]
    ink = readable_ink(fill, theme)
    edge = theme.highlight if playable else theme.board_edge
    if small:
        draw.rounded_rectangle((left, top, right - 1, bottom - 1), radius=6, fill=fill, outline=edge, width=2)
        draw_centered_text(draw, ((left + right) / 2, top + 19), value_label(card.value), font(24, True), ink)
        _paste(image, _colour_sprite(card.colour, 18, ink), ((left + right) / 2, bottom - 13))
        return
    draw.rounded_rectangle(
        (left, top, right - 1, bottom - 1), radius=8, fill=fill, outline=edge, width=4 if playable else 2
    )
    draw_centered_text(draw, ((left + right) / 2, top + 30), value_label(card.value), font(34, True), ink)
    _paste(image, _colour_sprite(card.colour, 24, ink), ((left + right) / 2, bottom - 20))


def _draw_scores(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Venezia2099View,
    scores: tuple[Score, ...],
    top: int,
    tr: Translate,
    theme: Theme,
) -> None:
    columns = (
        ("venezia2099.img.score.player", 0),
        ("venezia2099.img.score.treasures", 300),
        ("venezia2099.img.score.figures", 470),
        ("venezia2099.img.score.x", 620),
        ("venezia2099.img.score.coins", 700),
        ("venezia2099.img.score.total", 850),
    )
    left = BOARD_LEFT
    for key, offset in columns:
        draw_text_in_box(
            draw,
            (left + offset, top, left + offset + 160, top + SCORE_ROW),
            tr(key),
            size=20,
            fill=theme.muted_text,
            bold=True,
        )
    ranks = view.outcome.ranks if view.outcome is not None else tuple(1 for _ in scores)
    order = sorted(range(len(scores)), key=lambda seat: (ranks[seat], seat))
    for row, seat in enumerate(order, start=1):
        y = top + row * SCORE_ROW
        line = scores[seat]
        _paste(image, _figure_sprite(seat, 28, _initial(seat, tr), theme), (left + 14, y + SCORE_ROW / 2))
        name = f"{ranks[seat]}. {tr(seat_name(seat))}"
        cells = (name, str(line.treasures), str(line.figures), str(line.x_districts), str(line.coins), str(line.total))
        for (_, offset), text in zip(columns, cells, strict=True):
            shift = 34 if offset == 0 else 0
            draw_text_in_box(
                draw,
                (left + offset + shift, y, left + offset + 240, y + SCORE_ROW),
                text,
                size=22,
                fill=theme.text,
                bold=offset == 850,
            )
    if view.treasure_values is not None:
        y = top + (len(scores) + 1) * SCORE_ROW
        draw_text_in_box(
            draw,
            (left, y, left + 260, y + SCORE_ROW),
            tr("venezia2099.img.score.values"),
            size=20,
            fill=theme.muted_text,
        )
        _draw_treasure_row(image, draw, view, view.treasure_values, left + 270, y + SCORE_ROW / 2, theme)


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
    """A full description of the picture for screen readers, in the locale of ``tr``."""
    board = (
        tr("venezia2099.alt.public")
        if view.viewer is None
        else tr("venezia2099.alt.private", player=seat_name(view.viewer))
    )
    parts = [tr("venezia2099.alt.title", board=board), _banner_title(view, tr)[0] + "."]
    if view.outcome is not None:
        parts.append(tr(view.outcome.reason))
    actions = latest_actions(view)
    if actions:
        parts.append(tr("venezia2099.alt.latest", actions="; ".join(_action_text(view, a, tr) for a in actions)))
    none = tr("venezia2099.alt.none")
    for player in view.players:
        squares = [
            f"{square_name(i, view.size)} ({_tile(view, cell, tr)})"
            for i, cell in enumerate(view.squares)
            if cell.figure == player.seat
        ]
        parts.append(
            tr(
                "venezia2099.alt.player",
                player=seat_name(player.seat),
                coins=player.coins,
                gondolas=player.gondolas,
                cards=player.hand_size,
                squares=", ".join(squares) or none,
                lost=player.figures_lost,
                treasures=_treasures(view, player.treasures, tr) or none,
            )
        )
    water = [square_name(i, view.size) for i, cell in enumerate(view.squares) if cell.sunk]
    parts.append(tr("venezia2099.alt.water", squares=", ".join(water) or none))
    platforms = [square_name(i, view.size) for i, cell in enumerate(view.squares) if cell.district is None]
    parts.append(tr("venezia2099.alt.platforms", squares=", ".join(platforms) or none))
    coins = [f"{square_name(i, view.size)} {cell.coins}" for i, cell in enumerate(view.squares) if cell.coins]
    parts.append(tr("venezia2099.alt.coins", squares=", ".join(coins) or none))
    parts.append(tr("venezia2099.alt.supply", treasures=_treasures(view, view.supply, tr) or none))
    if view.hand is not None and view.phase is not Phase.OVER:
        cards = ", ".join(tr(f"venezia2099.district.{card.code}") for card in view.hand)
        parts.append(tr("venezia2099.alt.hand", cards=cards or none))
    if view.scores is not None:
        for seat, line in enumerate(view.scores):
            parts.append(tr("venezia2099.alt.score", player=seat_name(seat), total=line.total))
    return " ".join(parts)


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
