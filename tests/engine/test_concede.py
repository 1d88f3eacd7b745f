"""Conceding a deal (``{"type": "concede", "seat": s}``), game by game: where it is
allowed the rest of the deal goes to the other side and the deal is scored as usual;
everywhere else it is refused and changes nothing (docs/engine.md says which)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

import engine
from engine import RuleViolation, new_game, replay
from engine.cards import Card
from engine.game import Game
from engine.games.scopa_rules import count_piles, round_points
from engine.games.tresette import LAST_TRICK_THIRDS, deal_score
from engine.games.whist import deal_score as whist_score
from tests.support.engine import next_event, snapshot

ALLOWED = [
    ("whist", 4),
    ("briscola", 2),
    ("briscola", 4),
    ("tresette", 4),
    ("scopa", 2),
    ("scopa", 4),
    ("scopa", 6),
]
REFUSED = [
    (name, players, code)
    for name in engine.available_games()
    for players in engine.game_class(name).player_counts
    for code in ["concede.two_sides" if name in ("briscola", "scopa") else "concede.not_in_game"]
    if (name, players) not in ALLOWED and name != "german_whist"
]


LONG = {
    "whist": {"target": 50},
    "german_whist": {"deals": 2},
    "briscola": {"games": 3},
    "tresette": {"target": 100},
}
"""Options that keep the game going after one conceded deal."""


def dealt(name: str, players: int, seed: int, steps: int) -> tuple[Game, list[Any]]:
    """A game ``steps`` events into its first deal (past the deal itself)."""
    game = new_game(name, players, LONG.get(name))
    rng = random.Random(seed)
    events: list[Any] = []
    while len(events) < steps + 1 or game.awaiting == "deal":
        event = next_event(game, rng)
        game.apply(event)
        events.append(event)
    assert not game.over and game.deal_number == 0
    return game, events


def card_codes_in(value: Any) -> set[str]:
    """Every string in a JSON value that is a card code."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= card_codes_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_codes_in(item)
    elif isinstance(value, str) and len(value) == 2:
        with contextlib.suppress(engine.EngineError):
            found.add(Card.parse(value).code)
    return found


def concede(game: Game, seat: int) -> None:
    """Concede for ``seat`` and check that no view shows a card it did not show before."""
    seen = [card_codes_in(game.view(viewer)) for viewer in [None, *range(game.players)]]
    assert game.can_concede(seat)
    game.apply({"type": "concede", "seat": seat})
    for viewer, before in zip([None, *range(game.players)], seen, strict=True):
        view = game.view(viewer)
        assert view.get("hand") in (None, []), "a conceded deal's hand is still shown"
        assert card_codes_in(view) <= before, f"{viewer} sees a card it did not see before"


@pytest.mark.parametrize(("name", "players"), ALLOWED, ids=[f"{n}-{p}" for n, p in ALLOWED])
@pytest.mark.parametrize("steps", [0, 7])
def test_concede_gives_the_rest_of_the_deal_to_the_other_side(
    name: str, players: int, steps: int
) -> None:
    for seat in range(players):
        game, events = dealt(name, players, seed=seat + steps, steps=steps)
        side, other = game.side_of(seat), 1 - game.side_of(seat)
        totals = game.scores
        if name == "whist":
            tricks = game.tricks_won[:]  # type: ignore[attr-defined]
            tricks[other] += 13 - sum(tricks)
            expected = whist_score(*tricks)
        elif name == "briscola":
            mine = game.points[side]  # type: ignore[attr-defined]
            expected = [0, 0]
            expected[side], expected[other] = mine, 120 - mine
        elif name == "tresette":
            thirds = [0, 0]
            thirds[side] = game.thirds[side]  # type: ignore[attr-defined]
            thirds[other] = 32 + LAST_TRICK_THIRDS - thirds[side]
            expected = deal_score(thirds, game.declared)  # type: ignore[attr-defined]
        else:
            piles = [list(p) for p in game.captured]  # type: ignore[attr-defined]
            piles[other] += [c for c in game.new_deck() if c not in piles[side] + piles[other]]
            expected, _ = round_points(count_piles(piles, game.scope))  # type: ignore[attr-defined]
            assert sum(len(p) for p in piles) == 40
        concede(game, seat)
        assert game.deal_scores == expected
        assert game.scores == [t + d for t, d in zip(totals, expected, strict=True)]
        assert game.deal_number == 1 and game.awaiting == "deal" and not game.over
        assert game.hand(seat) == [] and game.to_act is None
        if name == "scopa":  # the conceding side took nothing more, and no scopa
            count = game.last_round["count"]  # type: ignore[attr-defined]
            assert count["cards"][other] == 40 - count["cards"][side]
        events.append({"type": "concede", "seat": seat})
        again = replay(name, players, events, LONG.get(name))
        assert snapshot(again) == snapshot(game)
        game.apply(game.random_deal_event(random.Random(5)))  # the next deal comes
        assert game.to_act is not None and game.hand(seat)


def test_a_conceded_deal_can_end_the_game() -> None:
    game = new_game("whist", 4, {"target": 1})
    game.apply(game.random_deal_event(random.Random(2)))
    game.apply({"type": "concede", "seat": 0})
    assert game.over and game.winner == 1 and game.deal_scores == [0, 7]
    assert game.resigned is None


def test_german_whist_is_conceded_only_in_its_second_half() -> None:
    game, _ = dealt("german_whist", 2, seed=3, steps=4)
    before = snapshot(game)
    assert not game.can_concede(game.to_act)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="second half") as caught:
        game.apply({"type": "concede", "seat": 0})
    assert caught.value.code == "german_whist.concede.drafting"
    assert snapshot(game) == before
    rng = random.Random(4)
    while game.drafting:  # type: ignore[attr-defined]
        game.apply(next_event(game, rng))
    for _ in range(5):
        game.apply(next_event(game, rng))
    won = game.tricks_won[0]  # type: ignore[attr-defined]
    concede(game, 0)
    assert game.deal_scores == [won, 13 - won] and game.awaiting == "deal"


@pytest.mark.parametrize(
    ("name", "players", "code"), REFUSED, ids=[f"{n}-{p}" for n, p, _ in REFUSED]
)
def test_concede_is_refused_where_the_game_has_no_such_rule(
    name: str, players: int, code: str
) -> None:
    game, _ = dealt(name, players, seed=1, steps=3)
    before = snapshot(game)
    for seat in range(players):
        assert not game.can_concede(seat)
        with pytest.raises(RuleViolation) as caught:
            game.apply({"type": "concede", "seat": seat})
        assert caught.value.code == code and caught.value.rule == "concede"
        assert snapshot(game) == before
    if code == "concede.not_in_game":
        assert str(caught.value) == f"conceding a deal is not part of {name}"


@pytest.mark.parametrize(("name", "players"), ALLOWED, ids=[f"{n}-{p}" for n, p in ALLOWED])
def test_concede_is_refused_between_deals_and_while_adjourned(name: str, players: int) -> None:
    game = new_game(name, players)
    with pytest.raises(RuleViolation, match="no deal is being played"):
        game.apply({"type": "concede", "seat": 0})
    game.apply(game.random_deal_event(random.Random(1)))
    game.apply({"type": "adjourn"})
    assert not game.can_concede(0)
    with pytest.raises(engine.WrongPhase, match="adjourned"):
        game.apply({"type": "concede", "seat": 0})
    game.apply({"type": "resume"})
    assert game.can_concede(0)
