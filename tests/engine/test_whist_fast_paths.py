"""Whist's short cuts against the straightforward versions they replace: the unrolled
four-card trick winner against :func:`engine.tricks.winning_seat`; the random play
drawn from the held lists against ``rng.choice(legal_actions())`` (the same action and
the same draws from the generator); the deal short cut of ``Whist.apply`` against
``Game.apply`` and ``Whist.push`` against ``Game.push`` (the same action and state, or
the same error and an unchanged game); and the replay loop (``Whist.apply_events``)
against ``Game.apply`` one event at a time (the same state, the same first error)."""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import engine
from benchmarks.engine_bench import record_game
from engine.actions import Action
from engine.cards import SUITS, french_deck
from engine.errors import EngineError
from engine.game import Event, Game
from engine.tricks import winning_seat, winning_seat_of_four
from tests.support.engine import outcome


def test_the_unrolled_winner_of_four_is_the_winning_seat() -> None:
    rng = random.Random(4)
    deck = french_deck()
    few = [deck[i] for i in (0, 5, 12, 13, 20, 26, 39, 51)]  # low and high, every suit
    tricks = [list(cards) for cards in itertools.permutations(few, 4)]
    tricks += [rng.sample(deck, 4) for _ in range(2000)]
    for cards in tricks:
        leader = rng.randrange(4)
        trick = [((leader + i) % 4, card) for i, card in enumerate(cards)]
        for trump in (*SUITS, None):
            assert winning_seat_of_four(trick, trump) == winning_seat(trick, trump), trick


class OtherRandom(random.Random):
    """A generator that is not a plain ``random.Random``: the draws are not inlined."""


@pytest.mark.parametrize("generator", [random.Random, OtherRandom])
def test_random_plays_are_a_choice_among_the_legal_plays(generator: type[random.Random]) -> None:
    rng = generator(11)
    game = engine.new_game("whist", 4, {"target": 100})  # long enough for many deals
    plays = 0
    while not game.over and plays < 2000:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            continue
        if rng.random() < 0.2:
            game.legal_actions()  # asked before the draw too, sometimes
        oracle = generator()
        oracle.setstate(rng.getstate())
        expected = oracle.choice(game.legal_actions())
        action = game.random_action(rng)
        assert action == expected
        assert rng.getstate() == oracle.getstate()
        game.push(action)
        plays += 1
    assert plays > 500


def deal_events(rng: random.Random) -> list[dict[str, Any]]:
    """Deal events of every shape: whole decks, wrong decks, bad codes and fields."""
    codes = [card.code for card in french_deck()]
    shuffled = rng.sample(codes, 52)
    wrong: list[Any] = [
        shuffled[:51],
        [*shuffled, "AS"],
        [*shuffled[:51], shuffled[0]],
        [*shuffled[:51], "RJ"],
        [*shuffled[:51], "ZZ"],
        [*shuffled[:51], 7],
        [*shuffled[:51], ["AS"]],
        tuple(shuffled),
        "AS",
        None,
    ]
    events: list[dict[str, Any]] = [{"type": "deal", "deck": shuffled}]
    events += [{"type": "deal", "deck": deck} for deck in wrong]
    events += [{"type": "deal"}, {"type": "deal", "deck": shuffled, "seat": 0}]
    return events


def test_the_deal_short_cut_applies_and_refuses_deals_as_the_shared_path_does() -> None:
    rng = random.Random(23)
    seen = set()
    game = engine.new_game("whist", 4, {"target": 3})
    resumed = False
    while True:
        for event in deal_events(rng):
            short_cut, shared = copy.deepcopy(game), copy.deepcopy(game)
            result = outcome(short_cut, type(short_cut).apply, event)
            assert result == outcome(shared, Game.apply, event), event
            seen.add((game.phase, game.adjourned, result[0]))
        if game.over:
            break
        if game.adjourned:
            game.apply({"type": "resume"})
        elif game.awaiting == "deal" and game.deal_number % 2 == 0 and not resumed:
            game.apply({"type": "adjourn"})  # a deal is refused while adjourned
            resumed = True
        elif game.awaiting == "deal":
            resumed = False
            game.apply(game.random_deal_event(rng))
        else:
            for _ in range(rng.choice((1, 13, 52))):  # into, or to the end of, the deal
                if game.awaiting == "deal" or game.over:
                    break
                game.push(game.random_action(rng))
    assert {("deal", False, "applied"), ("deal", True, "refused")} <= seen
    assert {("play", False, "refused"), ("over", False, "refused")} <= seen


