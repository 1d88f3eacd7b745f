"""The bots (issue 16): full games with a bot in every seat, for every game and player
count, from fixed seeds; the bots see only ``view(seat)`` and the legal list (a second
state with the same view but other hidden cards gets the same move); the bots package
imports nothing of an engine game's state.

``legal_of`` is copied from ``tournaments.services.moves`` (the engine tests do not use
Django): the list of legal events, or the game's compact hint when it is too long.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine import Game, new_game
from engine.bot import NoMove, choose_move

LEGAL_LIST_LIMIT = 1000
BOTS_DIR = Path(__file__).resolve().parents[2] / "engine" / "bots"
MOST_EVENTS = 2000
"""No game here needs more player events (the longest seen is about 400)."""


def legal_of(state: Game, seat: int, limit: int = LEGAL_LIST_LIMIT) -> dict[str, Any]:
    count = state.legal_count(seat)
    if count <= limit:
        return {
            "count": count,
            "complete": True,
            "legal": [action.to_event() for action in state.legal_actions(seat)],
        }
    return {"count": count, "complete": False, "legal": state.view(seat).get("legal", [])}


def bot_event(state: Game, seat: int, limit: int = LEGAL_LIST_LIMIT) -> dict[str, Any]:
    view = state.view(seat)
    legal = legal_of(state, seat, limit)
    event = choose_move(state.name, seat, view, legal)
    assert choose_move(state.name, seat, view, legal) == event, "the same inputs, the same move"
    assert event["seat"] == seat
    if legal["complete"]:
        assert event in legal["legal"]
    return event


def play_out(
    name: str, players: int, options: dict[str, Any], seed: int, limit: int = LEGAL_LIST_LIMIT
) -> tuple[Game, list[dict[str, Any]]]:
    """A whole game with bots in every seat; every event goes through ``apply``, which
    raises on anything illegal."""
    game = new_game(name, players, options)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    played = 0
    while not game.over:
        if game.awaiting == "deal":
            event = game.random_deal_event(rng)
        else:
            event = bot_event(game, game.seats_to_act()[0], limit)
            played += 1
            assert played <= MOST_EVENTS, f"{name} did not end in {MOST_EVENTS} events"
        game.apply(event)
        events.append(event)
    return game, events


CASES = [
    ("whist", 4, {"target": 2}),
    ("german_whist", 2, {}),
    ("three_handed_whist", 3, {"target_score": 2}),
    ("italian_whist", 3, {"score_limit": 3}),
    ("briscola", 2, {}),
    ("briscola", 3, {}),
    ("briscola", 4, {}),
    ("tresette", 4, {"target": 5}),
    ("scopa", 2, {"target": 3}),
    ("scopa", 3, {"target": 3}),
    ("scopa", 4, {"target": 3}),
    ("scopa", 6, {"target": 3}),
    ("burraco", 2, {}),
    ("burraco", 4, {}),
    ("scala40", 2, {"limit": 30}),
    ("scala40", 3, {"limit": 30}),
    ("scala40", 4, {"limit": 30}),
    ("scala40", 5, {"limit": 30}),
    ("scala40", 6, {"limit": 30}),
]


def test_every_game_and_player_count_has_a_case() -> None:
    from engine import available_games, game_class

    covered = {(name, players) for name, players, _ in CASES}
    for name in available_games():
        assert game_class(name).bot is not None
        for players in game_class(name).player_counts:
            assert (name, players) in covered


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=lambda c: str(c))
def test_bots_play_a_whole_game(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game, events = play_out(name, players, options, seed)
    assert game.over
    # Replaying the record gives the same end: the bots' events are ordinary events.
    again = new_game(name, players, options)
    for event in events:
        again.apply(event)
    assert again.over and again.scores == game.scores


@pytest.mark.parametrize(
    ("name", "players", "options", "seed"),
    [
        ("italian_whist", 3, {"score_limit": 3}, 0),
        ("tresette", 4, {"target": 5}, 0),
        ("burraco", 2, {}, 0),
        ("burraco", 4, {}, 1),
        ("scala40", 2, {"limit": 30}, 1),
        ("scala40", 3, {"limit": 30}, 3),
    ],
)
def test_bots_play_from_the_compact_hint_when_the_list_is_long(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    """With a tiny list limit most turns give the bot only the game's hint (draws and
    discards, no melds; Italian Whist's split): it composes its own legal events."""
    game, events = play_out(name, players, options, seed, limit=8)
    assert game.over
    if name in ("burraco", "scala40"):
        assert any(e["type"] in ("meld", "open") for e in events)


