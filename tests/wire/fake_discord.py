"""A small fake Discord on 127.0.0.1: the REST routes the bot calls and the gateway.

The real, unpatched discord.py client connects to it (``Route.BASE`` and the gateway URL
pointed here, see ``pointed``) and everything it sends goes over loopback HTTP
as it would to Discord: JSON bodies serialised by discord.py, files as multipart. The fake
checks every body against Discord's limits (``tests.wire.limits``) and answers violations
with Discord's error shape; it keeps the acknowledgement rules of interactions (3 s on a
clock the test moves, one answer per interaction) and answers injected errors (50013,
50007...) on demand. A client may identify with a ``shard`` of ``[id, count]`` as Discord's
sharding does: that connection gets the guilds with ``(guild_id >> 22) % count == id`` and
their events; direct messages go to shard 0. Tests play users through it: slash commands, autocomplete, button
clicks, selects and modal submissions arrive as INTERACTION_CREATE, with each user's locale.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import itertools
import json
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yarl
from aiohttp import WSMsgType, web

from tests.wire import limits

API_PREFIX = "/api/v10"
ACK_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60
EPHEMERAL = 1 << 6
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 38) | (1 << 31)  # view, send, history, threads, cmds
BOT_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38)
)  # + embed, attach, create public threads
MANAGE_GUILD = 1 << 5
TIMESTAMP = "2026-11-24T12:00:00.000000+00:00"


class DiscordError(Exception):
    """An error answer: HTTP status, Discord's JSON error code and message (and form errors)."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form(errors: limits.FormErrors) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", errors.tree)


@dataclass
class Injected:
    """An error a test asked for: ``times`` answers (None: every time) on matching requests."""

    method: str
    pattern: str
    status: int
    code: int
    message: str
    times: int | None


@dataclass
class Rejection:
    """A request the fake refused for breaking Discord's rules (not an injected error)."""

    method: str
    path: str
    code: int
    detail: list[str]


USER_OPTION = 6
"""The application-command option type of a user (its value is an id; the user is in ``resolved``)."""