def run_events(game: Game, events: Sequence[Event], one_by_one: bool) -> tuple[Any, ...]:
    """Apply ``events`` with ``apply_events``, or one by one with ``Game.apply``: the
    error that stopped them (if one did) and the game's state after."""
    try:
        if one_by_one:
            for event in events:
                Game.apply(game, event)
        else:
            game.apply_events(events)
        result: tuple[Any, ...] = ("applied",)
    except EngineError as error:
        result = ("refused", type(error), str(error), sorted(vars(error).items(), key=str))
    return (*result, {k: repr(v) for k, v in vars(game).items() if k != "_handlers"})


def odd_events(rng: random.Random, game: Game) -> list[dict[str, Any]]:
    """Events the replay loop must not take itself: other seats and cards, bad fields,
    flow events."""
    codes: list[Any] = [card.code for card in french_deck()] + ["ZZ", "", 7, None]
    seats: list[Any] = [0, 1, 2, 3, 4, -1, True, 1.0, "1", None, [1]]
    events: list[dict[str, Any]] = []
    for _ in range(3):
        event: dict[str, Any] = {"type": "play", "seat": rng.choice(seats)}
        if rng.random() < 0.9:
            event["card"] = rng.choice(codes)
        events.append(event)
    events.append({"type": rng.choice(["adjourn", "resume", "concede", "tally"]), "seat": 0})
    return events


def test_the_replay_loop_applies_and_refuses_events_as_apply_does_one_by_one() -> None:
    rng = random.Random(29)
    seen = set()
    for _ in range(3):
        recorded = record_game("whist", rng)
        game = engine.new_game("whist", 4)
        for index, event in enumerate(recorded):
            if index % 3 == 0:
                if rng.random() < 0.3 and game.to_act is not None:
                    game.legal_actions()  # the held lists made: the loop leaves it to apply
                chunk = recorded[index : index + rng.randrange(1, 30)]
                for odd in [None, *odd_events(rng, game)]:
                    events = list(chunk)
                    if odd is not None:
                        events.insert(rng.randrange(len(events) + 1), odd)
                    loop, one_by_one = copy.deepcopy(game), copy.deepcopy(game)
                    result = run_events(loop, events, one_by_one=False)
                    assert result == run_events(one_by_one, events, one_by_one=True), events
                    seen.add(result[0])
            game.apply(event)
    assert seen == {"applied", "refused"}


def test_replay_goes_through_the_replay_loop() -> None:
    recorded = record_game("whist", random.Random(31))
    one_by_one = engine.new_game("whist", 4)
    for event in recorded:
        Game.apply(one_by_one, event)
    replayed = engine.replay("whist", 4, recorded)
    assert replayed.events_applied == len(recorded)
    assert {k: repr(v) for k, v in vars(replayed).items() if k != "_handlers"} == {
        k: repr(v) for k, v in vars(one_by_one).items() if k != "_handlers"
    }


def pushed(game: Game, push: Callable[[Game, Action], None], action: Action) -> tuple[Any, ...]:
    """What pushing ``action`` gave: nothing or the error, and the game's state after."""
    try:
        push(game, action)
        result: tuple[Any, ...] = ("applied",)
    except EngineError as error:
        result = ("refused", type(error), str(error), sorted(vars(error).items(), key=str))
    return (*result, {k: repr(v) for k, v in vars(game).items() if k != "_handlers"})


def test_push_applies_and_refuses_plays_as_the_shared_path_does() -> None:
    rng = random.Random(37)
    deck = french_deck()
    seen = set()
    game = engine.new_game("whist", 4, {"target": 2})
    while True:
        actions = [Action("play", rng.randrange(4), rng.choice(deck)) for _ in range(4)]
        if not game.over and game.awaiting != "deal":
            actions += game.legal_actions()[:2]
            if rng.random() < 0.3:
                game.legal_actions()  # the held lists made, sometimes
        for action in actions:
            short_cut, shared = copy.deepcopy(game), copy.deepcopy(game)
            result = pushed(short_cut, type(short_cut).push, action)
            assert result == pushed(shared, Game.push, action), action
            seen.add(result[0])
        if game.over:
            break
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
        else:
            game.push(game.random_action(rng))
    assert seen == {"applied", "refused"}