def test_a_seat_not_to_act_gets_no_move() -> None:
    game = new_game("whist", 4)
    game.apply(game.random_deal_event(random.Random(3)))
    idle = (game.seats_to_act()[0] + 1) % 4
    with pytest.raises(NoMove):
        choose_move("whist", idle, game.view(idle), legal_of(game, idle))


# ---------------------------------------------------------------------- hidden cards


def _shown(code: str, text: str) -> bool:
    return re.search(rf'"{re.escape(code)}[="]', text) is not None


def _swapped_state(
    name: str, players: int, options: dict[str, Any], events: list[dict[str, Any]], seat: int
) -> Game | None:
    """The same events with two cards the seat never saw swapped in the first deal
    (between two other hands when possible, else in the stock): ``None`` if no swap
    keeps the seat's view the same."""
    first = new_game(name, players, options)
    for event in events:
        first.apply(event)
    view = first.view(seat)
    seen = json.dumps(view) + json.dumps(events[1:])
    deck = list(events[0]["deck"])
    hidden = [i for i, code in enumerate(deck) if not _shown(code, seen)]
    fallback: Game | None = None
    for a, i in enumerate(hidden):
        for j in hidden[a + 1 :]:
            if deck[i] == deck[j]:
                continue
            other = list(deck)
            other[i], other[j] = other[j], other[i]
            second = new_game(name, players, options)
            try:
                second.apply({**events[0], "deck": other})
                for event in events[1:]:
                    second.apply(event)
            except Exception:
                continue
            if second.view(seat) != view:
                continue
            if any(
                sorted(c.code for c in first.hand(s)) != sorted(c.code for c in second.hand(s))
                for s in range(players)
                if s != seat
            ):
                return second
            fallback = fallback or second
    return fallback


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=lambda c: str(c))
def test_a_bot_sees_no_hidden_card(name: str, players: int, options: dict[str, Any]) -> None:
    """At several points of a game, a state with the same view for the seat to act but
    other cards elsewhere (another seat's hand, the stock) gets the same move."""
    game, events = play_out(name, players, options, seed=5)
    deal_end = next(
        (i for i, e in enumerate(events[1:], 1) if e["type"] in ("deal", "tally", "reshuffle")),
        len(events),
    )
    checked = others = 0
    for upto in sorted({1, 2, 5, 9, 14}):
        if upto >= deal_end:
            break
        prefix = events[:upto]
        state = new_game(name, players, options)
        for event in prefix:
            state.apply(event)
        if state.over or not state.seats_to_act():
            continue
        seat = state.seats_to_act()[0]
        other = _swapped_state(name, players, options, prefix, seat)
        if other is None:
            continue
        assert other.view(seat) == state.view(seat)
        assert bot_event(other, seat) == bot_event(state, seat)
        checked += 1
        others += any(
            sorted(c.code for c in other.hand(s)) != sorted(c.code for c in state.hand(s))
            for s in range(players)
            if s != seat
        )
    assert checked >= 2
    assert others >= 1, "at least one check swaps cards between two other hands"


# ---------------------------------------------------------------------- structure

ALLOWED_ENGINE_IMPORTS = {"engine.cards"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted(BOTS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_the_bots_import_nothing_of_a_game_state(path: Path) -> None:
    """Only card parsing from the engine: no game class, no legal generator, no
    ``hand()`` of another seat; and no Django."""
    for module in _imports(path):
        if module.startswith("engine.bots") or module == "engine.bots":
            continue
        assert not module.startswith(("django", "tournaments")), module
        if module == "engine" or module.startswith("engine."):
            assert module in ALLOWED_ENGINE_IMPORTS, f"{path.name} imports {module}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("hand", "hands", "stock", "legal_actions"), node.attr
