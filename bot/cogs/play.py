"""Slash commands: ``/game new|join|leave|start|cancel|resign|draw|show|list`` and ``/move``.

Each command translates an interaction into one service call and one private answer; the
public posts come from the notifier. Names and descriptions are translated at sync time
through ``locale_str`` keys (the ``cmd.*`` keys of ``bot.i18n``).
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import actions, history, present
from bot.actions import locale_of, mention
from bot.clocks import TimeControl
from bot.cogs.names import command_name as _cmd
from bot.cogs.names import description as _desc
from bot.cogs.names import match_option
from bot.cogs.names import option_description as _param_desc
from bot.cogs.names import option_name as _param
from bot.components import board_view
from bot.i18n import tr_for
from bot.service import Match
from bot.service_errors import ServiceError
from games import REGISTRY
from games.core import InvalidMove

if TYPE_CHECKING:
    from bot.app import SerenissimaBot

MAX_MOVE_TEXT = 100
LOG_INLINE_LIMIT = 1900
MAX_LIST = 15

GAME_CHOICES = [app_commands.Choice(name=_(key, key=f"{key}.title"), value=key) for key in REGISTRY]


class PlayCog(commands.Cog):
    """Every command of a match's life."""

    game = app_commands.Group(name=_cmd("game"), description=_desc("game"), guild_only=True)

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot
        for command in self.game.commands:
            command.description = _desc(command.name)  # type: ignore[assignment]

    async def _match(self, interaction: discord.Interaction[Any], match_id: int | None) -> Match:
        return await self.bot.service.find_match(
            match_id=match_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
        )

    # --- Lobby ----------------------------------------------------------------------------------

    @game.command(name=_cmd("new"), description=_desc("new"))
    @app_commands.rename(
        game=_param("game"),
        players=_param("players"),
        options=_param("options"),
        time_limit=_param("time_limit"),
        bank=_param("bank"),
        vs_autopilot=_param("vs_autopilot"),
        rated=_param("rated"),
        min_completion=_param("min_completion"),
    )
    @app_commands.describe(
        game=_param_desc("game"),
        players=_param_desc("players"),
        options=_param_desc("options"),
        time_limit=_param_desc("time_limit"),
        bank=_param_desc("bank"),
        vs_autopilot=_param_desc("vs_autopilot"),
        rated=_param_desc("rated"),
        min_completion=_param_desc("min_completion"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: app_commands.Range[int, 1, 8] | None = None,
        options: app_commands.Range[str, 0, 200] | None = None,
        time_limit: app_commands.Range[str, 0, 20] | None = None,
        bank: app_commands.Range[str, 0, 20] | None = None,
        vs_autopilot: bool = False,
        min_completion: app_commands.Range[int, 0, 100] = 0,
        rated: bool = True,
    ) -> None:
        """Open a match in this channel (in a thread of its own when possible)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        tr = tr_for(locale)
        channel = interaction.channel
        guild = interaction.guild
        if guild is None or channel is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            raise ServiceError("core.error.no_match_here")
        me = guild.me
        perms = channel.permissions_for(me)
        if not (perms.send_messages or perms.send_messages_in_threads) or not perms.attach_files:
            raise ServiceError("core.error.no_permission_post")
        control = TimeControl.from_text(time_limit, bank)
        match = await self.bot.service.create_match(
            game,
            interaction.user.id,
            guild_id=guild.id,
            channel_id=channel.id,
            players=players,
            options_text=options or "",
            time_control=control,
            min_completion=min_completion,
            vs_autopilot=vs_autopilot,
            rated=rated,
        )
        home, notes = await self._open_home(match, channel)
        await interaction.followup.send(
            "\n".join([*notes, tr("core.lobby.created_reply", match=match.id, where=home.mention)]), ephemeral=True
        )
        await self.bot.flush_notifications()

    async def _open_home(self, match: Match, channel: discord.TextChannel | discord.Thread) -> tuple[Any, list[str]]:
        """A thread for the match where the channel allows it, else the channel; posts the lobby."""
        guild_tr = tr_for(actions.public_locale(channel))
        notes: list[str] = []
        home: Any = channel
        if isinstance(channel, discord.TextChannel):
            perms = channel.permissions_for(channel.guild.me)
            if perms.create_public_threads and perms.send_messages_in_threads:
                try:
                    home = await channel.create_thread(
                        name=present.title(match, guild_tr)[:100],
                        type=discord.ChannelType.public_thread,
                        auto_archive_duration=10080,
                    )
                except discord.Forbidden:
                    home = channel
            if home is channel:
                notes.append(guild_tr("core.error.no_permission_thread"))
        message = await home.send(
            **actions.lobby_message(match, guild_tr), allowed_mentions=discord.AllowedMentions.none()
        )
        await self.bot.store.set_location(
            match.id, thread_id=home.id if home is not channel else None, lobby_message_id=message.id
        )
        return home, notes

    @game.command(name=_cmd("join"), description=_desc("join"))
    @match_option
    async def join(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Take a seat."""
        await self._lobby(interaction, match, "join")

    @game.command(name=_cmd("leave"), description=_desc("leave"))
    @match_option
    async def leave(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Give up a seat before the start."""
        await self._lobby(interaction, match, "leave")

    @game.command(name=_cmd("start"), description=_desc("start"))
    @match_option
    async def start(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Start before every seat is taken."""
        await self._lobby(interaction, match, "start")

    @game.command(name=_cmd("cancel"), description=_desc("cancel"))
    @match_option
    async def cancel(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Cancel a match."""
        await self._lobby(interaction, match, "cancel")

    async def _lobby(self, interaction: discord.Interaction[Any], match_id: int | None, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        match = (
            await self._lobby_match(interaction, match_id)
            if action == "join"
            else await self._match(interaction, match_id)
        )
        await actions.lobby_action(interaction, match.id, action, locale)

    async def _lobby_match(self, interaction: discord.Interaction[Any], match_id: int | None) -> Match:
        """For /game join: the given match, this thread's, or the only open lobby in this channel."""
        if match_id is not None or interaction.channel_id is None:
            return await self._match(interaction, match_id)
        record = await self.bot.store.match_in_channel(interaction.channel_id)
        if record is not None:
            return await self.bot.service.get_match(record.id)
        lobbies = [
            r
            for r in await self.bot.store.matches_in_guild(interaction.guild_id, ("lobby",))
            if r.channel_id == interaction.channel_id
        ]
        if len(lobbies) == 1:
            return await self.bot.service.get_match(lobbies[0].id)
        raise ServiceError("core.error.no_match_here")

    # --- Play -------------------------------------------------------------------------------------

    @game.command(name=_cmd("resign"), description=_desc("resign"))
    @match_option
    async def resign(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Resign: the match is lost."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        found = await self._match(interaction, match)
        change = await self.bot.service.resign(found.id, interaction.user.id)
        tr = tr_for(locale)
        await interaction.followup.send(present.status(change.match, tr, mention), ephemeral=True)
        await self.bot.flush_notifications()

    @game.command(name=_cmd("draw"), description=_desc("draw"))
    @match_option
    async def draw(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Offer a draw, or accept the one on the table."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        found = await self._match(interaction, match)
        change = await self.bot.service.offer_draw(found.id, interaction.user.id)
        tr = tr_for(locale)
        text = present.lines(change.messages, tr, mention)
        await interaction.followup.send(f"{text}\n{present.status(change.match, tr, mention)}", ephemeral=True)
        await self.bot.flush_notifications()

    @game.command(name=_cmd("claim"), description=_desc("claim"))
    @match_option
    async def claim(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Claim the win after the opponent's time ran out (two-player matches)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        change = await self.bot.service.claim_win(found.id, interaction.user.id)
        await interaction.followup.send(present.status(change.match, tr, mention), ephemeral=True)
        await self.bot.flush_notifications()

    @game.command(name=_cmd("log"), description=_desc("log"))
    @match_option
    async def log(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Every move so far, in words, from the public view only."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        entries = await history.history(self.bot.service, found, None)
        lines = [f"{ply + 1}. " + present.lines(messages, tr, mention).replace("\n", " ") for ply, messages in entries]
        header = present.headline(found, tr)
        body = "\n".join(lines) or tr("core.log.empty")
        if len(header) + len(body) < LOG_INLINE_LIMIT:
            await interaction.followup.send(
                f"**{header}**\n{body}", ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        text_file = discord.File(io.BytesIO(f"{header}\n\n{body}\n".encode()), filename=f"match{found.id}-log.txt")
        await interaction.followup.send(tr("core.log.attached", count=len(lines)), file=text_file, ephemeral=True)

    @game.command(name=_cmd("export"), description=_desc("export"))
    @match_option
    async def export(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """The match record as a JSON file (public-only until the match is over)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        data = await history.export(self.bot.service, found.id)
        payload = json.dumps(data, ensure_ascii=False, indent=1).encode()
        key = "core.export.final" if "seed" in data else "core.export.running"
        await interaction.followup.send(
            tr(key), file=discord.File(io.BytesIO(payload), filename=f"match{found.id}.json"), ephemeral=True
        )

    @game.command(name=_cmd("show"), description=_desc("show"))
    @match_option
    async def show(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """The current public board, privately; seated players also get their buttons."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        tr = tr_for(locale)
        found = await self._match(interaction, match)
        if found.state is None:
            await interaction.followup.send(actions.lobby_content(found, tr), ephemeral=True)
            return
        lines = [present.headline(found, tr), present.status(found, tr, mention)]
        if found.seat_of(interaction.user.id) is not None:
            lines.append(tr("core.show.public_only"))
        await interaction.followup.send(
            "\n".join(lines), file=await actions.render(found, None, locale), view=board_view(found, tr), ephemeral=True
        )

    @game.command(name=_cmd("mine"), description=_desc("mine"))
    @match_option
    async def mine(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """My private view and my move choices, ephemerally (the way to play with closed DMs)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        found = await self._match(interaction, match)
        if found.seat_of(interaction.user.id) is None:
            await interaction.followup.send(tr_for(locale)("core.not_a_player"), ephemeral=True)
            return
        panel = await actions.private_panel(self.bot.service, found, interaction.user.id, locale)
        await interaction.followup.send(ephemeral=True, **panel)

    @game.command(name=_cmd("standing"), description=_desc("standing"))
    @app_commands.rename(answer=_param("answer"), match=_param("match"))
    @app_commands.describe(answer=_param_desc("answer"), match=_param_desc("match"))
    async def standing(
        self, interaction: discord.Interaction[Any], answer: str | None = None, match: int | None = None
    ) -> None:
        """Set (or clear) an answer given in advance to the game's out-of-turn question."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        label = await self.bot.service.set_standing_answer(found.id, interaction.user.id, answer or None)
        text = tr(label) if answer is None else tr("core.standing.set", answer=tr(label))
        await interaction.followup.send(text, ephemeral=True)
        await self.bot.flush_notifications()

    @standing.autocomplete("answer")
    async def standing_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The standing answers of the match's game."""
        try:
            found = await self._match(interaction, getattr(interaction.namespace, "match", None))
        except ServiceError:
            return []
        tr = tr_for(await locale_of(interaction))
        choices = await self.bot.service.standing_choices(found)
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=tr(c.label)[:100], value=c.token)
            for c in choices
            if typed in c.token or typed in tr(c.label).lower()
        ][:25]

    @game.command(name=_cmd("list"), description=_desc("list"))
    async def list_matches(self, interaction: discord.Interaction[Any]) -> None:
        """This server's matches, mine first."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        records = await self.bot.service.list_matches(interaction.guild_id, interaction.user.id)
        if not records:
            await interaction.followup.send(tr("core.list.empty"), ephemeral=True)
            return
        rows = [tr("core.list.header")]
        for record in records[:MAX_LIST]:
            match = await self.bot.service.get_match(record.id)
            status = tr(f"core.list.status.{record.status}")
            if interaction.user.id in match.users_to_move():
                status += f" · **{tr('core.list.your_turn')}**"
            players = " ".join(mention(user) for user in record.seats)
            row = tr(
                "core.list.row", match=record.id, game=tr(f"{record.game_key}.title"), status=status, players=players
            )
            if record.home_channel_id:
                row += f" · <#{record.home_channel_id}>"
            rows.append(row)
        if len(records) > MAX_LIST:
            rows.append(tr("core.list.more", count=len(records) - MAX_LIST))
        await interaction.followup.send(
            "\n".join(rows), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=_cmd("move"), description=_desc("move"))
    @app_commands.rename(code=_param("code"), match=_param("match"))
    @app_commands.describe(code=_param_desc("code"), match=_param_desc("match"))
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], code: str, match: int | None = None) -> None:
        """Play a move by its code (autocomplete offers exactly the legal ones)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        if len(code) > MAX_MOVE_TEXT:
            raise InvalidMove("core.error.too_long", "That is too long to be a move.")
        found = await self._match(interaction, match)
        change = await self.bot.service.submit_move(found.id, interaction.user.id, code)
        panel = await actions.answer_and_notify(self.bot, change, interaction.user.id, locale)
        await interaction.followup.send(ephemeral=True, **panel)

    @move.autocomplete("code")
    async def move_code_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal moves of the user that start with (or mention) what was typed, at most 25."""
        try:
            found = await self._match(interaction, getattr(interaction.namespace, "match", None))
        except ServiceError:
            return []
        options = await self.bot.service.move_options(found, interaction.user.id)
        tr = tr_for(await locale_of(interaction))
        typed = current.strip().lower()
        chosen = [o for o in options if o.code.lower().startswith(typed)] or [
            o for o in options if typed in present.option_label(o, tr).lower()
        ]
        return [app_commands.Choice(name=present.option_label(o, tr)[:100], value=o.code) for o in chosen[:25]]

    @join.autocomplete("match")
    async def open_match_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """Lobbies of this server."""
        tr = tr_for(await locale_of(interaction))
        records = await self.bot.store.matches_in_guild(interaction.guild_id, ("lobby",))
        return [
            app_commands.Choice(name=f"#{r.id} {tr(f'{r.game_key}.title')} ({len(r.seats)}/{r.max_seats})", value=r.id)
            for r in records
            if str(r.id).startswith(current.strip())
        ][:25]

    @leave.autocomplete("match")
    @start.autocomplete("match")
    @cancel.autocomplete("match")
    @resign.autocomplete("match")
    @draw.autocomplete("match")
    @show.autocomplete("match")
    @mine.autocomplete("match")
    @claim.autocomplete("match")
    @log.autocomplete("match")
    @export.autocomplete("match")
    @standing.autocomplete("match")
    @move.autocomplete("match")
    async def my_match_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The user's own open and running matches."""
        tr = tr_for(await locale_of(interaction))
        records = await self.bot.service.user_matches(interaction.user.id)
        return [
            app_commands.Choice(
                name=f"#{r.id} {tr(f'{r.game_key}.title')} ({tr(f'core.list.status.{r.status}')})", value=r.id
            )
            for r in records
            if r.guild_id == interaction.guild_id and str(r.id).startswith(current.strip())
        ][:25]
