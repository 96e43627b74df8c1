"""Persistent components: ids in, one handler call out; no game state lives in a view.

Every component is a ``discord.ui.DynamicItem`` whose custom_id (see :mod:`bot.discord.ids`)
says which match (or tournament) and which choice it is, so components keep working after a
restart. The builders here turn the engine's legal moves into buttons and selects, so
nothing illegal is ever offered. A callback only parses its id and hands the click to the
cog that owns the feature, found through the bot (``interaction.client``): this module
imports no handler, so the posts that carry these components depend on no click handler.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final, Protocol, cast

import discord
from discord.ext import commands

from bot.discord import ids
from bot.present import next_choices
from bot.records import MatchStatus
from bot.service import Match, MoveOption
from bot.tournaments.service import Tournament
from games.i18n import Translate

MATCH_COG: Final = "Matches"
"""The cog that answers the lobby, board and move-picker components (``bot.discord.cogs.play``)."""
TOURNAMENT_COG: Final = "Tournaments"
"""The cog that answers the sign-up buttons (``bot.discord.cogs.tournaments``)."""
SEATS_COG: Final = "Seats"
"""The cog that answers take-back and seat-offer buttons (``bot.discord.cogs.seats``)."""


class MatchClicks(Protocol):
    """What the match cog does with a click."""

    async def lobby_click(self, interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
        """Join, leave, start or cancel."""
        ...

    async def board_click(self, interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
        """The "Play my move" or "My view" button."""
        ...

    async def pick(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        version: int,
        path: tuple[str, ...],
        *,
        navigate_only: bool = False,
    ) -> None:
        """One step of building a move (or going back one)."""
        ...


class SignupClicks(Protocol):
    """What the tournament cog does with a sign-up click."""

    async def signup_click(self, interaction: discord.Interaction[Any], tournament_id: int, action: str) -> None:
        """Join, leave or check in."""
        ...


class SeatClicks(Protocol):
    """What the seats cog does with a take-back or seat-offer click."""

    async def takeback_click(
        self, interaction: discord.Interaction[Any], match_id: int, version: int, action: str
    ) -> None:
        """Take my move back, or agree to / refuse another player's request."""
        ...

    async def offer_click(self, interaction: discord.Interaction[Any], offer_id: int, action: str) -> None:
        """Accept a seat, volunteer for it, or confirm a volunteer."""
        ...

    async def undo_command(self, interaction: discord.Interaction[Any], match_id: int | None) -> None:
        """``/game undo`` (declared in the ``/game`` group of the match cog)."""
        ...

    async def sub_command(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member | discord.User | None,
        seat: int | None,
        match_id: int | None,
    ) -> None:
        """``/game sub`` (declared in the ``/game`` group of the match cog)."""
        ...


def seat_clicks(interaction: discord.Interaction[Any]) -> SeatClicks:
    """The seats cog of the bot that received the click (or the command)."""
    return cast(SeatClicks, cast(commands.Bot, interaction.client).get_cog(SEATS_COG))


def match_clicks(interaction: discord.Interaction[Any]) -> MatchClicks:
    """The match cog of the bot that received the click."""
    return cast(MatchClicks, cast(commands.Bot, interaction.client).get_cog(MATCH_COG))


def signup_clicks(interaction: discord.Interaction[Any]) -> SignupClicks:
    """The tournament cog of the bot that received the click."""
    return cast(SignupClicks, cast(commands.Bot, interaction.client).get_cog(TOURNAMENT_COG))


BUTTONS_PER_ROW = 5
MAX_BUTTON_CHOICES = 20
OPTIONS_PER_SELECT = 25
MAX_SELECTS = 4


