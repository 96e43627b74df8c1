"""No file we ship keeps a merge's conflict markers.

Why: session 5 committed README.md with ``<<<<<<<``/``>>>>>>>`` lines from a merge, and
nothing failed; a marker in a Python file would fail the import, but not in docs, SQL,
catalogs or configuration.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("*.md", "*.py", "*.sql", "*.toml", "*.yaml", "*.yml", "*.cfg", "*.txt", "Dockerfile", "run")
SKIPPED = {".git", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache", "build", "dist"}
MARKER = re.compile(r"^(<{7}|>{7})( |$)", re.MULTILINE)
"""A conflict's first and last lines (its ``=======`` alone could be a Markdown heading's underline)."""


def shipped_files() -> list[Path]:
    files = set()
    for pattern in CHECKED:
        for path in ROOT.rglob(pattern):
            if path.is_file() and not SKIPPED.intersection(path.relative_to(ROOT).parts):
                files.add(path)
    return sorted(files)


def markers_in(text: str) -> list[str]:
    return [match.group(0) for match in MARKER.finditer(text)]


def test_the_marker_pattern_finds_a_conflict() -> None:
    conflict = "a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\nb\n"
    assert len(markers_in(conflict)) == 2
    assert markers_in("a heading\n=======\n") == []
    assert markers_in("text with <<<<<<< inside a line\n") == []


def test_no_shipped_file_has_conflict_markers() -> None:
    files = shipped_files()
    assert any(path.name == "README.md" for path in files)
    offenders = [str(path.relative_to(ROOT)) for path in files if markers_in(path.read_text(errors="replace"))]
    assert offenders == []
