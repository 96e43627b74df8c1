"""Every game package has the same skeleton, so a reader finds the same thing in the same place.

The skeleton (README, "Adding a game"): ``model`` (the game's world), ``state`` (the state and
its codec), ``moves`` (the move type and its codes), ``rules`` (legal moves and applying
them), ``view`` (the view type and ``view_of(state, seat)``: the hidden-information
boundary), ``labels``, ``messages``, ``autopilot``, ``determinize`` and a thin ``game`` that
holds the ``Game`` object; ``__init__`` carries the rules decisions in its docstring. A game
may add only the optional modules named here, with the same meaning wherever they exist.

Checked for every game in ``games.REGISTRY``, so a fifth game is held to it with no change
here. Files are parsed, not imported, except to compare ``view_of`` with ``GAME.view``.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games import REGISTRY
from games.core import AnyGame

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = frozenset(
    {"__init__", "model", "state", "moves", "rules", "view", "labels", "messages", "autopilot", "determinize", "game"}
)
OPTIONAL = {
    "setup": "the position before the first move",
    "scoring": "the final scoring",
    "answers": "answers a player may give in advance (standing answers)",
    "board": "where pieces may go on the board: geometry and reachability, for the rules",
    "flow": "what runs on by itself between two decisions",
    "mechanics": "the small rules every phase shares",
    "cardplay": "how a card play is built and counted",
    "legal": "the legal moves listed fast, for search; a test holds them equal to the rules' own definition",
}
"""The optional modules and what each holds; a new one is named here with its meaning."""
MAX_LINES = 1000
"""A module this long has more than one job; split it by job."""
SHARED = frozenset({"games.core", "games.i18n", "games.builders"})
"""What a game may import besides its own package."""


def package_of(game: AnyGame) -> str:
    """``games.volto`` for Volto: the package whose ``game`` module holds the Game class."""
    return type(game).__module__.rpartition(".")[0]


def folder(game: AnyGame) -> Path:
    return ROOT / Path(*package_of(game).split("."))


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports(tree: ast.Module) -> set[str]:
    """Every absolute module a file imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def skeleton_offences(package: Path) -> list[str]:
    """What is missing from a game package, or there without being a known optional module."""
    names = {path.stem for path in package.glob("*.py")}
    offences = [f"missing {name}.py" for name in sorted(REQUIRED - names)]
    offences += [f"unknown module {name}.py" for name in sorted(names - REQUIRED - set(OPTIONAL))]
    offences += [f"subpackage {path.name}/" for path in sorted(package.iterdir()) if (path / "__init__.py").exists()]
    return offences


@pytest.fixture(params=sorted(REGISTRY))
def game(request: pytest.FixtureRequest) -> AnyGame:
    return REGISTRY[request.param]


def test_the_registry_is_not_empty_so_the_checks_mean_something():
    assert len(REGISTRY) >= 4


def test_every_game_has_the_skeleton_and_only_known_optional_modules(game):
    assert skeleton_offences(folder(game)) == []


def test_game_py_holds_the_game_object_and_the_package_hands_it_on(game):
    package = package_of(game)
    assert type(game).__module__ == f"{package}.game"
    assert importlib.import_module(package).GAME is game
    assert importlib.import_module(f"{package}.game").GAME is game


def test_the_package_docstring_carries_the_rules(game):
    docstring = ast.get_docstring(parse(folder(game) / "__init__.py")) or ""
    assert "rules" in docstring.lower() and len(docstring.splitlines()) >= 10


def test_view_py_defines_view_of_and_the_game_shows_exactly_that(game):
    tree = parse(folder(game) / "view.py")
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "view_of" in functions
    assert [arg.arg for arg in functions["view_of"].args.args] == ["state", "seat"]
    view_of = importlib.import_module(f"{package_of(game)}.view").view_of
    state = game.initial_state(seed=11, num_players=game.min_players)
    for seat in (None, *range(game.min_players)):
        assert view_of(state, seat) == game.view(state, seat)


def test_a_game_imports_only_itself_and_the_shared_core(game):
    package = package_of(game)
    offences = [
        f"{path.name} imports {module}"
        for path in sorted(folder(game).glob("*.py"))
        for module in sorted(imports(parse(path)))
        if module.startswith("games") and module not in SHARED and not (module + ".").startswith(package + ".")
    ]
    assert offences == []


def test_no_game_module_is_too_long(game):
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in folder(game).glob("*.py")}
    assert {name: lines for name, lines in lengths.items() if lines > MAX_LINES} == {}


def test_the_checker_names_what_is_missing_and_what_is_unknown(tmp_path):
    for name in ("__init__", "model", "state", "notation", "rules", "view", "board", "setup"):
        (tmp_path / f"{name}.py").write_text("", encoding="utf-8")
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("", encoding="utf-8")
    assert skeleton_offences(tmp_path) == [
        "missing autopilot.py",
        "missing determinize.py",
        "missing game.py",
        "missing labels.py",
        "missing messages.py",
        "missing moves.py",
        "unknown module notation.py",
        "subpackage helpers/",
    ]
