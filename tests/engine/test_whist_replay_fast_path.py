"""Whist's replay short cut (``Whist.apply`` parses, checks and applies a play event
itself) gives what the shared path (``Game.apply``: the play parser, the halted check,
``_apply_play``) gives: the same action and state for a legal play, the same error (type,
words, seat, rule, event) and an unchanged game for a refused or malformed one."""

from __future__ import annotations

import copy
import random
from typing import Any

import engine
from engine.actions import Action
from engine.cards import CARDS_BY_CODE, card, french_deck
from engine.errors import EngineError
from engine.game import Event, Game
from tests.support.engine import outcome

CODES = [*list(CARDS_BY_CODE)[:56], "ZZ", "", "qh", 7]
SEATS: list[Any] = [0, 1, 2, 3, 4, -1, True, 1.0, "1", None]


def same_outcome(game: Game, event: Event) -> str:
    short_cut, shared = copy.deepcopy(game), copy.deepcopy(game)
    result = outcome(short_cut, type(short_cut).apply, event)
    assert result == outcome(shared, Game.apply, event), event
    return str(result[0])


def candidate_events(rng: random.Random, game: Game) -> list[dict[str, Any]]:
    """Play events of every shape: legal plays, other seats and cards, bad fields."""
    events: list[dict[str, Any]] = [action.to_event() for action in game.legal_actions()]
    for _ in range(6):
        event: dict[str, Any] = {"type": "play", "seat": rng.choice(SEATS)}
        if rng.random() < 0.9:
            event["card"] = rng.choice(CODES)
        if rng.random() < 0.2:
            event["capture"] = []
        events.append(event)
    return events


def test_the_short_cut_applies_and_refuses_plays_as_the_shared_path_does() -> None:
    rng = random.Random(17)
    seen = set()
    for _ in range(2):
        game = engine.new_game("whist", 4, {"target": 1})
        while not game.over:
            if game.awaiting == "deal":
                deal = game.random_deal_event(rng)
                seen.add(same_outcome(game, {"type": "play", "seat": 0, "card": "AS"}))
                game.apply(deal)
                continue
            if rng.random() < 0.5:
                game.legal_actions()  # the per-suit dicts made: the other follow-suit check
            for event in candidate_events(rng, game):
                seen.add(same_outcome(game, event))
            if rng.random() < 0.1:
                legal = game.random_action(rng).to_event()
                game.apply({"type": "adjourn"})
                seen.add(same_outcome(game, legal))
                game.apply({"type": "resume"})
            game.push(game.random_action(rng))
        seen.add(same_outcome(game, {"type": "play", "seat": 0, "card": "AS"}))
    assert seen == {"applied", "refused"}


def test_the_deck_check_by_set_accepts_and_refuses_decks_as_the_sorted_check_does() -> None:
    game = engine.new_game("whist", 4)
    whole = french_deck()
    decks = {
        "shuffled": random.Random(3).sample(whole, 52),
        "a card twice": [*whole[:51], whole[0]],
        "a card short": whole[:51],
        "a card over": [*whole, whole[0]],
        "a joker": [*whole[:51], card("RJ")],
    }
    for name, deck in decks.items():
        results: list[tuple[Any, ...]] = []
        for check in (type(game)._check_deck, Game._check_deck):
            try:
                check(game, deck, Action("deal"))
                results.append(("accepted",))
            except EngineError as error:
                results.append(("refused", type(error), str(error), vars(error)))
        assert results[0] == results[1], name
        assert results[0][0] == ("accepted" if name == "shuffled" else "refused"), name