@dataclass
class User:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dm_channel_id: int | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    recipient: User | None = None
    owner_id: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    members: set[int] = field(default_factory=set)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        if self.guild_id is not None:
            data.update(guild_id=str(self.guild_id), name=self.name, position=0, permission_overwrites=[], nsfw=False)
            data["parent_id"] = str(self.parent_id) if self.parent_id else None
        if self.type == 0:
            data.update(topic=None, last_message_id=None, rate_limit_per_user=0, default_auto_archive_duration=1440)
        if self.type == 15:  # GUILD_FORUM: its posts are threads, each opened with a starter message
            data.update(
                topic=None,
                last_message_id=None,
                rate_limit_per_user=0,
                default_auto_archive_duration=1440,
                available_tags=[],
                default_reaction_emoji=None,
                default_sort_order=None,
                default_forum_layout=0,
                default_thread_rate_limit_per_user=0,
            )
        if self.type in (11, 12):
            data.update(
                owner_id=str(self.owner_id),
                member_count=1,
                message_count=len(self.messages),
                rate_limit_per_user=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            )
        if self.recipient is not None:
            data.update(recipients=[self.recipient.payload()], last_message_id=None)
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner: User
    preferred_locale: str = "en-US"
    bot_permissions: int = BOT_PERMISSIONS
    bot_role_id: int = 0
    channels: list[Channel] = field(default_factory=list)
    members: list[User] = field(default_factory=list)
    admins: set[int] = field(default_factory=set)
    """Members with Manage Server (the interaction's ``member.permissions`` carry it)."""
    member_roles: dict[int, list[int]] = field(default_factory=dict)
    extra_roles: dict[int, str] = field(default_factory=dict)

    def member_payload(self, user: User, *, roles: list[str] | None = None) -> dict[str, Any]:
        return {
            "user": user.payload(),
            "roles": roles or [str(role) for role in self.roles_of(user)],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
            "communication_disabled_until": None,
        }

    def roles(self) -> list[dict[str, Any]]:
        def role(role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
            return {
                "id": str(role_id),
                "name": name,
                "permissions": str(permissions),
                "position": position,
                "color": 0,
                "hoist": False,
                "managed": position > 0,
                "mentionable": False,
                "flags": 0,
            }

        return [
            role(self.id, "@everyone", EVERYONE_PERMISSIONS, 0),
            role(self.bot_role_id, "bot", self.bot_permissions, 1),
            role(self.admin_role_id, "admins", EVERYONE_PERMISSIONS | MANAGE_GUILD, 0),
            *(role(role_id, name, 0, 0) for role_id, name in self.extra_roles.items()),
        ]

    @property
    def admin_role_id(self) -> int:
        """The role with Manage Server that admins hold (its id derived from the guild's)."""
        return self.id + 1

    def roles_of(self, user: User) -> list[int]:
        return [*self.member_roles.get(user.id, []), *([self.admin_role_id] if user.id in self.admins else [])]

    def permissions_of(self, user: User) -> int:
        """The member's permissions in a channel, as an interaction carries them."""
        return EVERYONE_PERMISSIONS | (MANAGE_GUILD if user.id in self.admins or user.id == self.owner.id else 0)


@dataclass
class Interaction:
    """One interaction the fake dispatched and what the bot answered (what the user saw)."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    created: float
    message: dict[str, Any] | None = None
    response_type: int | None = None
    response: dict[str, Any] | None = None
    original: dict[str, Any] | None = None
    followups: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ephemeral(self) -> bool:
        """Whether the answer the user saw is private to them."""
        shown = self.original or (self.followups[0] if self.followups else None)
        return bool(shown and shown["flags"] & EPHEMERAL)

    @property
    def messages(self) -> list[dict[str, Any]]:
        """Every message this interaction showed the user (the original answer, then followups)."""
        found = [self.original] if self.original is not None else []
        return found + [m for m in self.followups if m is not self.original]

    @property
    def text(self) -> str:
        return "\n".join(m["content"] or "" for m in self.messages)


def _snowflakes() -> Iterator[int]:
    return itertools.count(1_100_000_000_000_000_000, 1 << 22)


class FakeDiscord:
    """The server, the world (users, guilds, channels, messages) and the users' hands."""

    token = "fake-token"

    def __init__(self) -> None:
        self._ids = _snowflakes()
        self.now = 0.0
        self.application_id = self.next_id()
        self.bot_user = User(self.application_id, "Serenissima", bot=True)
        self.developer = User(self.next_id(), "developer")
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_puts: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.files: dict[int, bytes] = {}
        self.requests: list[tuple[str, str, int]] = []
        self.rejections: list[Rejection] = []
        self.injected: list[Injected] = []
        self.identified = 0
        self.identified_shards: list[tuple[int, int]] = []
        """The ``[shard_id, shard_count]`` of every IDENTIFY ((0, 1) when none was given)."""
        self.recommended_shards = 1
        """What ``GET /gateway/bot`` answers as the shard count Discord recommends."""
        self._sockets: list[web.WebSocketResponse] = []
        self._shard_sockets: dict[int, web.WebSocketResponse] = {}
        self._shard_count = 1
        self._sequences: dict[int, Iterator[int]] = {}
        self._runner: web.AppRunner | None = None
        self._in_flight = 0
        self.port = 0

    def next_id(self) -> int:
        return next(self._ids)

    # --- Server ---------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        for method, path, handler in self._routes():
            app.router.add_route(method, API_PREFIX + path, handler)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for socket in list(self._sockets):
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _routes(self) -> list[tuple[str, str, Callable[[web.Request], Awaitable[Any]]]]:
        return [
            ("GET", "/gateway/bot", self._gateway_bot),
            ("GET", "/gateway", self._gateway_plain),
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/applications/@me", self._application),
            ("PUT", "/applications/{app}/commands", self._put_global_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_guild_commands),
            ("GET", "/applications/{app}/commands", self._get_global_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._get_guild_commands),
            ("POST", "/interactions/{id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._edit_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages", self._history),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._edit_message),
            ("POST", "/channels/{channel}/threads", self._create_thread),
            ("PUT", "/channels/{channel}/thread-members/{user}", self._add_thread_member),
            ("GET", "/channels/{channel}", self._get_channel),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/users/{user}", self._get_user),
            ("GET", "/guilds/{guild}/members/{user}", self._get_member),
        ]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        path = request.path.removeprefix(API_PREFIX)
        if request.path == "/gateway":
            return await handler(request)
        self._in_flight += 1
        try:
            open_route = path.startswith(("/webhooks/", "/interactions/"))
            if request.headers.get("Authorization") != f"Bot {self.token}" and not open_route:
                raise DiscordError(401, 0, "401: Unauthorized")
            self._maybe_injected(request.method, path)
            result = await handler(request)
            status = 204 if result is None else 200
            self.requests.append((request.method, path, status))
            if result is None:
                return web.Response(status=204)
            return _json(result)
        except DiscordError as error:
            self.requests.append((request.method, path, error.status))
            if error.code in (50035, 10062, 40060):
                detail = list(getattr(error, "flat", [])) or [error.message]
                self.rejections.append(Rejection(request.method, path, error.code, detail))
            return _json(error.body(), error.status)
        finally:
            self._in_flight -= 1

    def _maybe_injected(self, method: str, path: str) -> None:
        for injected in self.injected:
            if injected.method == method and fnmatch.fnmatchcase(path, injected.pattern):
                if injected.times is not None:
                    injected.times -= 1
                    if injected.times <= 0:
                        self.injected.remove(injected)
                raise DiscordError(injected.status, injected.code, injected.message)

    def inject_error(
        self, method: str, pattern: str, *, status: int, code: int, message: str, times: int | None = 1
    ) -> None:
        """Answer the next ``times`` requests matching ``pattern`` (a glob on the path) with an error."""
        self.injected.append(Injected(method, pattern, status, code, message, times))

    def advance(self, seconds: float) -> None:
        """Move the fake's clock (the interaction deadlines) without sleeping."""
        self.now += seconds

    # --- World ----------------------------------------------------------------------------------

    def create_user(self, name: str, locale: str = "en-US") -> User:
        user = User(self.next_id(), name, locale)
        self.users[user.id] = user
        return user

    def create_guild(
        self, name: str = "Venice", *, preferred_locale: str = "en-US", owner: User | None = None
    ) -> Guild:
        guild_id = self.next_id()
        guild = Guild(guild_id, name, owner or self.create_user(f"owner-{name}"), preferred_locale)
        guild.bot_role_id = self.next_id()
        guild.members.append(guild.owner)
        self.guilds[guild.id] = guild
        return guild

    def create_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.next_id(), 0, name, guild.id)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_member(self, guild: Guild, user: User, *, admin: bool = False, roles: tuple[int, ...] = ()) -> None:
        guild.members.append(user)
        if admin:
            guild.admins.add(user.id)
        guild.member_roles[user.id] = list(roles)

    def create_forum_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.next_id(), 15, name, guild.id)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def create_role(self, guild: Guild, name: str) -> int:
        role_id = self.next_id()
        guild.extra_roles[role_id] = name
        return role_id

    def dm_channel(self, user: User) -> Channel:
        """The user's DM channel with the bot (created as ``POST /users/@me/channels`` would)."""
        if user.dm_channel_id is None:
            channel = Channel(self.next_id(), 1, recipient=user)
            self.channels[channel.id] = channel
            user.dm_channel_id = channel.id
        return self.channels[user.dm_channel_id]

    def threads_of(self, channel: Channel) -> list[Channel]:
        return [c for c in self.channels.values() if c.parent_id == channel.id]

    def dm_of(self, user: User) -> list[dict[str, Any]]:
        """The messages the bot sent this user by DM."""
        if user.dm_channel_id is None:
            return []
        return self.channels[user.dm_channel_id].messages

    def file(self, attachment: dict[str, Any]) -> bytes:
        return self.files[int(attachment["id"])]

    # --- Gateway --------------------------------------------------------------------------------

    async def _gateway_bot(self, request: web.Request) -> dict[str, Any]:
        return {
            "url": self.gateway_url,
            "shards": self.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    async def _gateway_plain(self, request: web.Request) -> dict[str, Any]:
        return {"url": self.gateway_url}

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        try:
            async for frame in socket:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                if message["op"] == 1:
                    await socket.send_json({"op": 11, "d": None, "s": None, "t": None})
                elif message["op"] == 2:
                    if message["d"]["token"] != self.token:
                        await socket.close(code=4004, message=b"Authentication failed.")
                        break
                    shard_id, shard_count = message["d"].get("shard") or (0, 1)
                    if not 0 <= shard_id < shard_count:
                        await socket.close(code=4010, message=b"Invalid shard.")
                        break
                    await self._identify(socket, shard_id, shard_count)
        finally:
            self._sockets.remove(socket)
            self._sequences.pop(id(socket), None)
            for shard_id, shard_socket in list(self._shard_sockets.items()):
                if shard_socket is socket:
                    del self._shard_sockets[shard_id]

        return socket

    def shard_of(self, guild_id: int | None) -> int:
        """The shard Discord sends a guild's events to (direct messages: shard 0)."""
        return 0 if guild_id is None else (guild_id >> 22) % self._shard_count

    async def _identify(self, socket: web.WebSocketResponse, shard_id: int, shard_count: int) -> None:
        self.identified += 1
        self.identified_shards.append((shard_id, shard_count))
        self._shard_count = shard_count
        self._sequences[id(socket)] = itertools.count(1)
        guilds = [guild for guild_id, guild in self.guilds.items() if self.shard_of(guild_id) == shard_id]
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": f"session-{self.identified}",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "shard": [shard_id, shard_count],
        }
        await self._send(socket, "READY", ready)
        for guild in guilds:
            await self._send(socket, "GUILD_CREATE", self._guild_payload(guild))
        self._shard_sockets[shard_id] = socket

    def _guild_payload(self, guild: Guild) -> dict[str, Any]:
        members = [guild.member_payload(user) for user in guild.members]
        members.append(guild.member_payload(self.bot_user, roles=[str(guild.bot_role_id)]))
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(guild.owner.id),
            "preferred_locale": guild.preferred_locale,
            "roles": guild.roles(),
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c.payload() for c in guild.channels if c.type in (0, 15)],
            "threads": [c.payload() for c in self.channels.values() if c.guild_id == guild.id and c.type == 11],
            "members": members,
            "member_count": len(members),
            "voice_states": [],
            "presences": [],
            "large": False,
            "unavailable": False,
            "joined_at": TIMESTAMP,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "afk_timeout": 300,
        }

    async def _send(self, socket: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        await socket.send_json({"op": 0, "t": event, "s": next(self._sequences[id(socket)]), "d": data})

    async def wait_ready(self, timeout: float = 60.0, *, shard_id: int = 0) -> None:
        """Until a client has identified (as ``shard_id``) and received its guilds."""
        await self.wait_for(lambda: shard_id in self._shard_sockets, timeout)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event on the connection of the shard its guild belongs to."""
        guild_id = data.get("guild_id")
        shard_id = self.shard_of(int(guild_id) if guild_id is not None else None)
        await self.wait_ready(shard_id=shard_id)
        await self._send(self._shard_sockets[shard_id], event, data)

    # --- REST: login and commands ---------------------------------------------------------------

    async def _me(self, request: web.Request) -> dict[str, Any]:
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    async def _application(self, request: web.Request) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": "Serenissima",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.developer.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
        }

    def _check_app(self, request: web.Request) -> None:
        if int(request.match_info["app"]) != self.application_id:
            raise DiscordError(404, 10002, "Unknown Application")

    async def _commands_body(self, request: web.Request) -> list[dict[str, Any]]:
        self._check_app(request)
        body = await request.json()
        errors = limits.check_commands(body)
        if errors:
            error = invalid_form(errors)
            error.flat = errors.flat  # type: ignore[attr-defined]
            raise error
        stored = []
        for command in body:
            stored.append(
                {**command, "id": str(self.next_id()), "application_id": str(self.application_id), "version": "1"}
            )
        return stored

    async def _put_global_commands(self, request: web.Request) -> list[dict[str, Any]]:
        self.global_commands = await self._commands_body(request)
        self.command_puts.append((None, self.global_commands))
        return self.global_commands

    async def _put_guild_commands(self, request: web.Request) -> list[dict[str, Any]]:
        guild_id = int(request.match_info["guild"])
        stored = [{**c, "guild_id": str(guild_id)} for c in await self._commands_body(request)]
        self.guild_commands[guild_id] = stored
        self.command_puts.append((guild_id, stored))
        return stored

    async def _get_global_commands(self, request: web.Request) -> list[dict[str, Any]]:
        return self.global_commands

    async def _get_guild_commands(self, request: web.Request) -> list[dict[str, Any]]:
        return self.guild_commands.get(int(request.match_info["guild"]), [])

    # --- REST: messages -------------------------------------------------------------------------

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        """The JSON body, and the files of a multipart body (``payload_json`` + ``files[n]``)."""
        if not request.content_type.startswith("multipart/"):
            text = await request.text()
            return (json.loads(text) if text else {}), []
        body: dict[str, Any] = {}
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":
                body = json.loads(data)
            else:
                files.append((part.filename or "file", bytes(data)))  # type: ignore[union-attr]
        return body, files

    def _message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        *,
        existing: dict[str, Any] | None = None,
        flags: int = 0,
        interaction: Interaction | None = None,
    ) -> dict[str, Any]:
        """Validate ``body`` and build (or update) the message it describes."""
        if sum(len(data) for _, data in files) > limits.MAX_UPLOAD_BYTES:
            raise DiscordError(413, 40005, "Request entity too large")
        errors = limits.check_message(body, len(files))
        if errors:
            error = invalid_form(errors)
            error.flat = errors.flat  # type: ignore[attr-defined]
            raise error
        message = existing or {
            "id": str(self.next_id()),
            "channel_id": str(channel.id),
            "author": self.bot_user.payload(),
            "content": "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0 if interaction is None else 20,
            "flags": flags | (int(body.get("flags") or 0) & EPHEMERAL),
        }
        if interaction is not None:
            message["webhook_id"] = str(self.application_id)
            message["application_id"] = str(self.application_id)
        if existing is not None:
            message["edited_timestamp"] = TIMESTAMP
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "attachments" in body or files:
            kept = {a["id"]: a for a in message["attachments"]}
            listed = body.get("attachments")
            if listed is None:
                listed = [{"id": index} for index in range(len(files))]
                attachments = list(message["attachments"])
            else:
                attachments = []
            for entry in listed:
                key = str(entry["id"])
                if key in kept:
                    attachments.append(kept[key])
                    continue
                index = int(entry["id"])
                if not 0 <= index < len(files):
                    raise DiscordError(400, 50035, "Invalid Form Body", {"attachments": {"_errors": []}})
                filename, data = files[index]
                attachment_id = self.next_id()
                self.files[attachment_id] = data
                attachment = {
                    "id": str(attachment_id),
                    "filename": entry.get("filename", filename),
                    "size": len(data),
                    "url": f"{self.url}/attachments/{attachment_id}/{filename}",
                    "proxy_url": f"{self.url}/attachments/{attachment_id}/{filename}",
                    "content_type": _content_type(filename),
                }
                if entry.get("description") is not None:
                    attachment["description"] = entry["description"]
                attachments.append(attachment)
            if len(attachments) > limits.MAX_ATTACHMENTS:
                failed = limits.FormErrors()
                failed.add(("attachments",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
                raise invalid_form(failed)
            message["attachments"] = attachments
        return message

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _find(self, channel: Channel, message_id: str) -> dict[str, Any]:
        for message in channel.messages:
            if message["id"] == message_id:
                return message
        raise DiscordError(404, 10008, "Unknown Message")

    async def _post_message(self, request: web.Request) -> dict[str, Any]:
        channel = self._channel(request)
        body, files = await self._read_body(request)
        if body.get("flags", 0) & EPHEMERAL:
            raise DiscordError(400, 50035, "Invalid Form Body", {"flags": {"_errors": []}})
        message = self._message(channel, body, files)
        if channel.guild_id is not None:
            message["guild_id"] = str(channel.guild_id)
        channel.messages.append(message)
        return message

    async def _history(self, request: web.Request) -> list[dict[str, Any]]:
        channel = self._channel(request)
        return list(reversed(channel.messages))[: int(request.query.get("limit", 50))]

    async def _get_message(self, request: web.Request) -> dict[str, Any]:
        return self._find(self._channel(request), request.match_info["message"])

    async def _edit_message(self, request: web.Request) -> dict[str, Any]:
        channel = self._channel(request)
        message = self._find(channel, request.match_info["message"])
        body, files = await self._read_body(request)
        return self._message(channel, body, files, existing=message)

    async def _create_thread(self, request: web.Request) -> dict[str, Any]:
        parent = self._channel(request)
        body, files = await self._read_body(request)
        errors = limits.check_thread(body)
        if errors:
            raise invalid_form(errors)
        if parent.type == 15 and not isinstance(body.get("message"), dict):
            # A forum post must open with its starter message (Discord answers 50035 without one).
            raise DiscordError(400, 50035, "Invalid Form Body", {"message": {"_errors": []}})
        if parent.type != 15 and "message" in body:
            raise DiscordError(400, 50035, "Invalid Form Body", {"message": {"_errors": []}})
        kind = 11 if parent.type == 15 else int(body.get("type", 11))
        thread = Channel(self.next_id(), kind, body["name"], parent.guild_id, parent.id)
        thread.owner_id = self.bot_user.id
        self.channels[thread.id] = thread
        payload = {**thread.payload(), "newly_created": True}
        if parent.type == 15:
            # The starter message of a forum post has the post's (thread's) id.
            starter = self._message(thread, body["message"], files)
            starter["id"] = str(thread.id)
            starter["guild_id"] = str(thread.guild_id)
            thread.messages.append(starter)
            payload["message"] = starter
        socket = self._shard_sockets.get(self.shard_of(thread.guild_id))
        if socket is not None:
            await self._send(socket, "THREAD_CREATE", payload)
        return payload

    async def _add_thread_member(self, request: web.Request) -> None:
        """Add a member to a thread (204); only threads have members, only members of its server join."""
        thread = self._channel(request)
        if thread.type not in (11, 12):
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        user_id = int(request.match_info["user"])
        if not any(user.id == user_id for user in self.guilds[thread.guild_id or 0].members):
            raise DiscordError(404, 10007, "Unknown Member")
        thread.members.add(user_id)

    async def _get_channel(self, request: web.Request) -> dict[str, Any]:
        return self._channel(request).payload()

    async def _open_dm(self, request: web.Request) -> dict[str, Any]:
        body = await request.json()
        user = self.users.get(int(body["recipient_id"]))
        if user is None:
            raise DiscordError(400, 50035, "Invalid Form Body", {"recipient_id": {"_errors": []}})
        return self.dm_channel(user).payload()

    async def _get_user(self, request: web.Request) -> dict[str, Any]:
        user = self.users.get(int(request.match_info["user"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    async def _get_member(self, request: web.Request) -> dict[str, Any]:
        guild = self.guilds[int(request.match_info["guild"])]
        for user in guild.members:
            if user.id == int(request.match_info["user"]):
                return guild.member_payload(user)
        raise DiscordError(404, 10007, "Unknown Member")

    # --- REST: interactions ---------------------------------------------------------------------

    def _interaction_by_token(self, token: str) -> Interaction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                if self.now - interaction.created > TOKEN_SECONDS:
                    break
                return interaction
        raise DiscordError(404, 10015, "Unknown Webhook")

    async def _callback(self, request: web.Request) -> dict[str, Any] | None:
        interaction = self.interactions.get(int(request.match_info["id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.acknowledged:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if self.now - interaction.created > ACK_SECONDS:
            raise DiscordError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        if kind == 8:
            if interaction.type != 4:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": []}})
            errors = limits.check_autocomplete(data)
            if errors:
                raise invalid_form(errors)
            interaction.choices = data.get("choices", [])
        elif interaction.type == 4:
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": []}})
        elif kind in (4, 5):
            interaction.original = self._message(interaction.channel, data, files, interaction=interaction)
            if kind == 5:
                interaction.original["flags"] |= 1 << 7  # loading
        elif kind in (6, 7):
            if interaction.message is None:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": []}})
            target = self._component_message(interaction)
            if kind == 7:
                self._message(interaction.channel, data, files, existing=target)
            interaction.original = target
        elif kind == 9:
            interaction.modal = data
        else:
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": []}})
        interaction.response_type = kind
        interaction.response = body
        if request.query.get("with_response") in ("1", "true"):
            result: dict[str, Any] = {
                "interaction": {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": bool(interaction.original and interaction.original["flags"] & 64),
                },
                "resource": {"type": kind},
            }
            if interaction.original is not None and kind in (4, 5, 7):
                result["interaction"]["response_message_id"] = interaction.original["id"]
                result["resource"]["message"] = interaction.original
            return result
        return None

    def _component_message(self, interaction: Interaction) -> dict[str, Any]:
        """The message a component was on (an ephemeral one lives with its interaction)."""
        assert interaction.message is not None
        for candidate in interaction.channel.messages:
            if candidate["id"] == interaction.message["id"]:
                return candidate
        for other in self.interactions.values():
            for message in other.messages:
                if message["id"] == interaction.message["id"]:
                    return message
        raise DiscordError(404, 10008, "Unknown Message")

    async def _followup(self, request: web.Request) -> dict[str, Any]:
        self._check_app(request)
        interaction = self._interaction_by_token(request.match_info["token"])
        if not interaction.acknowledged:
            raise DiscordError(404, 10015, "Unknown Webhook")
        body, files = await self._read_body(request)
        original = interaction.original
        if interaction.response_type == 5 and original is not None and original["flags"] & (1 << 7):
            # The first followup after a deferred ("thinking") answer fills that answer.
            original["flags"] &= ~(1 << 7)
            message = self._message(interaction.channel, body, files, existing=original)
            interaction.followups.append(message)
            return message
        message = self._message(interaction.channel, body, files, interaction=interaction)
        if not message["flags"] & EPHEMERAL:
            interaction.channel.messages.append(message)
        interaction.followups.append(message)
        return message

    def _webhook_message(self, request: web.Request) -> tuple[Interaction, dict[str, Any]]:
        self._check_app(request)
        interaction = self._interaction_by_token(request.match_info["token"])
        wanted = request.match_info["message"]
        if wanted == "@original":
            if interaction.original is None:
                raise DiscordError(404, 10008, "Unknown Message")
            return interaction, interaction.original
        for message in interaction.messages:
            if message["id"] == wanted:
                return interaction, message
        raise DiscordError(404, 10008, "Unknown Message")

    async def _get_webhook_message(self, request: web.Request) -> dict[str, Any]:
        return self._webhook_message(request)[1]

    async def _edit_webhook_message(self, request: web.Request) -> dict[str, Any]:
        interaction, message = self._webhook_message(request)
        body, files = await self._read_body(request)
        message["flags"] &= ~(1 << 7)
        return self._message(interaction.channel, body, files, existing=message)

    async def _delete_webhook_message(self, request: web.Request) -> None:
        _interaction, message = self._webhook_message(request)
        message["deleted"] = True

    # --- Users' hands ---------------------------------------------------------------------------

    def _new_interaction(self, kind: int, user: User, channel: Channel, message: dict[str, Any] | None) -> Interaction:
        interaction = Interaction(
            self.next_id(), f"token-{self.next_id()}", kind, user, channel, self.now, message=message
        )
        self.interactions[interaction.id] = interaction
        return interaction

    def _interaction_payload(self, interaction: Interaction, data: dict[str, Any]) -> dict[str, Any]:
        channel = interaction.channel
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": interaction.type,
            "token": interaction.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "locale": interaction.user.locale,
            "app_permissions": str(BOT_PERMISSIONS),
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.preferred_locale,
                member={
                    **guild.member_payload(interaction.user),
                    "permissions": str(guild.permissions_of(interaction.user)),
                },
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
                app_permissions=str(guild.bot_permissions),
            )
        else:
            payload.update(user=interaction.user.payload(), context=1, authorizing_integration_owners={"1": "0"})
        if interaction.message is not None:
            payload["message"] = interaction.message
        return payload

    def _command(self, channel: Channel, name: str) -> tuple[dict[str, Any], int | None]:
        if channel.guild_id is not None:
            parent = self.channels.get(channel.parent_id) if channel.parent_id else None
            guild_id = channel.guild_id if parent is None else parent.guild_id
            for command in self.guild_commands.get(guild_id or 0, []):
                if command["name"] == name:
                    return command, guild_id
        for command in self.global_commands:
            if command["name"] == name:
                return command, None
        raise AssertionError(f"no command /{name} was synced")

    def _command_data(
        self, channel: Channel, path: str, values: dict[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        """The data of a chat-input interaction, typed after the synced command (as the client does)."""
        top, *subs = path.split()
        command, guild_id = self._command(channel, top)
        node: dict[str, Any] = command
        wrapper: list[dict[str, Any]] = []
        target = wrapper
        for sub in subs:
            node = next(o for o in node.get("options", []) if o["name"] == sub)
            entry = {"name": sub, "type": node["type"], "options": []}
            target.append(entry)
            target = entry["options"]
        declared = {o["name"]: o for o in node.get("options", [])}
        sent: dict[str, Any] = {}
        for key, value in values.items():
            option = declared.get(key)
            assert option is not None, f"/{path} has no option {key!r}"
            choices = option.get("choices")
            if choices and focused != key:
                assert value in [c["value"] for c in choices], f"{value!r} is not a choice of {key}"
            if option["type"] == USER_OPTION and isinstance(value, User):
                value = str(value.id)  # a user option travels as an id, the user in ``resolved``
            sent[key] = value
            entry = {"name": key, "type": option["type"], "value": value}
            if key == focused:
                entry["focused"] = True
            target.append(entry)
        data: dict[str, Any] = {"id": command["id"], "name": top, "type": 1, "options": wrapper}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        resolved = self._resolved(declared, sent, channel.guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _resolved(self, declared: dict[str, Any], values: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        """The objects that user (6), channel (7) and role (8) options name, as Discord sends them along."""
        resolved: dict[str, dict[str, Any]] = {}
        guild = self.guilds.get(guild_id or 0)
        for key, value in values.items():
            kind = declared[key]["type"]
            if kind == 6:
                user = self.users[int(value)]
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                if guild is not None and user in guild.members:
                    member = guild.member_payload(user)
                    member.pop("user")
                    member["permissions"] = str(guild.permissions_of(user))
                    resolved.setdefault("members", {})[str(user.id)] = member
            elif kind == 7:
                channel = self.channels[int(value)]
                resolved.setdefault("channels", {})[str(channel.id)] = {**channel.payload(), "permissions": "0"}
            elif kind == 8 and guild is not None:
                [role] = [r for r in guild.roles() if r["id"] == str(value)]
                resolved.setdefault("roles", {})[str(value)] = role
        return resolved

    async def _run(self, interaction: Interaction, data: dict[str, Any]) -> Interaction:
        baseline = set(asyncio.all_tasks())
        await self.dispatch("INTERACTION_CREATE", self._interaction_payload(interaction, data))
        await self.settle(baseline, until=lambda: interaction.acknowledged)
        return interaction

    async def slash(self, user: User, channel: Channel, path: str, **options: Any) -> Interaction:
        """``user`` runs ``/path`` in ``channel`` with ``options`` (by their synced names)."""
        interaction = self._new_interaction(2, user, channel, None)
        return await self._run(interaction, self._command_data(channel, path, options))

    async def autocomplete(
        self, user: User, channel: Channel, path: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot offers ``user`` while typing option ``focused``."""
        interaction = self._new_interaction(4, user, channel, None)
        await self._run(interaction, self._command_data(channel, path, options, focused))
        assert interaction.choices is not None, "autocomplete was not answered"
        return interaction.choices

    async def click(self, user: User, message: dict[str, Any], custom_id: str) -> Interaction:
        """``user`` presses the button ``custom_id`` of ``message``."""
        component = find_component(message, custom_id)
        assert component["type"] == 2, f"{custom_id} is not a button"
        channel = self.channels[int(message["channel_id"])]
        interaction = self._new_interaction(3, user, channel, message)
        return await self._run(interaction, {"custom_id": custom_id, "component_type": 2})

    async def select(self, user: User, message: dict[str, Any], custom_id: str, values: list[str]) -> Interaction:
        """``user`` picks ``values`` in the select ``custom_id`` of ``message``."""
        component = find_component(message, custom_id)
        offered = [o["value"] for o in component.get("options", [])]
        assert all(v in offered for v in values), f"{values} not offered by {custom_id}"
        channel = self.channels[int(message["channel_id"])]
        interaction = self._new_interaction(3, user, channel, message)
        return await self._run(interaction, {"custom_id": custom_id, "component_type": 3, "values": values})

    async def submit_modal(
        self, user: User, shown: Interaction, fields: dict[str, str], message: dict[str, Any] | None = None
    ) -> Interaction:
        """``user`` submits the modal ``shown`` answered with (text input custom_id → value)."""
        assert shown.modal is not None, "no modal was shown"
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
        interaction = self._new_interaction(5, user, shown.channel, message)
        return await self._run(interaction, {"custom_id": shown.modal["custom_id"], "components": rows})

    async def wait_for(self, condition: Callable[[], bool], timeout: float = 60.0) -> None:
        """Until ``condition`` holds (for a bot in another process, whose tasks cannot be watched)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() > deadline:
                raise TimeoutError("the condition did not come true")
            await asyncio.sleep(0.02)

    async def send_interaction(self, user: User, channel: Channel, path: str, **options: Any) -> Interaction:
        """Dispatch a slash command without waiting for this process to settle."""
        interaction = self._new_interaction(2, user, channel, None)
        await self.dispatch(
            "INTERACTION_CREATE", self._interaction_payload(interaction, self._command_data(channel, path, options))
        )
        return interaction

    async def settle(
        self, baseline: set[asyncio.Task[Any]], until: Callable[[], bool] | None = None, timeout: float = 60.0
    ) -> None:
        """Until everything the dispatch started in this process (the bot's handlers) is done.

        ``until`` is what must have happened first (an interaction answered); if it never
        happens the wait ends after two quiet seconds, and the test sees it unanswered.
        """
        current = asyncio.current_task()

        def busy() -> list[asyncio.Task[Any]]:
            return [
                task
                for task in asyncio.all_tasks()
                if task not in baseline and task is not current and not task.done() and not _server_task(task)
            ]

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        quiet = 0
        needed = 3
        while quiet < needed:
            await asyncio.sleep(0.01)
            quiet = 0 if busy() or self._in_flight else quiet + 1
            needed = 3 if until is None or until() else 200
            if loop.time() > deadline:
                raise TimeoutError(f"the bot did not settle: {busy()}")


def _json(data: Any, status: int = 200) -> web.Response:
    """JSON as Discord sends it (discord.py reads a body as JSON only for exactly this type)."""
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _server_task(task: asyncio.Task[Any]) -> bool:
    """Long-lived tasks that are not work in progress: aiohttp's connections, views' timeout timers."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None)
    return (code is not None and "/aiohttp/" in code.co_filename) or "timeout_task_impl" in getattr(
        coro, "__qualname__", ""
    )


def _content_type(filename: str) -> str:
    suffix = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "gif": "image/gif", "json": "application/json", "txt": "text/plain"}.get(
        suffix, "application/octet-stream"
    )


def find_component(message: dict[str, Any], custom_id: str) -> dict[str, Any]:
    for row in message.get("components", []):
        for child in row.get("components", []):
            if child.get("custom_id") == custom_id:
                return dict(child)
    raise AssertionError(f"no component {custom_id!r} on message {message['id']}")


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components", []) for c in row["components"] if c.get("custom_id")]


def labels(message: dict[str, Any]) -> dict[str, str]:
    """Button label → custom_id."""
    return {
        c["label"]: c["custom_id"]
        for row in message.get("components", [])
        for c in row["components"]
        if c.get("label") and c.get("custom_id")
    }


@contextlib.contextmanager
def pointed(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py's REST base and default gateway at ``fake`` (restored afterwards)."""
    import discord.gateway
    import discord.http

    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


def has_no_traceback(log: str) -> bool:
    return "Traceback (most recent call last)" not in log
