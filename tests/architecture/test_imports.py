"""Import rules the code must keep, checked on the source (no import-linter needed).

1. The pure modules (the engine, pairing, fairness, the scoring algorithms, the words
   of a dispute, the rules of a sheet's deal) import nothing from Django, DRF or
   Celery, nor any module of the repository that does, however deep.
2. No import cycle among the production modules (``engine``, ``tavolo``,
   ``tournaments``, ``scoring``; migrations left out), deferred imports counted, with
   no allow-list (what a cycle is: ``tests/support/import_graph.py``); and no import
   between the two apps is deferred into a function.
3. ``tournaments`` asks ``scoring`` for little: the owe API, the pure modules, and a
   few named reads; standings are never driven by model signals.
"""

from __future__ import annotations

import ast

import pytest

from tests.support.import_graph import (
    ROOT,
    closure,
    components,
    cycle_chain,
    cycles,
    modules,
    named_in,
    needed,
    path_between,
    raw_imports,
)

PURE_SCORING = (
    "scoring.carried",
    "scoring.collector",
    "scoring.describe",
    "scoring.errors",
    "scoring.legend",
    "scoring.numbers",
    "scoring.points",
    "scoring.points_settings",
    "scoring.prizes",
    "scoring.ratings",
    "scoring.ratings.scale",
    "scoring.ratings.season",
    "scoring.ratings.plot",
    "scoring.round_records",
    "scoring.seasons",
    "scoring.score_direction",
    "scoring.standings",
    "scoring.standings_input",
    "scoring.table_result",
    "scoring.tiebreaks",
    "scoring.victory_points",
)
PURE = sorted(
    {
        *(m for m in modules() if m == "engine" or m.startswith("engine.")),
        *(m for m in modules() if m.startswith("tournaments.pairing")),
        "tournaments.fairness",
        "tournaments.services.dispute_words",
        "tournaments.services.numbering",
        "tournaments.services.sheet_rules",
        *PURE_SCORING,
    }
)
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular", "celery", "kombu", "redis")

# What tournaments may import from scoring, and why.
SCORING_FOR_TOURNAMENTS = {
    *PURE_SCORING,
    "scoring",  # the package itself (loaded with any of its modules)
    "scoring.owed",  # owe_standings: the one call a service makes when a result changed
    "scoring.store",  # current_points (pairing by score), recompute (the demo club)
    "scoring.models",  # GameScore: a round's page shows final scores
    "scoring.read",  # tiebreak labels on the tournament's setup form
    "scoring.local_numbers",  # numbers with the reader's decimal mark (the points rule)
    "scoring.rating_models",  # Rating, RatingChange: seeding by rating, expected results
    "scoring.ratings",  # the package itself (loaded with scale)
    "scoring.ratings.scale",  # a rating as people read it, a table's win chances
    "scoring.rating_service",  # update_all_ratings: the demo club's first ratings
}


def _empty_package(name: str) -> bool:
    """A package whose ``__init__`` imports nothing (``tournaments``, ``scoring``)."""
    return modules()[name].name == "__init__.py" and not raw_imports(name)


def _framework(name: str) -> bool:
    return name.split(".")[0] in FRAMEWORKS


def test_the_pure_modules_are_found():
    assert len(PURE) > 20 and "engine" in PURE and "tournaments.pairing" in PURE
    for name in PURE:
        assert name in modules(), name


@pytest.mark.parametrize("name", PURE)
def test_a_pure_module_imports_no_framework_however_deep(name):
    reached = closure(name)
    impure = sorted(m for m in reached if m not in PURE and not _empty_package(m))
    assert not impure, f"{name} loads {impure[0]}: {' -> '.join(path_between(name, impure[0]))}"
    for module in reached:
        framework = sorted(i for i in raw_imports(module) if _framework(i))
        assert not framework, f"{module} (reached from {name}) imports {framework}"


def test_no_import_cycle_among_the_production_modules():
    found = cycles()
    chains = "\n\n".join(cycle_chain(c) for c in found)
    assert not found, f"{len(found)} import cycles (deferred imports counted):\n\n{chains}"


