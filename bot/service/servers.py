"""Each server's setup (``/setup``): where matches open, in which language, with which defaults.

A server with no setup behaves as before: matches open in any channel, public posts speak
the server's Discord language, no default clock, anyone may organise a tournament, three
time-outs hand a seat to the autopilot, which plays easy (today's autopilot), no default
quiet hours. A server admin changes one setting at a time or several at once; every change
is checked before anything is stored and is written together with its audit row (what was,
what is, who, why).

The settings are read on every ``/game new`` and every public post, so they are kept in
memory once read; a change replaces the kept copy (one bot process per store).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from bot.clocks import TimeControl, zone
from bot.service.audit import Audit, AuditKind, require_admin
from bot.service_errors import ServiceError
from bot.store.community import SETTINGS_COLUMNS
from games.ai import Level
from locales import LANGUAGES

PUBLIC_LOCALES: Final = LANGUAGES
"""The languages a server may choose for its public posts: every language of ``locales/``
(each ships complete, ``tests/test_catalogs.py``)."""
MAX_MATCH_CHANNELS: Final = 10
MAX_REASON: Final = 300


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What a server chose with ``/setup`` (the defaults when it chose nothing)."""

    guild_id: int
    match_channels: tuple[int, ...] = ()
    """Channels where ``/game new`` and ``/tournament create`` may open matches (and their threads); empty: anywhere."""
    forum_channel_id: int | None = None
    """A forum whose posts are the matches (a tournament's games too): ``/game new`` there (or anywhere, if no
    channel is listed) opens a post."""
    locale: str | None = None
    """The language of public posts; None: the server's own Discord language."""
    time_limit: int | None = None
    time_bank: int = 0
    organiser_role: int | None = None
    """Members with this role (and admins) may organise tournaments; None: anyone."""
    autopilot_takeover: bool = True
    """Whether three time-outs hand a seat to the autopilot for the rest of the match."""
    quiet_start: int | None = None
    quiet_end: int | None = None
    timezone: str | None = None
    autopilot_level: Level = Level.EASY
    """How well the bot plays for a person who is absent (see :meth:`bot.service.pipeline.Pipeline._computer_move`):
    easy is today's autopilot; normal and strong search in the worker process (0.04-0.1 s of
    its CPU per normal decision, 0.2-0.3 s per strong one: the server's choice)."""

    @property
    def time_control(self) -> TimeControl:
        """The default time control of a new match."""
        return TimeControl(self.time_limit, self.time_bank)

    def allows(self, channel_id: int | None, parent_id: int | None) -> bool:
        """Whether a match may be opened from this channel (or a thread of it)."""
        places = {*self.match_channels, *((self.forum_channel_id,) if self.forum_channel_id else ())}
        if not self.match_channels:
            return True
        return channel_id in places or (parent_id is not None and parent_id in places)

    def as_json(self) -> dict[str, Any]:
        """The settings as the audit row records them."""
        data = asdict(self)
        data.pop("guild_id")
        data["match_channels"] = list(self.match_channels)
        data["autopilot_level"] = Level(self.autopilot_level).value
        return data


def _values(settings: ServerSettings) -> list[Any]:
    data = settings.as_json()
    data["match_channels"] = json.dumps(data["match_channels"])
    data["autopilot_takeover"] = int(settings.autopilot_takeover)
    return [data[name] for name in SETTINGS_COLUMNS]


def _from_row(guild_id: int, row: Sequence[Any]) -> ServerSettings:
    data = dict(zip(SETTINGS_COLUMNS, row, strict=True))
    data["match_channels"] = tuple(int(c) for c in json.loads(data["match_channels"] or "[]"))
    data["autopilot_takeover"] = bool(data["autopilot_takeover"])
    data["time_bank"] = data["time_bank"] or 0
    # A level this bot does not know (written by a newer one) plays today's autopilot.
    level = data["autopilot_level"]
    data["autopilot_level"] = Level(level) if level in set(Level) else Level.EASY
    return ServerSettings(guild_id, **data)


