"""Imports run one way: views on top, then services, then models, pure modules at the bottom.

Every module's imports are read with ``ast`` (nothing is imported or run), in
function bodies and under ``TYPE_CHECKING`` too: an import a reader has to
follow counts. The rules are the tables below; a new package (the night, the
services, the club, accounts, the server) joins them by adding its globs to a layer.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoring", "tourney")


@dataclass(frozen=True)
class Layer:
    """Modules (globs under the repository root) and the modules they must never import."""

    name: str
    modules: tuple[str, ...]
    must_not_import: tuple[str, ...]
    through_helpers: bool = False
    """Also not through another of Rookery's modules (what pure means)."""


PURE = (
    "scoring/rules/**/*.py",
    "scoring/exports/**/*.py",  # the score sheets' arithmetic: values in, workbook out
    "tourney/seating/**/*.py",
)
"""Plain Python: no Django, directly or through another of Rookery's modules."""

VIEWS = ("tourney.views", "scoring.views")

LAYERS = (
    Layer("pure modules", PURE, ("django",), through_helpers=True),
    Layer("scoring, below tourney", ("scoring/**/*.py",), ("tourney",)),
    Layer(
        "models and services, below the views",
        (
            "tourney/models.py",
            "tourney/models/**/*.py",
            "tourney/services.py",
            "tourney/services/**/*.py",
            "scoring/models.py",
            "scoring/services.py",
        ),
        VIEWS,
    ),
    Layer(
        "the club, accounts and the server, below the views",
        ("tourney/club/**/*.py", "tourney/accounts/**/*.py", "tourney/server/**/*.py"),
        VIEWS,
    ),
    Layer("the club, beside the server", ("tourney/club/**/*.py",), ("tourney.server",)),
    Layer(
        "the services, below the views and the server",
        ("tourney/services/**/*.py",),
        (*VIEWS, "tourney.server"),
    ),
    Layer(
        "the night, below the services and the views",
        ("tourney/night/**/*.py",),
        (*VIEWS, "tourney.services"),
    ),
    Layer(
        "the master sheet, its tables and links, below the club",
        ("tourney/night/sheet.py", "tourney/night/tables.py", "tourney/night/links.py"),
        ("tourney.club",),
    ),
    Layer(
        "models, below the services and everything that uses them",
        ("tourney/models/**/*.py",),
        ("tourney.services", "tourney.night", "tourney.club", "tourney.accounts", "tourney.server"),
    ),
    Layer(
        "the club's models, below the night's",
        ("tourney/models/club.py",),
        ("tourney.models.night",),
    ),
)

ONE_WAY = ("scoring/rules/**/*.py", "tourney/seating/**/*.py")
"""Packages whose modules never import each other in a circle."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for app in APPS for path in (ROOT / app).rglob("*.py")}


MODULES = project_modules()


def imports_of(path: Path) -> set[str]:
    """The modules ``path`` imports, relative imports resolved; ``from p import m`` is p.m."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return found


IMPORTS = {name: imports_of(path) for name, path in MODULES.items()}


def matching(globs: tuple[str, ...]) -> list[str]:
    return sorted({module_name(p) for g in globs for p in ROOT.glob(g) if p.suffix == ".py"})


def reaches(name: str, prefixes: tuple[str, ...]) -> list[str]:
    """A chain of imports from ``name`` to a module under ``prefixes``, or [] if none."""
    seen = {name}
    paths = [[name]]
    while paths:
        path = paths.pop(0)
        for target in sorted(IMPORTS.get(path[-1], ())):
            if any(target == p or target.startswith(f"{p}.") for p in prefixes):
                return [*path, target]
            if target in IMPORTS and target not in seen:
                seen.add(target)
                paths.append([*path, target])
    return []


def is_under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(f"{p}.") for p in prefixes)


@pytest.mark.parametrize("layer", LAYERS, ids=lambda layer: layer.name)
def test_each_layer_imports_only_downward(layer):
    members = matching(layer.modules)
    assert members, f"{layer.name}: no module matches {layer.modules}"
    if layer.through_helpers:
        broken = {m: chain for m in members if (chain := reaches(m, layer.must_not_import))}
    else:
        broken = {
            m: sorted(t for t in IMPORTS[m] if is_under(t, layer.must_not_import)) for m in members
        }
    assert {m: v for m, v in broken.items() if v} == {}


def test_pure_packages_import_one_way():
    members = set(matching(ONE_WAY))
    graph = {m: sorted(IMPORTS[m] & members - {m}) for m in sorted(members)}
    circles = []
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            circles.append([*trail[trail.index(module) :], module])
            return
        if module in done:
            return
        for target in graph[module]:
            visit(target, [*trail, module])
        done.add(module)

    for module in graph:
        visit(module, [])
    assert circles == []


def test_the_rules_see_the_imports_they_guard():
    """The reader resolves the forms the code uses, so a rule cannot pass by missing them."""
    assert "scoring.rules.cards" in IMPORTS["scoring.rules.base"]  # from .cards import ...
    assert (
        "django.db" in IMPORTS["scoring.models"] or "django.db.models" in IMPORTS["scoring.models"]
    )
    assert "tourney.seating.night" in IMPORTS["tourney.seating.planner"]  # from pkg import mod
    assert reaches("tourney.models", ("django",))
