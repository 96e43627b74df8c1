"""The arrows point one way: bot -> renderers -> games (design.md "Layers", style.md §9.11).

Every ``.py`` file under ``games/``, ``renderers/`` and ``bot/`` is parsed with :mod:`ast`
(nothing is imported, so a broken module cannot hide a bad import). A package that does not
exist yet has no files, so the test holds on a partial tree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME_KEYS = frozenset({"volto", "twilight", "rialto", "venezia2099"})
FORBIDDEN = {
    "games": {"bot", "renderers", "discord", "PIL", "aiosqlite", "asyncio", "random"},
    "renderers": {"bot", "discord", "aiosqlite"},
}
RANDOM_ALLOWED = {"games/core.py"}
KEY_LITERALS_ALLOWED = {"bot/i18n.py"}


def python_files(root: Path, package: str) -> list[Path]:
    return sorted((root / package).rglob("*.py")) if (root / package).is_dir() else []


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(root: Path, path: Path) -> Iterator[tuple[int, str]]:
    """(line, top-level package) for every import in ``path``; relative imports resolved."""
    package = path.relative_to(root).as_posix().removesuffix(".py").split("/")[:-1]
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                parts = [*base, *(node.module.split(".") if node.module else [])]
                yield node.lineno, parts[0] if parts else ""
            elif node.module:
                yield node.lineno, node.module.split(".")[0]


def import_offences(root: Path) -> list[str]:
    """Every import that points up a layer, or ``random`` outside games/core.py."""
    offences = []
    for package, forbidden in FORBIDDEN.items():
        for path in python_files(root, package):
            name = path.relative_to(root).as_posix()
            for line, module in imported_modules(root, path):
                if module in forbidden and not (module == "random" and name in RANDOM_ALLOWED):
                    offences.append(f"{name}:{line} imports {module}")
    return offences


def discord_offences(root: Path) -> list[str]:
    """Imports of discord outside bot/."""
    return [
        f"{path.relative_to(root).as_posix()}:{line}"
        for package in ("games", "renderers")
        for path in python_files(root, package)
        for line, module in imported_modules(root, path)
        if module == "discord"
    ]


def key_literal_offences(root: Path) -> list[str]:
    """Game keys written as string literals in bot/ (outside its catalog module)."""
    offences = []
    for path in python_files(root, "bot"):
        name = path.relative_to(root).as_posix()
        if name in KEY_LITERALS_ALLOWED:
            continue
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAME_KEYS:
                offences.append(f"{name}:{node.lineno} mentions {node.value!r}")
    return offences


# --- The project -------------------------------------------------------------------------------


def test_games_exist_so_the_checks_mean_something():
    assert python_files(ROOT, "games")


def test_lower_layers_do_not_import_upper_layers_and_only_core_draws_random():
    assert import_offences(ROOT) == []


def test_only_the_bot_imports_discord():
    assert discord_offences(ROOT) == []


def test_the_bot_names_no_game_except_in_its_catalog():
    """Adding a game must need no change in bot/: no game key as a string literal there."""
    assert key_literal_offences(ROOT) == []


# --- The checker itself, on a made-up tree ------------------------------------------------------


@pytest.fixture
def bad_tree(tmp_path: Path) -> Path:
    files = {
        "games/core.py": "import random\n",
        "games/x/rules.py": "import random\nfrom PIL import Image\nfrom .. import core\nfrom ..core import Rng\n",
        "games/x/slow.py": "import asyncio.tasks\nfrom bot.service import run\n",
        "renderers/x.py": "import discord\nfrom games.core import Seat\nimport PIL\n",
        "bot/i18n.py": "KEYS = ('volto', 'rialto')\n",
        "bot/cogs/play.py": "DEFAULT = 'twilight'\nLABEL = 'volto rules'\nimport discord\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_checker_finds_every_planted_offence(bad_tree):
    assert import_offences(bad_tree) == [
        "games/x/rules.py:1 imports random",
        "games/x/rules.py:2 imports PIL",
        "games/x/slow.py:1 imports asyncio",
        "games/x/slow.py:2 imports bot",
        "renderers/x.py:1 imports discord",
    ]
    assert discord_offences(bad_tree) == ["renderers/x.py:1"]
    assert key_literal_offences(bad_tree) == ["bot/cogs/play.py:1 mentions 'twilight'"]


def test_checker_holds_on_a_partial_tree(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "core.py").write_text("import random\n", encoding="utf-8")
    assert import_offences(tmp_path) == discord_offences(tmp_path) == key_literal_offences(tmp_path) == []
