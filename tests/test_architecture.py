"""The arrows point one way: bot -> renderers -> games -> locales (design.md "Layers", style.md §9.11).

Every ``.py`` file under ``games/``, ``renderers/`` and ``bot/`` is parsed with :mod:`ast`
(nothing is imported, so a broken module cannot hide a bad import). A package that does not
exist yet has no files, so the test holds on a partial tree. Inside ``bot/``: no import
circle (every import counts, at the top of a module or hidden in a function); discord.py is
imported only by the Discord adapter (``bot/discord/``).

The store has one door: only the service package (``bot/service/``) and the store's own
package import :mod:`bot.store`. The tournament feature keeps its own repository
(``bot/tournaments/store.py``, its SQL over the shared connection, handed out by
``Service.repository``); only the tournament service imports it. Everything else (the
scheduler, the notifier, the history, the console, the Discord adapter) calls service
methods, and never reaches a store through an object either (``bot.store.x``,
``service.store.x``); the adapters hold no ``.store`` at all.

A renderer reads only its own game's ``view`` and ``model`` (and ``games.core``,
``games.i18n``): it draws what a seat may see, so it never imports a state or the rules.
The games' own layout is checked in ``tests/games/test_skeleton.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
GAME_KEYS = frozenset(REGISTRY)
"""The registered games: a game added to ``games.REGISTRY`` is checked with no change here."""
FORBIDDEN = {
    "games": {"bot", "renderers", "discord", "PIL", "aiosqlite", "sqlite3", "asyncio", "random"},
    "renderers": {"bot", "discord", "aiosqlite", "sqlite3"},
    "locales": {"bot", "renderers", "games", "discord", "PIL", "aiosqlite", "sqlite3", "asyncio", "random"},
}
RANDOM_ALLOWED = {"games/core.py"}

STORE_DOOR = {
    # module: (the files and folders allowed to import it)
    # bot/copy_db.py: the maintenance command that moves whole tables between two stores.
    "bot.store": ("bot/service/", "bot/store/", "bot/tournaments/store.py", "bot/copy_db.py"),
    "bot.tournaments.store": (
        "bot/tournaments/service.py",
        "bot/tournaments/runner.py",
        "bot/tournaments/tables.py",
        "bot/tournaments/rounds.py",
        "bot/tournaments/store.py",
    ),
}
STORE_HOLDERS = frozenset({"bot", "service"})
"""Names of objects that hold a store: ``<holder>.store.<anything>`` is reaching past the service."""
KEY_LITERALS_ALLOWED = {"bot/i18n.py"}
DISCORD_ADAPTER = "bot/discord/"
ADAPTERS = (DISCORD_ADAPTER, "bot/console.py")
"""What turns a person's action into a service call: they never hold the store themselves."""


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
    """Imports of discord outside the Discord adapter (``bot/discord/``)."""
    return [
        f"{name}:{line}"
        for package in ("games", "renderers", "bot")
        for path in python_files(root, package)
        if not (name := path.relative_to(root).as_posix()).startswith(DISCORD_ADAPTER)
        for line, module in imported_modules(root, path)
        if module == "discord"
    ]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module of ``package`` (a package is its ``__init__``)."""
    names = {}
    for path in python_files(root, package):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports, wherever the import stands in the file."""
    modules = module_names(root, package)

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        targets = set()
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Import):
                targets |= {known(alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                else:
                    base = node.module or ""
                for alias in node.names:
                    targets.add(known(f"{base}.{alias.name}") if f"{base}.{alias.name}" in modules else known(base))
        graph[name] = {target for target in targets if target is not None and target != name}
    return graph


def import_circles(root: Path, package: str) -> list[list[str]]:
    """Every set of modules that import each other in a loop (strongly connected components), sorted."""
    graph = import_graph(root, package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(circles)


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


def _dotted(node: ast.ImportFrom | ast.Import) -> list[str]:
    """The modules an import statement names (``from bot import store`` names ``bot.store``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level or not node.module:
        return []
    return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]


def store_offences(root: Path) -> list[str]:
    """Files of bot/ that import a store past its door, or reach a store through an object."""
    offences = []
    for path in python_files(root, "bot"):
        name = path.relative_to(root).as_posix()
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for module in _dotted(node):
                    door = next((d for d in STORE_DOOR if module == d or module.startswith(f"{d}.")), None)
                    if door is not None and not name.startswith(STORE_DOOR[door]):
                        offences.append(f"{name}:{node.lineno} imports {module}")
                        break
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "store"
                and not name.startswith("bot/service/")
            ):
                holder = node.value.value
                held_by = holder.id if isinstance(holder, ast.Name) else getattr(holder, "attr", None)
                if held_by in STORE_HOLDERS:
                    offences.append(f"{name}:{node.lineno} reaches {held_by}.store.{node.attr}")
    return offences


def adapter_store_offences(root: Path) -> list[str]:
    """Every ``.store`` an adapter reaches for (``service.store...``, ``self.store``...)."""
    offences = []
    for path in python_files(root, "bot"):
        name = path.relative_to(root).as_posix()
        if not name.startswith(ADAPTERS):
            continue
        for node in ast.walk(parse(path)):
            if isinstance(node, ast.Attribute) and node.attr == "store":
                offences.append(f"{name}:{node.lineno} {ast.unparse(node)}")
    return offences


def engine_calls(root: Path, method: str) -> list[str]:
    """Files of bot/ that call ``<something>.<method>(...)`` (e.g. the engine's ``apply``)."""
    return sorted(
        {
            path.relative_to(root).as_posix()
            for path in python_files(root, "bot")
            for node in ast.walk(parse(path))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
        }
    )


RENDERER_READS = ("view", "model")
"""The only modules of its game a renderer imports: it draws a view, never a state."""


def renderer_offences(root: Path, key: str) -> list[str]:
    """Imports in ``renderers/<key>.py`` of game code other than ``games.core``, ``games.i18n``
    and its own game's ``view`` and ``model`` (``from games.<key> import view`` counts as the module)."""
    path = root / "renderers" / f"{key}.py"
    if not path.exists():
        return []
    allowed = {"games.core", "games.i18n", *(f"games.{key}.{name}" for name in RENDERER_READS)}
    offences = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module == f"games.{key}":
                modules = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                modules = [node.module]
        else:
            continue
        offences += [
            f"renderers/{key}.py:{node.lineno} imports {module}"
            for module in modules
            if module.split(".")[0] == "games" and module not in allowed
        ]
    return offences


# --- The project -------------------------------------------------------------------------------


def test_games_exist_so_the_checks_mean_something():
    assert python_files(ROOT, "games")


def test_lower_layers_do_not_import_upper_layers_and_only_core_draws_random():
    assert import_offences(ROOT) == []


def test_only_the_discord_adapter_imports_discord():
    assert discord_offences(ROOT) == []


def test_no_import_circle_in_the_bot():
    """A circle is what made the adapter's nine files import each other inside functions."""
    assert import_graph(ROOT, "bot"), "the bot was read"
    assert import_circles(ROOT, "bot") == []


def test_the_bot_names_no_game_except_in_its_catalog():
    """Adding a game must need no change in bot/: no game key as a string literal there."""
    assert key_literal_offences(ROOT) == []


def test_only_the_service_reaches_the_store():
    assert store_offences(ROOT) == []


def test_the_adapters_hold_no_store():
    assert adapter_store_offences(ROOT) == []


def test_every_move_goes_through_the_one_pipeline():
    """Only the service's pipeline applies moves; replays go through ``games.core.replay``."""
    assert engine_calls(ROOT, "apply") == ["bot/service/pipeline.py"]
    assert engine_calls(ROOT, "initial_state") == ["bot/service/lobby.py"]


@pytest.mark.parametrize("key", sorted(GAME_KEYS))
def test_a_renderer_reads_only_its_games_view_and_model(key):
    """Hidden information stays behind ``view_of``: the renderer never sees a state or the rules."""
    assert (ROOT / "renderers" / f"{key}.py").exists()
    assert renderer_offences(ROOT, key) == []


# --- The checker itself, on a made-up tree ------------------------------------------------------


@pytest.fixture
def bad_tree(tmp_path: Path) -> Path:
    files = {
        "games/core.py": "import random\n",
        "games/x/rules.py": "import random\nfrom PIL import Image\nfrom .. import core\nfrom ..core import Rng\n",
        "games/x/slow.py": "import asyncio.tasks\nfrom bot.service import run\n",
        "renderers/x.py": "import discord\nfrom games.core import Seat\nimport PIL\n",
        "renderers/y.py": (
            "from games.y.view import YView\nfrom games.y import model, state\nimport games.y.rules\n"
            "from games.z.model import Z\nfrom games.i18n import Translate\n"
        ),
        "bot/i18n.py": "KEYS = ('volto', 'rialto')\n",
        "bot/cogs/play.py": "DEFAULT = 'twilight'\nLABEL = 'volto rules'\nimport discord\n",
        "bot/service/lobby.py": "from bot.store import Store\nasync def f(self):\n    await self.store.get_match(1)\n",
        "bot/store/matches.py": "from bot.store.base import StoreBase\n",
        "bot/tournaments/service.py": "from bot.tournaments.store import Table\nfrom bot.store import Store\n",
        "bot/tournaments/store.py": "from bot.store import Store\n",
        "bot/notify.py": "from bot import store\nasync def f(self):\n    await self.service.store.due()\n",
        "bot/cogs/slowplay.py": "async def f(self):\n    await self.bot.store.get_user(1)\n",
        "bot/history.py": (
            "import bot.store\nfrom bot.tournaments.store import Table\nfrom bot.store.base import X\n"
            "state, _ = GAME.apply(state, 0, move)\n"
        ),
        "bot/discord/__init__.py": "",
        "bot/discord/client.py": "import discord\nfrom bot.discord import cogs\n",
        "bot/discord/cogs.py": "def later():\n    from bot.discord.client import Bot\n",
        "bot/discord/transport.py": "async def home(bot):\n    return await bot.service.store.get_match(1)\n",
        "bot/errors.py": "from discord import app_commands\nfrom . import scheduler\n",
        "bot/scheduler.py": "from .errors import answer\n",
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
    assert discord_offences(bad_tree) == ["renderers/x.py:1", "bot/cogs/play.py:3", "bot/errors.py:1"]
    assert import_circles(bad_tree, "bot") == [
        ["bot.discord.client", "bot.discord.cogs"],
        ["bot.errors", "bot.scheduler"],
    ]
    assert key_literal_offences(bad_tree) == ["bot/cogs/play.py:1 mentions 'twilight'"]
    assert store_offences(bad_tree) == [
        "bot/cogs/slowplay.py:2 reaches bot.store.get_user",
        "bot/discord/transport.py:2 reaches service.store.get_match",
        "bot/history.py:1 imports bot.store",
        "bot/history.py:2 imports bot.tournaments.store",
        "bot/history.py:3 imports bot.store.base",
        "bot/notify.py:1 imports bot.store",
        "bot/notify.py:3 reaches service.store.due",
        "bot/tournaments/service.py:2 imports bot.store",
    ]
    assert engine_calls(bad_tree, "apply") == ["bot/history.py"]
    assert adapter_store_offences(bad_tree) == ["bot/discord/transport.py:2 bot.service.store"]


def test_checker_holds_on_a_partial_tree(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "core.py").write_text("import random\n", encoding="utf-8")
    assert import_offences(tmp_path) == discord_offences(tmp_path) == key_literal_offences(tmp_path) == []
    assert store_offences(tmp_path) == adapter_store_offences(tmp_path) == engine_calls(tmp_path, "apply") == []
    assert import_circles(tmp_path, "bot") == []


def test_checker_finds_a_renderer_reading_past_the_view(bad_tree):
    assert renderer_offences(bad_tree, "y") == [
        "renderers/y.py:2 imports games.y.state",
        "renderers/y.py:3 imports games.y.rules",
        "renderers/y.py:4 imports games.z.model",
    ]
    assert renderer_offences(bad_tree, "absent") == []
