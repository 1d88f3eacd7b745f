"""Only a game's two modules name the game.

Everything Tavolo knows of one game lives in its engine module (``engine/games/<game>.py``
and helpers beside it: rules, options, tally fields and their words, rule codes, bot)
and its profile (``tournaments/games/<game>.py``: pages, board facts, sheet rows), found
through the engine's one registry (``engine.registry.GAMES``) and
``tournaments.games.profile_for``; so adding a game touches those two and nothing else.
This test fails when a module of ``tournaments``, ``scoring`` or ``tavolo``, an engine
module outside ``engine/games`` and the registry, a template or a static file names a
game type as a literal string (``"scopa"``, ``'burraco'``), or when a module outside
the games imports one game's own module: that module is branching on the game, or
holding a per-game table, that belongs to the game's class or its profile (see
docs/development.md, "How to add a game").

Python is read as code (AST string constants, so a docstring that mentions a game in
passing is fine); templates and static files as text (a quoted game type).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import engine
from tests.support.import_graph import ROOT, modules, raw_imports

GAME_TYPES = frozenset(engine.available_games())
PROFILES = ROOT / "tournaments" / "games"
ALLOWED = {
    # The demo club and demo tables are data: which games the demo plays.
    "tournaments/services/demo.py",
    "tournaments/services/demo_club.py",
}
"""Modules that may name games, each for the reason given (keep this list short)."""
EXAMPLES = "OpenApiExample"
"""A call whose string constants are an API request example (documentation), not code."""
_ALTERNATIVES = "|".join(sorted(GAME_TYPES, key=len, reverse=True))
QUOTED = re.compile(r"""(["'])(""" + _ALTERNATIVES + r""")\1""")


def _python_files() -> list[Path]:
    found = []
    for package in ("tournaments", "scoring", "tavolo"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path.is_relative_to(PROFILES):
                continue
            found.append(path)
    return found


def _games_named(source: str) -> list[tuple[int, str]]:
    """(line, game type) of each string constant of ``source`` that is a game type,
    outside API request examples."""
    tree = ast.parse(source)
    examples = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == EXAMPLES
        for inner in ast.walk(node)
    }
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAME_TYPES and id(node) not in examples
    )


def _engine_files() -> list[Path]:
    """The engine's modules but the games' own (``engine/games``) and the registry."""
    return sorted(
        path
        for path in (ROOT / "engine").rglob("*.py")
        if not path.is_relative_to(ROOT / "engine" / "games") and path.name != "registry.py"
    )


def _a_games_module(name: str) -> bool:
    """Whether module ``name`` is one game's own: ``engine.games.scopa``,
    ``engine.games.scopa_sheet``, ``tournaments.games.scopa`` (a family's module, such
    as ``tournaments.games.rummy``, is no game's)."""
    for package in ("engine.games.", "tournaments.games."):
        if name.startswith(package):
            module = name[len(package) :].split(".")[0]
            return any(module == game or module.startswith(f"{game}_") for game in GAME_TYPES)
    return False


def _named_in_python(path: Path) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line}: {name!r}"
        for line, name in _games_named(path.read_text())
    ]


def _text_files() -> list[Path]:
    return sorted(
        path
        for folder in ("templates", "static")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in (".html", ".txt", ".css", ".js", ".svg")
    )


def test_the_game_types_and_the_files_are_found():
    assert {"scopa", "burraco", "italian_whist"} <= GAME_TYPES
    names = {p.relative_to(ROOT).as_posix() for p in _python_files()}
    assert "tournaments/web/tables.py" in names and "tavolo/views.py" in names
    assert not any(n.startswith("tournaments/games/") for n in names)
    assert ROOT / "templates" / "games" / "_felt.html" in _text_files()


def test_no_module_outside_the_profiles_names_a_game():
    named = [
        hit
        for path in _python_files()
        if path.relative_to(ROOT).as_posix() not in ALLOWED
        for hit in _named_in_python(path)
    ]
    assert not named, "ask the game's profile (tournaments.games.profile_for) instead:\n" + (
        "\n".join(named)
    )


@pytest.mark.parametrize("allowed", sorted(ALLOWED))
def test_the_allow_list_is_honest(allowed):
    """An allowed module exists and still names a game (else it leaves the list)."""
    assert _named_in_python(ROOT / allowed), f"{allowed} names no game: take it off ALLOWED"


def test_no_engine_module_outside_the_games_and_the_registry_names_a_game():
    files = _engine_files()
    assert ROOT / "engine" / "messages.py" in files and ROOT / "engine" / "bot.py" in files
    named = [hit for path in files for hit in _named_in_python(path)]
    assert not named, "ask the registry (engine.game_class) instead:\n" + "\n".join(named)


def test_only_a_games_own_modules_import_them():
    """No production module outside ``engine/games`` and ``tournaments/games`` imports a
    game's own module: it finds the game through the registry or ``profile_for``."""
    outside = [
        name
        for name in modules()
        if not name.startswith(("engine.games", "tournaments.games")) and name != "engine.registry"
    ]
    found = [
        f"{name} imports {imported}"
        for name in outside
        for imported in sorted(raw_imports(name))
        if _a_games_module(imported)
    ]
    assert not found, "find the game through the registry instead:\n" + "\n".join(found)


def test_the_check_tells_a_games_module_from_a_familys():
    assert _a_games_module("engine.games.scopa")
    assert _a_games_module("engine.games.scopa_sheet")
    assert _a_games_module("tournaments.games.scala40")
    assert not _a_games_module("tournaments.games.rummy")
    assert not _a_games_module("engine.games.trick_game_messages")
    assert not _a_games_module("engine.bots.whists")


def test_the_registry_is_the_one_list_of_games():
    """python-chess's ``VARIANTS``: each game sits once in one list, and its class is the
    module ``engine.games.<name>``'s, carrying the name it is listed by."""
    from engine.registry import GAMES

    assert list(GAMES) == engine.available_games()
    for name in GAMES:
        cls = engine.game_class(name)
        assert cls.name == name and cls.__module__ == f"engine.games.{name}"
        assert cls.bot is not None and cls.rule_messages, name
        assert (PROFILES / f"{name}.py").exists(), f"{name} has no profile"


def test_no_template_or_static_file_names_a_game():
    named = [
        f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
        for path in _text_files()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        for match in QUOTED.finditer(line)
    ]
    assert not named, "pick the partial or words through the profile instead:\n" + (
        "\n".join(named)
    )


def test_the_check_catches_a_comparison_and_spares_docstrings_and_examples():
    source = (
        '"""A docstring may say "scopa" in passing."""\n'
        'def f(game):\n    return game.game_type == "scopa"\n'
        'EXAMPLE = OpenApiExample("x", value={"game": "whist"})\n'
        'TABLE = {"burraco": 1}\n'
    )
    assert _games_named(source) == [(3, "scopa"), (5, "burraco")]
    assert QUOTED.search('{% if rummy.kind == "burraco" %}')
    assert QUOTED.search("x === 'italian_whist'")
    assert not QUOTED.search('<div class="scopa-table meld--burraco">')