def _cycles_of(tree: dict[str, str]) -> list[list[str]]:
    """The cycles of a made-up tree: module name -> source (``"a/"``: package ``a``)."""
    known = {name.rstrip("/") for name in tree}
    graph = {
        name.rstrip("/"): needed(
            name.rstrip("/"),
            named_in(name.rstrip("/"), source, package=name.endswith("/"), known=known),
        )
        for name, source in tree.items()
    }
    return components(sorted(graph), graph.__getitem__)


RE_EXPORTS = "from a.b import f\nfrom .c import g\n"


@pytest.mark.parametrize(
    ("tree", "expected"),
    [
        # A package re-exporting its submodules, which import each other directly.
        ({"a/": RE_EXPORTS, "a.b": "from a.c import g", "a.c": ""}, []),
        ({"a/": RE_EXPORTS, "a.b": "from . import c", "a.c": ""}, []),
        ({"a/": RE_EXPORTS, "a.b": "import a.c", "a.c": ""}, []),
        # A submodule importing a name back from its package's __init__.
        ({"a/": RE_EXPORTS, "a.b": "from a import g", "a.c": ""}, [["a", "a.b"]]),
        ({"a/": RE_EXPORTS, "a.b": "", "a.c": "from . import f"}, [["a", "a.c"]]),
        # A module outside the package loads its __init__, which needs it back.
        (
            {"a/": "from x import h", "a.b": "", "x": "def h():\n    from a.b import f"},
            [["a", "x"]],
        ),
        # A deferred import is an import; so is one only for type checking.
        ({"x": "def f():\n    import y", "y": "from x import f"}, [["x", "y"]]),
        ({"x": "if TYPE_CHECKING:\n    from y import T", "y": "import x"}, [["x", "y"]]),
    ],
)
def test_what_counts_as_an_import_cycle(tree, expected):
    assert _cycles_of(tree) == expected


def test_no_import_cycle_joins_tournaments_and_scoring():
    joined = [c for c in cycles() if {m.split(".")[0] for m in c} >= {"tournaments", "scoring"}]
    assert not joined, f"an import cycle spans both apps: {joined}"


def _function_imports(name: str) -> set[str]:
    """The dotted names ``name`` imports inside a function body."""
    tree = ast.parse(modules()[name].read_text())
    found: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return found


def test_no_import_between_the_apps_is_deferred_into_a_function():
    deferred = []
    for name in modules():
        app = name.split(".")[0]
        other = {"tournaments": "scoring", "scoring": "tournaments"}.get(app)
        if other is None:
            continue
        deferred += [
            f"{name} -> {i}" for i in sorted(_function_imports(name)) if i.split(".")[0] == other
        ]
    assert not deferred, f"deferred imports between the apps hide a cycle: {deferred}"


def test_tournaments_asks_scoring_only_for_the_owe_api_pure_modules_and_named_reads():
    asked = {
        f"{name} -> {target}"
        for name in modules()
        if name.split(".")[0] == "tournaments"
        for raw in raw_imports(name)
        if raw.split(".")[0] == "scoring"
        for target in [_closest(raw)]
        if target not in SCORING_FOR_TOURNAMENTS
    }
    assert not asked, f"tournaments imports more of scoring than it may: {sorted(asked)}"


def _closest(raw: str) -> str:
    known = modules()
    while raw not in known:
        raw = raw.rpartition(".")[0]
    return raw


def test_the_owe_api_reaches_no_web_or_api_code():
    reached = closure("scoring.owed")
    assert not [m for m in reached if ".web" in m or ".api" in m or m.endswith(".views")]


def test_standings_are_driven_by_no_model_signal():
    assert not (ROOT / "scoring" / "signals.py").exists()
    for name in modules():
        if name.split(".")[0] != "scoring":
            continue
        source = modules()[name].read_text()
        for hook in ("post_save", "post_delete", "pre_save", "m2m_changed"):
            assert hook not in source, f"{name} listens to {hook}"
