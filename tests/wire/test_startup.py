"""The bot starts over the real wire and syncs commands Discord accepts, in every language of ``locales/``."""

from __future__ import annotations

from typing import Any

from bot.i18n import CATALOG, language_name
from games import REGISTRY
from locales import LANGUAGES, REFERENCE
from tests.wire.conftest import running_bot

ENGLISH, RUSSIAN = CATALOG["en"], CATALOG["ru"]
TRANSLATED = [language for language in LANGUAGES if language != REFERENCE]
"""Every language but English: each is synced as the Discord locale of the same code (``ru``, ``it``)."""
DESCRIPTION_KEYS = [key for key in ENGLISH if key.startswith("cmd.") and key.endswith(".desc")]


def walk(items: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option of a synced payload, with its path."""
    found = []
    for item in items:
        where = f"{path} {item['name']}".strip()
        found.append((where, item))
        found.extend(walk(item.get("options", []), where))
    return found


def key_of(english: str, localized: dict[str, str], keys: list[str]) -> str | None:
    """The catalog key whose English text is ``english`` and whose text in every other language is ``localized``'s."""
    for key in keys:
        if ENGLISH[key] == english and all(CATALOG[lang].get(key) == localized.get(lang) for lang in TRANSLATED):
            return key
    return None


async def test_starts_and_syncs_globally(fake, tmp_path):
    guild = fake.create_guild()
    fake.create_text_channel(guild, "games")
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        assert bot.is_ready()
        assert [where for where, _ in fake.command_puts] == [None], "one global bulk overwrite"
        names = {c["name"] for c in fake.global_commands}
        assert {"game", "move", "mygames", "vacation", "quiet", "profile", "tournament"} <= names
    assert ("PUT", f"/applications/{fake.application_id}/commands", 200) in fake.requests
    assert not fake.rejections, fake.rejections


async def test_syncs_to_the_dev_guild_and_answers_there(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana = fake.create_user("ana")
    fake.add_member(guild, ana)
    async with running_bot(fake, tmp_path / "db.sqlite3", dev_guild_id=guild.id):
        assert [where for where, _ in fake.command_puts] == [guild.id], "only the dev server, at once"
        listed = await fake.slash(ana, channel, "game list")
        assert listed.ephemeral and listed.text == ENGLISH["core.list.empty"]
    assert not fake.rejections, fake.rejections


async def test_every_description_and_choice_is_the_english_catalog_text_with_every_translation(fake, tmp_path):
    fake.create_guild()
    async with running_bot(fake, tmp_path / "db.sqlite3"):
        pass
    [(_, commands)] = fake.command_puts
    assert not fake.rejections, fake.rejections
    seen = 0
    for where, item in walk(commands):
        description = item["description"]
        localized = item.get("description_localizations", {})
        assert key_of(description, localized, DESCRIPTION_KEYS), f"/{where}: {description!r} / {localized!r}"
        for language in TRANSLATED:
            assert item.get("name_localizations", {}).get(language), f"/{where} has no name in {language}"
        for choice in item.get("choices", []):
            name, names = choice["name"], choice.get("name_localizations", {})
            if where == "setup language language" and choice["value"] in LANGUAGES:
                # A language is offered by its own name, the same in every locale (as pickers do).
                assert name == language_name(choice["value"]) and not names, (where, choice)
                continue
            assert key_of(name, names, list(ENGLISH)), f"/{where} choice {choice['value']!r}: {name!r} / {names!r}"
        seen += 1
    assert seen > 100
    game_choices = next(item for where, item in walk(commands) if where == "game new game")["choices"]
    assert {c["value"]: c["name"] for c in game_choices} == {key: ENGLISH[f"{key}.title"] for key in REGISTRY}
    new = next(item for where, item in walk(commands) if where == "game new")
    assert new["description"] == "Open a new match in this channel"
    assert new["description_localizations"]["ru"] == RUSSIAN["cmd.new.desc"]
    assert (
        new["description_localizations"]["it"]
        == CATALOG["it"]["cmd.new.desc"]
        == "Apri una nuova partita in questo canale"
    )
    game = next(item for where, item in walk(commands) if where == "game")
    assert game["name_localizations"] == {"ru": "партия", "it": "partita"}


async def test_sibling_names_stay_unique_in_every_language(fake, tmp_path):
    """Discord refuses two commands, or two options of one command, with the same name in one locale."""
    fake.create_guild()
    async with running_bot(fake, tmp_path / "db.sqlite3"):
        pass
    [(_, commands)] = fake.command_puts
    siblings = [("", commands), *((where, item.get("options", [])) for where, item in walk(commands))]
    clashes = []
    for where, items in siblings:
        for language in TRANSLATED:
            names = [item.get("name_localizations", {}).get(language, item["name"]) for item in items]
            clashes += [f"/{where} {language}: {name!r} twice" for name in set(names) if names.count(name) > 1]
    assert len(siblings) > 50
    assert clashes == []
