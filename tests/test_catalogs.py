"""Every language of ``locales/`` is complete, consistent and found by its folder alone.

The failure messages name the file and the key (``locales/it/volto.py lacks
'volto.event.x'``), so whoever adds a string in English sees at once where else it goes.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import locales
from games.core import LOCALES
from games.i18n import placeholders, plural_blocks, plural_forms
from locales import LANGUAGES, REFERENCE, domains, messages

ROOT = Path(__file__).resolve().parent.parent
DOMAINS = domains()
OTHERS = [language for language in LANGUAGES if language != REFERENCE]


def where(language: str, domain: str) -> str:
    return f"locales/{language}/{domain}.py"


def reference(domain: str) -> dict[str, str]:
    entries = messages(REFERENCE, domain)
    assert entries is not None
    return dict(entries)


def test_the_languages_are_the_folders():
    folders = sorted(path.name for path in (ROOT / "locales").iterdir() if (path / "__init__.py").is_file())
    assert sorted(LANGUAGES) == folders
    assert LANGUAGES[0] == REFERENCE == "en"
    assert {"en", "ru", "it"} <= set(LANGUAGES)
    assert LOCALES == LANGUAGES, "the games' catalogs cover every language"
    assert len(DOMAINS) >= 10


def test_every_language_has_every_key_of_every_domain():
    problems = []
    for domain in DOMAINS:
        english = reference(domain)
        for language in OTHERS:
            entries = messages(language, domain)
            if entries is None:
                problems.append(f"{where(language, domain)} is missing (copy {where(REFERENCE, domain)})")
                continue
            problems += [
                f"{where(language, domain)} lacks {key!r} ({REFERENCE}: {english[key]!r})"
                for key in english
                if key not in entries
            ]
            problems += [
                f"{where(language, domain)} has {key!r}, which {where(REFERENCE, domain)} lacks"
                for key in entries
                if key not in english
            ]
    if problems:
        pytest.fail("\n".join(problems))


def test_a_language_folder_holds_only_the_reference_domains():
    extra = [where(language, domain) for language in OTHERS for domain in domains(language) if domain not in DOMAINS]
    assert extra == []


def test_no_key_lives_in_two_domains():
    owner: dict[str, str] = {}
    twice = []
    for domain in DOMAINS:
        for key in reference(domain):
            if key in owner:
                twice.append(f"{key!r} in {owner[key]} and {domain}")
            owner[key] = domain
    assert twice == []


def test_every_template_keeps_the_placeholders_of_the_english_one():
    problems = []
    for domain in DOMAINS:
        for language in OTHERS:
            for key, template in (messages(language, domain) or {}).items():
                english = reference(domain).get(key)
                if english is not None and placeholders(template) != placeholders(english):
                    problems.append(
                        f"{where(language, domain)} {key!r}: {sorted(placeholders(template))} "
                        f"instead of {sorted(placeholders(english))}"
                    )
    if problems:
        pytest.fail("\n".join(problems))


def test_every_plural_block_has_exactly_the_forms_its_language_needs():
    """CLDR decides (en: one, other; ru: one, few, many, other; it: one, many, other); ``=N`` may be added."""
    problems = []
    checked = set()
    for language in LANGUAGES:
        needed = plural_forms(language)
        for domain in DOMAINS:
            for key, template in (messages(language, domain) or {}).items():
                try:
                    blocks = plural_blocks(template)
                except ValueError as error:
                    problems.append(f"{where(language, domain)} {key!r}: {error}")
                    continue
                for block in blocks:
                    forms = {selector for selector, _ in block.forms if not selector.startswith("=")}
                    if forms != needed:
                        problems.append(
                            f"{where(language, domain)} {key!r}: {sorted(forms)} instead of {sorted(needed)}"
                        )
                    checked.add(language)
    if problems:
        pytest.fail("\n".join(problems))
    assert checked == set(LANGUAGES)


def test_no_sentence_is_left_in_english():
    """A sentence (three words or more) equal to its English text was copied, not translated."""
    copied = [
        f"{where(language, domain)} {key!r}"
        for domain in DOMAINS
        for language in OTHERS
        for key, template in (messages(language, domain) or {}).items()
        if template == reference(domain).get(key)
        and len(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{[^{}]*\}", "", template))) >= 3
    ]
    assert copied == []


DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")


def test_command_names_and_descriptions_fit_discord_in_every_language():
    """Discord refuses the whole sync for one name with a capital or one description over 100."""
    problems = []
    for language in LANGUAGES:
        for domain in DOMAINS:
            for key, text in (messages(language, domain) or {}).items():
                if not key.startswith("cmd."):
                    continue
                if key.endswith(".desc"):
                    if not 1 <= len(text) <= 100:
                        problems.append(f"{where(language, domain)} {key!r}: {len(text)} characters")
                elif not DISCORD_NAME.match(text) or text != text.lower():
                    problems.append(f"{where(language, domain)} {key!r}: {text!r} is not a command name")
    if problems:
        pytest.fail("\n".join(problems))


def test_a_fourth_language_is_one_folder(tmp_path):
    """Copying a language folder under a new code is all it takes: found, chosen, translated, synced."""
    shutil.copytree(ROOT / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("__pycache__"))
    german = tmp_path / "locales" / "de"
    shutil.copytree(tmp_path / "locales" / "it", german)
    bot = (german / "bot.py").read_text(encoding="utf-8")
    (german / "bot.py").write_text(
        re.sub(r'"core\.error\.full": [^\n]+', '"core.error.full": "Diese Partie ist voll.",', bot),
        encoding="utf-8",
    )
    script = textwrap.dedent(
        """
        import asyncio, sys
        sys.path.insert(0, sys.argv[1])
        sys.path.insert(1, sys.argv[2])
        import discord
        from discord import app_commands
        import locales
        from bot.i18n import CATALOG, pick_locale, tr_for
        from bot.discord.client import CatalogTranslator
        from games import REGISTRY

        assert locales.__file__.startswith(sys.argv[1]), locales.__file__
        name = asyncio.run(
            CatalogTranslator().translate(
                app_commands.locale_str("game", key="cmd.game"), discord.Locale.german, None
            )
        )
        volto = next(game for key, game in REGISTRY.items() if key == "volto")
        for line in (
            locales.LANGUAGES, pick_locale("de", None), tr_for("de")("core.error.full"), name,
            "de" in volto.messages, len(CATALOG["de"]) == len(CATALOG["en"]),
        ):
            print(line)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    italian_game = messages("it", "bot")
    assert italian_game is not None
    assert done.stdout.splitlines() == [
        str((REFERENCE, *sorted([*OTHERS, "de"]))),
        "de",
        "Diese Partie ist voll.",
        italian_game["cmd.game"],
        "True",
        "True",
    ]


def test_the_package_lists_its_own_folder():
    assert Path(locales.__file__).parent == ROOT / "locales"


def test_the_report_lists_what_a_language_lacks_ready_to_paste(monkeypatch, capsys):
    """``python -m locales`` is what the lead runs after merging strings added in English only."""
    from locales import __main__ as tool

    assert tool.main() == 0
    assert "Every language is complete" in capsys.readouterr().out

    def without_one_key(language: str, domain: str):
        entries = messages(language, domain)
        if language == "it" and domain == "volto" and entries is not None:
            return {key: text for key, text in entries.items() if key != "volto.label.undo"} | {"volto.old": "x"}
        return entries

    monkeypatch.setattr(tool, "messages", without_one_key)
    assert tool.main() == 1
    assert capsys.readouterr().out.splitlines() == [
        "# locales/it/volto.py",
        "    'volto.label.undo': 'Undo',  # in English: translate",
        "    # 'volto.old' is not in locales/en/volto.py: delete it",
    ]
