"""The flow events every game accepts (engine.flow): resign, adjourn and resume, for
every game and player count. Conceding a deal, game by game: test_concede.py."""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import pytest

import engine
from engine import EngineError, RuleViolation, WrongPhase, new_game, replay
from engine.game import Game
from tests.support.engine import next_event, snapshot

CASES = [
    (name, players)
    for name in engine.available_games()
    for players in engine.game_class(name).player_counts
]
IDS = [f"{name}-{players}" for name, players in CASES]


def game_in_play(name: str, players: int, seed: int = 7, steps: int = 5) -> tuple[Game, list[Any]]:
    """A game dealt and a few events into its first deal, with the events applied."""
    game = new_game(name, players)
    rng = random.Random(seed)
    events: list[Any] = []
    while len(events) < steps or game.awaiting == "deal":
        event = next_event(game, rng)
        game.apply(event)
        events.append(event)
    assert not game.over and game.to_act is not None
    return game, events


def every_refusable_event(game: Game) -> list[dict[str, Any]]:
    """Events an adjourned table must refuse: every legal one, a deal, a tally."""
    events = first_legal(game, 20)
    events.append(game.random_deal_event(random.Random(1)))
    events.append({"type": "adjourn"})
    events.append({"type": "concede", "seat": 0})
    return events


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_resign_ends_the_game_and_nothing_after_is_accepted(name: str, players: int) -> None:
    for resigner in range(players):
        game, _ = game_in_play(name, players)
        legal = [a.to_event() for a in game.legal_actions()][:3]
        assert game.can_resign(resigner)
        game.apply({"type": "resign", "seat": resigner})
        assert game.over and game.resigned == resigner
        assert game.to_act is None and game.awaiting is None
        assert not game.legal_actions() and not game.can_resign(resigner)
        others = [s for s in range(game.sides) if s != game.side_of(resigner)]
        if len(others) == 1:
            assert game.winner == others[0]
        else:  # nobody has scored yet: every other side ties
            assert game.winner == others
        for seat in [None, *range(players)]:
            view = game.view(seat)
            assert view["resigned"] == resigner and view["over"] and view["winner"] == game.winner
        before = snapshot(game)
        for event in [*legal, {"type": "resign", "seat": resigner}, {"type": "resume"}]:
            with pytest.raises(WrongPhase, match="the game is over"):
                game.apply(event)
        assert snapshot(game) == before


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_resign_is_accepted_between_deals_and_while_adjourned(name: str, players: int) -> None:
    game = new_game(name, players)
    assert game.awaiting == "deal"
    game.apply({"type": "resign", "seat": players - 1})
    assert game.over and game.resigned == players - 1

    game, _ = game_in_play(name, players)
    game.apply({"type": "adjourn"})
    game.apply({"type": "resign", "seat": 0})
    assert game.over and game.resigned == 0 and not game.adjourned


def first_legal(game: Game, count: int = 50) -> list[dict[str, Any]]:
    return [action.to_event() for action in itertools.islice(game.legal_actions(), count)]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("steps", [1, 5], ids=["first-move", "later"])
def test_adjourn_blocks_everything_but_resume_and_resign(
    name: str, players: int, steps: int
) -> None:
    game, _ = game_in_play(name, players, steps=steps)
    legal_before = first_legal(game)
    to_act, views = game.to_act, [game.view(s) for s in range(players)]
    count_before = game.legal_count()
    refused = every_refusable_event(game)
    game.apply({"type": "adjourn"})
    assert game.adjourned and game.to_act is None and game.seats_to_act() == []
    assert game.awaiting is None and not game.legal_actions() and game.legal_count() == 0
    assert not game.can_concede(0) and game.can_resign(0)
    for seat in range(players):
        view = game.view(seat)
        assert view["adjourned"] is True and view["legal"] == [] and view["to_act"] is None
    with pytest.raises(WrongPhase):
        game.random_action(random.Random(1))
    before = snapshot(game)
    for event in refused:
        with pytest.raises(WrongPhase, match="the table is adjourned") as caught:
            game.apply(event)
        assert caught.value.code == "adjourned"
    assert snapshot(game) == before

    game.apply({"type": "resume"})
    assert not game.adjourned and game.to_act == to_act
    assert first_legal(game) == legal_before
    assert game.legal_count() == count_before
    assert [game.view(s) for s in range(players)] == views


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_adjourned_between_deals_no_deal_is_awaited(name: str, players: int) -> None:
    game = new_game(name, players)
    game.apply({"type": "adjourn"})
    assert game.awaiting is None
    with pytest.raises(WrongPhase, match="adjourned"):
        game.apply(game.random_deal_event(random.Random(3)))
    game.apply({"type": "resume"})
    assert game.awaiting == "deal"