def fit_label(label: str, limit: int = 80) -> str:
    """A button label within Discord's limit, cut at a word with an ellipsis."""
    return label if len(label) <= limit else label[: limit - 1].rsplit(" ", 1)[0] + "…"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    """Join, leave, start or cancel a match in the lobby."""

    def __init__(
        self, match_id: int, action: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(discord.ui.Button(label=label or action, style=style, custom_id=ids.lobby(match_id, action)))
        self.match_id = match_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["match"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await match_clicks(interaction).lobby_click(interaction, self.match_id, self.action)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BOARD_TEMPLATE):
    """Under a board post: open my move picker, or show my private view."""

    def __init__(
        self, match_id: int, action: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary
    ) -> None:
        super().__init__(discord.ui.Button(label=label or action, style=style, custom_id=ids.board(match_id, action)))
        self.match_id = match_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["match"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await match_clicks(interaction).board_click(interaction, self.match_id, self.action)


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PICK_TEMPLATE):
    """One choice while building a move; a complete path plays the move."""

    def __init__(
        self,
        match_id: int,
        version: int,
        path: tuple[str, ...],
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = ids.pick(match_id, version, path)
        super().__init__(discord.ui.Button(label=fit_label(label or "·"), style=style, custom_id=custom_id))
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickButton:
        return cls(int(match["match"]), int(match["version"]), ids.split_path(match["path"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await match_clicks(interaction).pick(interaction, self.match_id, self.version, self.path)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BACK_TEMPLATE):
    """Go back one step while building a move."""

    def __init__(self, match_id: int, version: int, path: tuple[str, ...], label: str = "") -> None:
        custom_id = ids.back(match_id, version, path)
        super().__init__(
            discord.ui.Button(label=label or "<", style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["match"]), int(match["version"]), ids.split_path(match["path"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await match_clicks(interaction).pick(interaction, self.match_id, self.version, self.path, navigate_only=True)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    """A select menu of next choices, for steps with too many choices for buttons."""

    def __init__(
        self,
        match_id: int,
        version: int,
        path: tuple[str, ...],
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
        row: int | None = None,
        part: int = 0,
    ) -> None:
        custom_id = ids.select(match_id, version, path, part)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            options=list(options) or [discord.SelectOption(label="·", value="·")],
            placeholder=placeholder[:150] or None,
            row=row,
        )
        super().__init__(select)
        self.match_id, self.version, self.path = match_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        part = int(match["part"]) if match["part"] else 0
        return cls(int(match["match"]), int(match["version"]), ids.split_path(match["path"]), part=part)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        token = self.item.values[0] if self.item.values else ""
        await match_clicks(interaction).pick(interaction, self.match_id, self.version, (*self.path, token))


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SIGNUP_TEMPLATE):
    """Join, leave or check in from a tournament's sign-up message."""

    def __init__(
        self,
        tournament_id: int,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = ids.signup(tournament_id, action)
        super().__init__(discord.ui.Button(label=label or action, style=style, custom_id=custom_id))
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(int(match["tournament"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await signup_clicks(interaction).signup_click(interaction, self.tournament_id, self.action)


class TakeBackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TAKEBACK_TEMPLATE):
    """Take my last move back (``undo``), or answer another player's request (``yes`` / ``no``)."""

    def __init__(
        self,
        match_id: int,
        version: int,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        custom_id = ids.takeback(match_id, version, action)
        super().__init__(discord.ui.Button(label=fit_label(label or action), style=style, custom_id=custom_id))
        self.match_id, self.version, self.action = match_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakeBackButton:
        return cls(int(match["match"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await seat_clicks(interaction).takeback_click(interaction, self.match_id, self.version, self.action)


class OfferButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.OFFER_TEMPLATE):
    """Accept an offered seat, volunteer for one, or confirm a volunteer."""

    def __init__(
        self, offer_id: int, action: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary
    ) -> None:
        custom_id = ids.seat_offer(offer_id, action)
        super().__init__(discord.ui.Button(label=fit_label(label or action), style=style, custom_id=custom_id))
        self.offer_id, self.action = offer_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OfferButton:
        return cls(int(match["offer"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await seat_clicks(interaction).offer_click(interaction, self.offer_id, self.action)


SEAT_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (TakeBackButton, OfferButton)


MATCH_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    BoardButton,
    PickButton,
    BackButton,
    PickSelect,
)


# --- Builders -----------------------------------------------------------------------------


def lobby_view(match: Match, tr: Translate) -> discord.ui.View:
    """Join / Leave / Start / Cancel under a lobby message (nothing once it has started)."""
    view = discord.ui.View(timeout=None)
    if match.record.status != MatchStatus.LOBBY:
        return view
    view.add_item(LobbyButton(match.id, "join", tr("core.button.join"), discord.ButtonStyle.success))
    view.add_item(LobbyButton(match.id, "leave", tr("core.button.leave")))
    view.add_item(LobbyButton(match.id, "start", tr("core.button.start"), discord.ButtonStyle.primary))
    view.add_item(LobbyButton(match.id, "cancel", tr("core.button.cancel"), discord.ButtonStyle.danger))
    return view


def board_view(match: Match, tr: Translate) -> discord.ui.View:
    """The "Play my move" and "My view" buttons under a board post, while the match runs."""
    view = discord.ui.View(timeout=None)
    if match.is_running:
        view.add_item(BoardButton(match.id, "play", tr("core.button.play"), discord.ButtonStyle.primary))
        view.add_item(BoardButton(match.id, "mine", tr("core.button.mine"), discord.ButtonStyle.secondary))
    return view


def digest_view(games: Sequence[Any], tr: Translate) -> discord.ui.View:
    """One "play" button per waiting game under a reminder digest: each opens that game's choices."""
    view = discord.ui.View(timeout=None)
    for index, game in enumerate(games[:MAX_BUTTON_CHOICES]):
        match = game.match
        label = tr("core.digest.play", match=match.id, game=tr(f"{match.game.key}.title"))
        button = BoardButton(match.id, "play", fit_label(label), discord.ButtonStyle.primary)
        view.add_item(_row(button, index // BUTTONS_PER_ROW))
    return view


def signup_view(tournament: Tournament, tr: Translate) -> discord.ui.View:
    """Join / Leave (/ Check in) while sign-up is open; nothing afterwards."""
    view = discord.ui.View(timeout=None)
    if tournament.status != "signup":
        return view
    view.add_item(SignupButton(tournament.id, "join", tr("tournament.button.join"), discord.ButtonStyle.success))
    view.add_item(SignupButton(tournament.id, "leave", tr("tournament.button.leave")))
    if tournament.check_in:
        view.add_item(
            SignupButton(tournament.id, "checkin", tr("tournament.button.check_in"), discord.ButtonStyle.primary)
        )
    return view


def picker_view(match: Match, options: Sequence[MoveOption], prefix: tuple[str, ...], tr: Translate) -> discord.ui.View:
    """The choices of the next step after ``prefix``: buttons when few, selects when many."""
    view = discord.ui.View(timeout=None)
    choices = next_choices(options, prefix)
    if len(choices) <= MAX_BUTTON_CHOICES:
        for index, (token, label) in enumerate(choices.items()):
            view.add_item(
                _row(PickButton(match.id, match.version, (*prefix, token), tr(label)), index // BUTTONS_PER_ROW)
            )
    else:
        items = list(choices.items())
        for number in range(min(MAX_SELECTS, -(-len(items) // OPTIONS_PER_SELECT))):
            chunk = items[number * OPTIONS_PER_SELECT : (number + 1) * OPTIONS_PER_SELECT]
            select_options = [
                discord.SelectOption(label=fit_label(tr(label), 100), value=token) for token, label in chunk
            ]
            view.add_item(
                PickSelect(
                    match.id,
                    match.version,
                    prefix,
                    select_options,
                    tr("core.select.placeholder"),
                    row=number,
                    part=number,
                )
            )
    if prefix:
        view.add_item(_row(BackButton(match.id, match.version, prefix[:-1], tr("core.button.back")), 4))
    return view


def _row(item: discord.ui.DynamicItem[Any], row: int) -> discord.ui.DynamicItem[Any]:
    item.item.row = row
    return item


def add_undo_button(view: discord.ui.View, match_id: int, version: int, tr: Translate) -> None:
    """Add "Take back my move" to a private panel, if the view has room for it."""
    button = TakeBackButton(match_id, version, "undo", tr("core.button.undo"))
    try:
        view.add_item(button)
    except ValueError:  # a full picker: /game undo still works
        return


def takeback_request_view(match_id: int, version: int, tr: Translate) -> discord.ui.View:
    """Agree / Refuse under a request to take a move back."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeBackButton(match_id, version, "yes", tr("core.button.undo_agree"), discord.ButtonStyle.success))
    view.add_item(TakeBackButton(match_id, version, "no", tr("core.button.undo_refuse"), discord.ButtonStyle.danger))
    return view


def offer_view(offer_id: int, action: str, tr: Translate) -> discord.ui.View:
    """The one button of a seat offer at its stage: accept, take, or confirm."""
    view = discord.ui.View(timeout=None)
    labels = {"accept": "core.button.sub_accept", "take": "core.button.sub_take", "confirm": "core.button.sub_confirm"}
    view.add_item(OfferButton(offer_id, action, tr(labels[action]), discord.ButtonStyle.success))
    return view
