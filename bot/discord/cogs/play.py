"""Matches on Discord: ``/game ...`` and ``/move``, and the clicks on the match components.

``/game new|join|leave|start|cancel|resign|draw|claim|show|mine|log|export|standing|list``;
the components are the lobby buttons, the board buttons and the move picker. Each command
or click translates an interaction into one service call and one private answer; the
public posts come from the notifier once the work is done (:mod:`bot.discord.delivery`).
A move typed with ``/move`` and a move clicked follow one code path. Names and
descriptions are translated at sync time through ``locale_str`` keys (the ``cmd.*`` keys
of ``bot.i18n``). Loaded as an extension: :func:`setup`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import history, present
from bot.clocks import TimeControl
from bot.discord.channels import match_place, open_match_home
from bot.discord.client import SerenissimaBot
from bot.discord.components import MATCH_COG, MATCH_ITEMS, add_undo_button, board_view, seat_clicks
from bot.discord.context import is_admin, locale_of, where_of
from bot.discord.delivery import own_work
from bot.discord.errors import guarded
from bot.discord.names import GAME_CHOICES, choice, match_option
from bot.discord.names import command_name as _cmd
from bot.discord.names import description as _desc
from bot.discord.names import option_description as _param_desc
from bot.discord.names import option_name as _param
from bot.discord.names import options as _options
from bot.discord.payloads import (
    after_move,
    lobby_content,
    mention,
    private_panel,
    public_locale,
    render,
)
from bot.i18n import tr_for
from bot.service import Change, Match, MoveOption
from bot.service_errors import ServiceError, StaleMove
from games.ai import Level
from games.core import InvalidMove, Locale, Message

MAX_MOVE_TEXT = 100
LOG_INLINE_LIMIT = 1900
MAX_LIST = 15

LEVEL_CHOICES = [choice(f"core.level.{level.value}", level.value) for level in Level]


class PlayCog(commands.Cog, name=MATCH_COG):
    """Every command and click of a match's life."""

    game = app_commands.Group(name=_cmd("game"), description=_desc("game"), guild_only=True)

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    async def _match(self, interaction: discord.Interaction[Any], match_id: int | None) -> Match:
        return await self.bot.service.find_match(
            match_id=match_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
        )

    # --- Lobby ----------------------------------------------------------------------------------

    @game.command(name=_cmd("new"), description=_desc("new"))
    @_options("game", "players", "options", "time_limit", "bank", "vs_autopilot", "level", "rated", "min_completion")
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
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
        level: str = Level.EASY.value,
    ) -> None:
        """Open a match in this channel (in a thread of its own when possible)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        tr = tr_for(locale)
        channel = interaction.channel
        guild = interaction.guild
        if guild is None or channel is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            raise ServiceError("core.error.no_match_here")
        service = self.bot.service
        forum = await match_place(self.bot, service, channel)
        if time_limit or bank:
            control = TimeControl.from_text(time_limit, bank)
        else:
            control = (await service.server_settings(guild.id)).time_control
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
            level=Level(level),
        )
        home, notes = await self._open_home(match, channel, forum)
        await interaction.followup.send(
            "\n".join([*notes, tr("core.lobby.created_reply", match=match.id, where=home.mention)]), ephemeral=True
        )

    async def _open_home(
        self, match: Match, channel: discord.TextChannel | discord.Thread, forum: discord.ForumChannel | None
    ) -> tuple[Any, list[str]]:
        """The match's home (:func:`~bot.discord.channels.open_match_home`); a note if no thread could open."""
        guild_tr = tr_for(public_locale(channel, await self.bot.service.public_locale_of(match.record.guild_id)))
        home = await open_match_home(self.bot.service, match, channel, forum, present.title(match, guild_tr), guild_tr)
        unthreaded = forum is None and isinstance(channel, discord.TextChannel) and home is channel
        return home, [guild_tr("core.error.no_permission_thread")] if unthreaded else []

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
    @app_commands.rename(reason=_param("why"))
    @app_commands.describe(reason=_param_desc("why"))
    async def cancel(
        self,
        interaction: discord.Interaction[Any],
        match: int | None = None,
        reason: app_commands.Range[str, 0, 300] = "",
    ) -> None:
        """Cancel a match (an admin's cancel is written to the audit log with the reason)."""
        await self._lobby(interaction, match, "cancel", reason)

    async def _lobby(
        self, interaction: discord.Interaction[Any], match_id: int | None, action: str, reason: str = ""
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        if action == "join" and interaction.guild_id is not None:
            match = await self.bot.service.find_lobby(
                match_id=match_id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                guild_id=interaction.guild_id,
            )
        else:
            match = await self._match(interaction, match_id)
        await self.lobby_action(interaction, match.id, action, locale, reason)

    # --- Play -------------------------------------------------------------------------------------

    @game.command(name=_cmd("resign"), description=_desc("resign"))
    @match_option
    async def resign(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Resign: the match is lost."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        found = await self._match(interaction, match)
        change = await self.bot.service.resign(found.id, interaction.user.id, where=where_of(interaction))
        tr = tr_for(locale)
        await interaction.followup.send(present.status(change.match, tr, mention), ephemeral=True)

    @game.command(name=_cmd("draw"), description=_desc("draw"))
    @match_option
    async def draw(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Offer a draw, or accept the one on the table."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        found = await self._match(interaction, match)
        change = await self.bot.service.offer_draw(found.id, interaction.user.id, where=where_of(interaction))
        tr = tr_for(locale)
        text = present.lines(change.messages, tr, mention)
        status = present.status(change.match, tr, mention, change.messages)
        await interaction.followup.send("\n".join(line for line in (text, status) if line), ephemeral=True)

    @game.command(name=_cmd("claim"), description=_desc("claim"))
    @match_option
    async def claim(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Claim the win after the opponent's time ran out (two-player matches)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        change = await self.bot.service.claim_win(found.id, interaction.user.id, where=where_of(interaction))
        await interaction.followup.send(present.status(change.match, tr, mention), ephemeral=True)

    @game.command(name=_cmd("undo"), description=_desc("undo"))
    @match_option
    async def undo(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Take back my last move (the other players agree in rated matches): ``bot.discord.cogs.seats``."""
        await seat_clicks(interaction).undo_command(interaction, match)

    @game.command(name=_cmd("sub"), description=_desc("sub"))
    @app_commands.rename(user=_param("member", key="sub_member"), seat=_param("seat"), match=_param("match"))
    @app_commands.describe(user=_param_desc("sub_member"), seat=_param_desc("seat"), match=_param_desc("match"))
    async def sub(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member | None = None,
        seat: app_commands.Range[int, 1, 8] | None = None,
        match: int | None = None,
    ) -> None:
        """Hand a seat to a substitute, or call for a volunteer: ``bot.discord.cogs.seats``."""
        await seat_clicks(interaction).sub_command(interaction, user, seat, match)

    @game.command(name=_cmd("log"), description=_desc("log"))
    @match_option
    async def log(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Every move so far, in words, from the public view only."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._match(interaction, match)
        entries = await history.history(self.bot.service, found, None)
        # Numbered as the reader sees them: moves with nothing public (secret steps) leave no gap.
        lines = [
            f"{number}. " + present.lines(messages, tr, mention).replace("\n", " ")
            for number, (_ply, messages) in enumerate(entries, 1)
        ]
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
            await interaction.followup.send(lobby_content(found, tr), ephemeral=True)
            return
        lines = [present.headline(found, tr), present.status(found, tr, mention)]
        if found.seat_of(interaction.user.id) is not None:
            lines.append(tr("core.show.public_only"))
        await interaction.followup.send(
            "\n".join(lines), file=await render(found, None, locale), view=board_view(found, tr), ephemeral=True
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
        panel = await self._panel(found, interaction.user.id, locale)
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
        label = await self.bot.service.set_standing_answer(
            found.id, interaction.user.id, answer or None, where=where_of(interaction)
        )
        text = tr(label) if answer is None else tr("core.standing.set", answer=tr(label))
        await interaction.followup.send(text, ephemeral=True)

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
        change = await own_work(
            self.bot.service.submit_move(found.id, interaction.user.id, code, where=where_of(interaction))
        )
        panel = await self._after_move(change, interaction.user.id, locale)
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
        if interaction.guild_id is None:
            return []
        records = await self.bot.service.open_lobbies(interaction.guild_id)
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
    @undo.autocomplete("match")
    @sub.autocomplete("match")
    async def my_match_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The user's own open and running matches."""
        tr = tr_for(await locale_of(interaction))
        records = await self.bot.service.user_matches(interaction.user.id, where_of(interaction))
        return [
            app_commands.Choice(
                name=f"#{r.id} {tr(f'{r.game_key}.title')} ({tr(f'core.list.status.{r.status}')})", value=r.id
            )
            for r in records
            if str(r.id).startswith(current.strip())
        ][:25]

    # --- The components' clicks (reached through the bot, see ``bot.discord.components``) -------

    @guarded
    async def pick(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        version: int,
        path: tuple[str, ...],
        *,
        navigate_only: bool = False,
    ) -> None:
        """A move-building click: go one step further, or play the move the path completes."""
        await interaction.response.defer()
        locale = await locale_of(interaction)
        tr = tr_for(locale)
        service = self.bot.service
        where = where_of(interaction)
        try:
            match = await service.match_for(match_id, interaction.user.id, where)
            seat = match.seat_of(interaction.user.id)
            if seat is not None and await service.is_stale(match, seat, version):
                raise StaleMove("core.error.stale")
            options = await service.move_options(match, interaction.user.id)
            chosen = None if navigate_only else present.complete_move(options, path)
            if chosen is None:
                panel = await private_panel(match, interaction.user.id, locale, options, prefix=path)
            else:
                change = await own_work(
                    service.submit_move(
                        match_id, interaction.user.id, chosen.code, expected_version=version, where=where
                    )
                )
                panel = await self._after_move(change, interaction.user.id, locale, chosen)
        except StaleMove as error:
            match = await service.match_for(match_id, interaction.user.id, where)
            panel = await self._panel(match, interaction.user.id, locale, notes=[tr(error.message)])
        await interaction.edit_original_response(
            content=panel["content"], attachments=panel["files"], view=panel["view"]
        )

    @guarded
    async def board_click(self, interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
        """Answer the "Play my move" and "My view" buttons with the private panel, ephemerally."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        match = await self.bot.service.match_for(match_id, interaction.user.id, where_of(interaction))
        if match.seat_of(interaction.user.id) is None:
            await interaction.followup.send(tr_for(locale)("core.not_a_player"), ephemeral=True)
            return
        panel = await self._panel(match, interaction.user.id, locale)
        await interaction.followup.send(ephemeral=True, **panel)

    @guarded
    async def lobby_click(self, interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
        """A lobby button: join, leave, start or cancel (the lobby post is refreshed by the notifier)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.lobby_action(interaction, match_id, action, await locale_of(interaction))

    # --- Steps that commands and clicks share --------------------------------------------------

    async def lobby_action(
        self, interaction: discord.Interaction[Any], match_id: int, action: str, locale: Locale, reason: str = ""
    ) -> None:
        """Run a lobby action for the interaction's user and answer privately (already deferred)."""
        user_id = interaction.user.id
        service = self.bot.service
        where = where_of(interaction)
        change: Change
        if action == "join":
            change = await service.join(match_id, user_id, where=where)
        elif action == "leave":
            change = await service.leave(match_id, user_id, where=where)
        elif action == "start":
            change = await service.start(match_id, user_id, where=where)
        else:
            change = await service.cancel(match_id, user_id, is_admin=is_admin(interaction), where=where, reason=reason)
        tr = tr_for(locale)
        notes = [present.lines(change.messages, tr, mention)]
        if change.match.is_running and change.match.seat_of(user_id) is not None:
            panel = await self._panel(change.match, user_id, locale, notes=notes, said=change.messages)
            await interaction.followup.send(ephemeral=True, **panel)
        else:
            status = present.status(change.match, tr, mention, change.messages)
            await interaction.followup.send("\n".join(line for line in (notes[0], status) if line), ephemeral=True)

    async def _panel(
        self,
        match: Match,
        user_id: int,
        locale: Locale,
        *,
        notes: list[str] | None = None,
        said: Sequence[Message] = (),
    ) -> dict[str, Any]:
        """The user's private panel with their legal moves now."""
        options = await self.bot.service.move_options(match, user_id)
        return await private_panel(match, user_id, locale, options, notes=notes, said=said)

    async def _after_move(
        self, change: Change, user_id: int, locale: Locale, chosen: MoveOption | None = None
    ) -> dict[str, Any]:
        """The actor's panel after their move, with their next legal moves (and "Take back my move")."""
        options = await self.bot.service.move_options(change.match, user_id)
        panel = await after_move(change, user_id, locale, options, chosen)
        now = await self.bot.service.get_match(change.match.id)
        if await self.bot.service.can_take_back(now, user_id):
            add_undo_button(panel["view"], now.id, now.version, tr_for(locale))
        return panel


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point: the cog, and the persistent components it answers."""
    await bot.add_cog(PlayCog(bot))
    bot.add_dynamic_items(*MATCH_ITEMS)
