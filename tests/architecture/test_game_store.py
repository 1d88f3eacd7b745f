"""The game store is the one way to a game's log and state: nothing else appends,
nothing else reaches the state cache (but the standings' reads of finished games), and
the play modules import each other in no cycle, deferred imports counted."""

from __future__ import annotations

from tests.support.import_graph import cycles, modules, raw_imports

PLAY = {
    "tournaments.services.game_store",
    "tournaments.services.game_changes",
    "tournaments.services.games",
    "tournaments.services.moves",
    "tournaments.services.table_actions",
    "tournaments.services.table_driver",
    "tournaments.services.state_cache",
    "tournaments.tasks",
}
STATE_READERS = {"tournaments.services.game_store", "scoring.gather"}
"""Who imports the state cache: the store, and the standings' gathering of finished
games' scores (the store owes standings, so it cannot be imported there)."""


def test_no_import_cycle_among_the_play_modules():
    joined = [sorted(c) for c in cycles() if set(c) & PLAY]
    assert not joined, f"an import cycle through the play modules: {joined}"


def test_only_the_store_reaches_the_state_cache():
    reaching = {
        name
        for name in modules()
        if "tournaments.services.state_cache" in raw_imports(name)
        and name != "tournaments.services.state_cache"
    }
    assert reaching <= STATE_READERS, sorted(reaching - STATE_READERS)


def test_no_module_of_the_game_path_runs_prepared_statements_below_the_cursor():
    below = {
        name
        for name in modules()
        if name.startswith("tournaments") and "tavolo.prepared" in raw_imports(name)
    }
    assert not below, sorted(below)
