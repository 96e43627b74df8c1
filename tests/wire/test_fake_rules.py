"""The fake refuses what Discord refuses, with Discord's codes (so a green wire test means something)."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.wire.fake_discord import FakeDiscord


async def call(fake: FakeDiscord, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, json=body, headers=headers) as response,
    ):
        return response.status, (await response.json() if response.status != 204 else None)


def command(**changes: Any) -> dict[str, Any]:
    base = {"name": "game", "description": "Play", "type": 1, "options": []}
    return {**base, **changes}


def option(name: str = "code", **changes: Any) -> dict[str, Any]:
    return {"name": name, "description": "A move", "type": 3, "required": False, **changes}


def button(custom_id: str = "b", label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def select(custom_id: str = "s", count: int = 2) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": f"{i}", "value": f"{i}"} for i in range(count)]}


def rows(*children: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": list(row)} for row in children]


BAD_COMMANDS = {
    "uppercase name": [command(name="Game")],
    "name too long": [command(name="g" * 33)],
    "name with a space": [command(name="my game")],
    "empty description": [command(description="")],
    "description too long": [command(description="d" * 101)],
    "26 options": [command(options=[option(f"o{i}") for i in range(26)])],
    "26 subcommands": [command(options=[{"name": f"s{i}", "description": "x", "type": 1} for i in range(26)])],
    "26 choices": [command(options=[option(choices=[{"name": f"{i}", "value": f"{i}"} for i in range(26)])])],
    "choice name too long": [command(options=[option(choices=[{"name": "n" * 101, "value": "v"}])])],
    "option description too long": [command(options=[option(description="d" * 101)])],
    "Russian name with a capital": [command(name_localizations={"ru": "Партия"})],
    "Russian description too long": [command(description_localizations={"ru": "д" * 101})],
    "unknown locale": [command(description_localizations={"xx": "d"})],
    "required after optional": [command(options=[option("a"), option("b", required=True)])],
    "empty name": [command(name="")],
    "option name with a capital": [command(options=[option("Code")])],
    "option name too long": [command(options=[option("o" * 33)])],
    "empty option description": [command(options=[option(description="")])],
    "26 choices under a subcommand": [
        command(
            options=[
                {
                    "name": "new",
                    "description": "x",
                    "type": 1,
                    "options": [option(choices=[{"name": f"{i}", "value": f"{i}"} for i in range(26)])],
                }
            ]
        )
    ],
    "subcommand description too long": [command(options=[{"name": "new", "description": "d" * 101, "type": 1}])],
}


@pytest.mark.parametrize("case", list(BAD_COMMANDS))
async def test_command_sync_is_refused_like_discord(fake, case):
    status, body = await call(fake, "PUT", f"/applications/{fake.application_id}/commands", BAD_COMMANDS[case])
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert body["errors"]["0"], body
    assert fake.global_commands == []


async def test_a_valid_sync_is_accepted(fake):
    good = [
        command(options=[option(choices=[{"name": "Volto", "value": "volto", "name_localizations": {"ru": "Вольто"}}])])
    ]
    status, body = await call(fake, "PUT", f"/applications/{fake.application_id}/commands", good)
    assert status == 200 and body[0]["id"]


BAD_MESSAGES = {
    "content of 2,001": {"content": "x" * 2001},
    "six rows": {"components": rows(*[[button(f"b{i}")] for i in range(6)])},
    "six buttons in a row": {"components": rows([button(f"b{i}") for i in range(6)])},
    "a select beside a button": {"components": rows([select(), button()])},
    "custom_id of 101": {"components": rows([button("c" * 101)])},
    "label of 81": {"components": rows([button(label="l" * 81)])},
    "26 select options": {"components": rows([select(count=26)])},
    "duplicate custom_id": {"components": rows([button("a"), button("a")])},
    "11 attachments": {"attachments": [{"id": i, "filename": f"{i}.png"} for i in range(11)]},
    "alt text of 1,025": {"attachments": [{"id": 0, "filename": "a.png", "description": "a" * 1025}]},
}


@pytest.mark.parametrize("case", list(BAD_MESSAGES))
async def test_messages_are_refused_like_discord(fake, case):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    status, body = await call(fake, "POST", f"/channels/{channel.id}/messages", BAD_MESSAGES[case])
    assert (status, body["code"]) == (400, 50035), body
    assert channel.messages == []


async def test_interaction_deadline_and_double_answer(fake):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    user = fake.create_user("ana")
    late = fake._new_interaction(2, user, channel, None)
    fake.advance(3.01)
    path = f"/interactions/{late.id}/{late.token}/callback"
    status, body = await call(fake, "POST", path, {"type": 5, "data": {"flags": 64}})
    assert (status, body["code"]) == (404, 10062), "not acknowledged within 3 s"
    timely = fake._new_interaction(2, user, channel, None)
    fake.advance(2.9)
    path = f"/interactions/{timely.id}/{timely.token}/callback"
    assert (await call(fake, "POST", path, {"type": 5, "data": {"flags": 64}}))[0] == 204
    status, body = await call(fake, "POST", path, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060), "answered twice"
    followup = f"/webhooks/{fake.application_id}/{timely.token}"
    status, body = await call(fake, "POST", followup, {"content": "c" * 2001})
    assert (status, body["code"]) == (400, 50035)


async def test_autocomplete_answers_are_limited_to_25_choices(fake):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    typing = fake._new_interaction(4, fake.create_user("ana"), channel, None)
    choices = [{"name": f"m{i}", "value": f"m{i}"} for i in range(26)]
    path = f"/interactions/{typing.id}/{typing.token}/callback"
    status, body = await call(fake, "POST", path, {"type": 8, "data": {"choices": choices}})
    assert (status, body["code"]) == (400, 50035)
    assert (await call(fake, "POST", path, {"type": 8, "data": {"choices": choices[:25]}}))[0] == 204


async def test_injected_errors_answer_once_or_always(fake):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    fake.inject_error("POST", f"/channels/{channel.id}/messages", status=403, code=50013, message="Missing Permissions")
    status, body = await call(fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi"})
    assert (status, body) == (403, {"code": 50013, "message": "Missing Permissions"})
    assert (await call(fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi"}))[0] == 200


async def test_eleven_files_in_one_message_are_refused(fake):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "pictures"}), content_type="application/json")
    for index in range(11):
        form.add_field(f"files[{index}]", b"\x89PNG", filename=f"{index}.png", content_type="image/png")
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{fake.api_base}/channels/{channel.id}/messages", data=form, headers=headers) as response,
    ):
        body = await response.json()
    assert (response.status, body["code"]) == (400, 50035), body
    assert channel.messages == []


async def test_edits_and_interaction_answers_are_held_to_the_same_limits(fake):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    status, posted = await call(fake, "POST", f"/channels/{channel.id}/messages", {"content": "hi"})
    assert status == 200
    path = f"/channels/{channel.id}/messages/{posted['id']}"
    status, body = await call(fake, "PATCH", path, BAD_MESSAGES["six rows"])
    assert (status, body["code"]) == (400, 50035)
    assert channel.messages[0]["components"] == [], "the message is unchanged"
    pressed = fake._new_interaction(2, fake.create_user("ana"), channel, None)
    answer = f"/interactions/{pressed.id}/{pressed.token}/callback"
    status, body = await call(fake, "POST", answer, {"type": 4, "data": BAD_MESSAGES["a select beside a button"]})
    assert (status, body["code"]) == (400, 50035)
    assert not pressed.acknowledged, "a refused answer acknowledges nothing"


async def test_closed_dms_answer_50007_on_demand(fake):
    user = fake.create_user("bo")
    dm = fake.dm_channel(user)
    route = f"/channels/{dm.id}/messages"
    fake.inject_error("POST", route, status=403, code=50007, message="Cannot send messages to this user", times=None)
    for _ in range(2):
        status, body = await call(fake, "POST", route, {"content": "your turn"})
        assert (status, body) == (403, {"code": 50007, "message": "Cannot send messages to this user"})
    assert dm.messages == []