def _level(value: Any) -> Level:
    """A stand-in level from what an admin gives (refused, translated, if it is none)."""
    try:
        return Level(value)
    except ValueError:
        raise ServiceError(
            "community.error.bad_level", given=str(value), levels=", ".join(level.value for level in Level)
        ) from None


class Servers(Audit):
    """Reading and changing a server's setup, and the checks other use cases ask of it."""

    _server_settings: dict[int, ServerSettings] | None = None

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """A server's setup (the defaults for a server that set nothing, or for direct messages)."""
        if guild_id is None:
            return ServerSettings(0)
        if self._server_settings is None:
            self._server_settings = {}
        kept = self._server_settings.get(guild_id)
        if kept is None:
            row = await self.community_rows.server_settings(guild_id)
            kept = ServerSettings(guild_id) if row is None else _from_row(guild_id, row)
            self._server_settings[guild_id] = kept
        return kept

    async def change_server_settings(
        self, guild_id: int, actor_id: int, *, is_admin: bool, reason: str = "", **changes: Any
    ) -> ServerSettings:
        """Change some settings of a server (a server admin); checked, stored and audited at once.

        ``changes`` names fields of :class:`ServerSettings`; a ``None`` clears the setting
        back to its default.

        Raises:
            AdminOnly: the actor is not a server admin.
            ServiceError: a value is out of range (nothing is stored).
        """
        require_admin(is_admin)
        before = await self.server_settings(guild_id)
        unknown = set(changes) - (set(SETTINGS_COLUMNS))
        if unknown or not changes:
            raise ServiceError("community.error.nothing_to_change")
        defaults = ServerSettings(guild_id)
        fields = {name: (getattr(defaults, name) if value is None else value) for name, value in changes.items()}
        after = _checked(replace(before, **fields))
        changed = {name: [before.as_json()[name], after.as_json()[name]] for name in changes}
        audit = self.audit_row(
            AuditKind.SETUP, guild_id=guild_id, actor_id=actor_id, detail=changed, reason=reason[:MAX_REASON]
        )
        await self.community_rows.save_server_settings(guild_id, _values(after), self.clock(), audit)
        if self._server_settings is None:
            self._server_settings = {}
        self._server_settings[guild_id] = after
        return after

    async def check_match_place(self, guild_id: int | None, channel_id: int | None, parent_id: int | None) -> None:
        """Refuse to open a match outside the channels a server allows.

        Raises:
            ServiceError: ``community.error.channel_not_allowed``, naming the allowed places.
        """
        settings = await self.server_settings(guild_id)
        if not settings.allows(channel_id, parent_id):
            places = [*settings.match_channels]
            if settings.forum_channel_id is not None:
                places.append(settings.forum_channel_id)
            raise ServiceError("community.error.channel_not_allowed", channels=" ".join(f"<#{c}>" for c in places))

    async def check_organiser(self, guild_id: int | None, roles: Collection[int], *, is_admin: bool) -> None:
        """Refuse to let someone organise a tournament without the server's organiser role (admins may).

        Raises:
            ServiceError: ``community.error.organiser_role``.
        """
        settings = await self.server_settings(guild_id)
        if settings.organiser_role is not None and not is_admin and settings.organiser_role not in roles:
            raise ServiceError("community.error.organiser_role", role=f"<@&{settings.organiser_role}>")

    async def public_locale_of(self, guild_id: int | None) -> str | None:
        """The language a server chose for its public posts (None: its Discord language)."""
        return (await self.server_settings(guild_id)).locale


def _checked(settings: ServerSettings) -> ServerSettings:
    """The settings if every value is possible; else a refusal saying which is not."""
    if len(settings.match_channels) > MAX_MATCH_CHANNELS:
        raise ServiceError("community.error.too_many_channels", high=MAX_MATCH_CHANNELS)
    if settings.locale is not None and settings.locale not in PUBLIC_LOCALES:
        raise ServiceError("community.error.bad_locale", given=settings.locale, locales=", ".join(PUBLIC_LOCALES))
    if (settings.quiet_start is None) != (settings.quiet_end is None):
        raise ServiceError("community.error.quiet_pair")
    if settings.timezone is not None:
        zone(settings.timezone)
    return replace(settings, autopilot_level=_level(settings.autopilot_level))
