"""The renderers package: dispatch by game key, the merged catalog, and its import rules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from PIL import Image

import renderers
from games.core import LOCALES
from games.i18n import merge, missing_keys, translator
from games.volto import GAME
from tests.renderers.volto_samples import SAMPLES

PACKAGE = Path(renderers.__file__).parent
FORBIDDEN = ("bot", "discord", "aiosqlite", "sqlite3", "asyncio")


def test_render_and_alt_text_dispatch_by_game_key() -> None:
    tr = translator(merge(GAME.messages, renderers.CATALOG), "ru")
    view = SAMPLES["play-public"]
    image = renderers.render("volto", view, tr=tr)
    assert isinstance(image, Image.Image)
    assert image.size == renderers.volto.SIZE
    assert renderers.alt_text("volto", view, tr=tr).startswith("Вольто, общая доска.")


def test_unknown_game_key_raises_key_error() -> None:
    tr = translator(renderers.CATALOG, "en")
    with pytest.raises(KeyError):
        renderers.render("chess", SAMPLES["play-public"], tr=tr)
    with pytest.raises(KeyError):
        renderers.alt_text("chess", SAMPLES["play-public"], tr=tr)


def test_catalog_is_complete_in_every_locale() -> None:
    assert set(LOCALES) <= set(renderers.CATALOG)
    assert missing_keys(renderers.CATALOG, LOCALES) == set()
    for locale in LOCALES:
        for key, template in renderers.CATALOG[locale].items():
            assert key.split(".")[0] in renderers.RENDERERS, key
            assert template.strip(), key


def test_russian_catalog_is_not_a_copy_of_english() -> None:
    english, russian = renderers.CATALOG["en"], renderers.CATALOG["ru"]
    words = [key for key, text in english.items() if len(re.sub(r"\{\w+\}", "", text).strip(" .,:?")) > 3]
    untranslated = [key for key in words if english[key] == russian[key]]
    assert untranslated == []


def test_catalog_does_not_redefine_engine_keys() -> None:
    for locale in LOCALES:
        assert set(renderers.CATALOG[locale]).isdisjoint(GAME.messages[locale])


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda path: path.name)
def test_renderers_import_only_games_and_pillow(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_alt_text_is_cut_to_the_limit() -> None:
    def chatty(view: object, *, tr: object) -> str:
        return "word " * 400

    renderers.RENDERERS["chatty"] = renderers.Renderer(renderers.RENDERERS["volto"].render, chatty)
    try:
        text = renderers.alt_text("chatty", SAMPLES["play-public"], tr=translator(renderers.CATALOG, "en"))
    finally:
        del renderers.RENDERERS["chatty"]
    assert len(text) <= renderers.ALT_TEXT_LIMIT
    assert text.endswith("…")
