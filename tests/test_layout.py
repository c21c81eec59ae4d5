"""The layout keeps its promises: imports run one way, and every module says what it holds."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED = (
    "tourney/views",
    "tourney/seating",
    "tourney/club",
    "tourney/accounts",
    "tourney/server",
    "tourney/night",
    "tourney/services",
    "scoring/exports",
)
"""Packages whose every module opens with a docstring saying what it holds."""


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_scoring_never_imports_from_tourney():
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            m for m in imported_modules(path) if m.startswith("tourney")
        )
        for path in (ROOT / "scoring").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_every_views_and_exports_module_opens_with_what_it_holds():
    for package in DOCUMENTED:
        for path in (ROOT / package).glob("*.py"):
            docstring = ast.get_docstring(ast.parse(path.read_text()))
            assert docstring and len(docstring.split()) >= 6, path