def test_adjourn_and_resume_refuse_the_wrong_moment() -> None:
    game, _ = game_in_play("whist", 4)
    with pytest.raises(WrongPhase, match="not adjourned") as caught:
        game.apply({"type": "resume"})
    assert caught.value.code == "resume.not_adjourned"
    game.apply({"type": "adjourn"})
    with pytest.raises(WrongPhase, match="adjourned"):
        game.apply({"type": "adjourn"})
    game.apply({"type": "resign", "seat": 2})
    for event in ({"type": "adjourn"}, {"type": "resume"}):
        with pytest.raises(WrongPhase, match="the game is over"):
            game.apply(event)


def test_malformed_flow_events_are_refused() -> None:
    game, _ = game_in_play("scopa", 2)
    before = snapshot(game)
    for event in (
        {"type": "resign"},
        {"type": "resign", "seat": 2},
        {"type": "resign", "seat": True},
        {"type": "concede", "seat": "0"},
    ):
        with pytest.raises(EngineError):
            game.apply(event)
    assert snapshot(game) == before


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_flow_events_replay_copy_and_pickle_the_same(name: str, players: int) -> None:
    game, events = game_in_play(name, players)
    events += [{"type": "adjourn"}, {"type": "resume"}, {"type": "adjourn"}]
    for event in events[-3:]:
        game.apply(event)
    again = replay(name, players, events)
    assert snapshot(again) == snapshot(game)
    for twin in (game.copy(), pickle.loads(pickle.dumps(game))):
        assert snapshot(twin) == snapshot(game)
        twin.apply({"type": "resume"})
        assert twin.adjourned is False and game.adjourned is True
    game.apply({"type": "resign", "seat": 0})
    events.append({"type": "resign", "seat": 0})
    assert snapshot(replay(name, players, events)) == snapshot(game)
    assert snapshot(pickle.loads(pickle.dumps(game))) == snapshot(game)


def test_a_state_pickled_before_flow_events_reads_as_neither() -> None:
    game, _ = game_in_play("briscola", 2)
    state = game.__getstate__()  # as pickled before: without the new attributes
    state.pop("adjourned", None)
    state.pop("resigned", None)
    old = object.__new__(type(game))
    old.__setstate__(state)
    assert old.adjourned is False and old.resigned is None and old.to_act == game.to_act


def test_resigning_with_more_sides_picks_the_best_of_the_others() -> None:
    game = new_game("three_handed_whist", 3)
    game.totals = [5, 9, 2]
    game.apply({"type": "resign", "seat": 1})
    assert game.winner == 0
    game = new_game("scala40", 4)
    game.totals = [40, 10, 10, 70]  # penalty points: the fewest wins
    game.apply({"type": "resign", "seat": 0})
    assert game.winner == [1, 2]


def test_a_scala40_player_already_out_cannot_resign() -> None:
    game = new_game("scala40", 3)
    game.out[2] = True  # type: ignore[attr-defined]  # as after a hand that put it out
    game.totals = [30, 50, 120]
    before = snapshot(game)
    assert not game.can_resign(2) and game.can_resign(0)
    with pytest.raises(RuleViolation, match="already out") as caught:
        game.apply({"type": "resign", "seat": 2})
    assert caught.value.code == "scala40.resign.out" and snapshot(game) == before
    game.apply({"type": "resign", "seat": 0})
    assert game.winner == 1


def test_flow_events_are_public_in_the_log_and_never_legal_actions() -> None:
    game, _ = game_in_play("italian_whist", 3)
    for event in (
        {"type": "adjourn"},
        {"type": "resume"},
        {"type": "resign", "seat": 1},
        {"type": "concede", "seat": 1},
    ):
        for viewer in (None, 0, 1, 2):
            assert game.event_as_seen_by(event, viewer) == event
    for name, players in CASES:
        game, _ = game_in_play(name, players, seed=11, steps=2)
        types = {event["type"] for event in first_legal(game, 1000)}
        assert not types & {"resign", "concede", "adjourn", "resume"}


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_random_play_with_flow_events_replays_the_same(name: str, players: int) -> None:
    """Random legal play with adjournments, concessions (accepted or refused) and, at
    the end, a resignation: every accepted event replays to the same state."""
    rng = random.Random(f"{name}-{players}")
    game = new_game(name, players)
    accepted: list[Any] = []
    for _ in range(300):
        roll = rng.random()
        seat = rng.randrange(players)
        if roll < 0.03:
            events = [{"type": "adjourn"}, {"type": "resume"}]
        elif roll < 0.06:
            events = [{"type": "concede", "seat": seat}]
        else:
            events = [next_event(game, rng)]
        for event in events:
            allowed = event["type"] != "concede" or game.can_concede(seat)
            try:
                game.apply(event)
            except EngineError:
                assert not allowed
                continue
            assert allowed
            accepted.append(event)
        if game.over:
            break
    if not game.over:
        seat = next(s for s in range(players) if game.can_resign(s))
        game.apply({"type": "resign", "seat": seat})
        accepted.append({"type": "resign", "seat": seat})
    assert snapshot(replay(name, players, accepted)) == snapshot(game)
