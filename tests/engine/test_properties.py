"""Property tests over every trick game the engine has (``engine.available_games()``).

Each example plays random legal games from a seed that hypothesis chooses
(``game.random_deal_event`` and ``game.random_action`` with ``random.Random(seed)``)
and checks what must hold whatever the cards:

- random legal play always reaches the end of the game;
- tricks per hand and deal scores add up as RULES.md says, and totals are the sum of
  the deal scores;
- replaying the recorded JSON events gives the very same game;
- every legal action is accepted, and every other card a seat holds is rejected;
- hidden information stays hidden: a seat's view does not change when cards it cannot
  see are swapped between other holders, and no view ever names a card that its viewer
  may not see.

What is public differs per game; :func:`public_cards` and :func:`secret_cards` spell it
out from each game's module docstring (whist's turned card, German whist's face-up
stock card and the face-up cards each player took, Italian Whist's own split).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import EngineError, IllegalEvent, NotYourTurn, game_class, new_game
from engine.cards import Card
from engine.game import Game, highest
from engine.tricks import TrickGame

from support import next_event, random_events, snapshot

TRICK_GAMES = [name for name in engine.available_games() if issubclass(game_class(name), TrickGame)]

PROPERTY_SETTINGS = settings(
    # TAVOLO_PROPERTY_EXAMPLES=2000 for a deeper search than the suite's quick one.
    max_examples=int(os.environ.get("TAVOLO_PROPERTY_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=False,
)

FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "whist": {"target": 2},
    "german_whist": {"deals": 2},
    "three_handed_whist": {"deals": 3},
    "italian_whist": {"score_limit": 3},
}
"""Options that make a whole game short (unknown names are dropped per game)."""

LONG_OPTIONS: dict[str, dict[str, Any]] = {
    "whist": {"target": 100},
    "german_whist": {"deals": 20},
    "three_handed_whist": {"target_score": 100},
    "italian_whist": {"score_limit": 100},
}
"""Options under which a few deals never end the game."""

NEUTRAL_TALLY: dict[str, dict[str, Any]] = {
    "whist": {"type": "tally", "tricks": [7, 6]},
    "german_whist": {"type": "tally", "tricks": [7, 6]},
    "three_handed_whist": {"type": "tally", "dummy": None, "tricks": [5, 4, 4]},
    "italian_whist": {"type": "tally", "tricks": [[3, 3], [3, 3], [3, 3]]},
}
"""A tally per game, to start a deal later in the game (other dealer, passing, trumps)."""

HANDS = {
    "whist": [13],
    "german_whist": [13, 13],
    "three_handed_whist": [13],
    "italian_whist": [9, 9],
}
"""The tricks of each hand of one deal (German whist: 13 per phase; Italian Whist: 9 per hand)."""

CARD_TOKEN = re.compile(r"^(?:[2-9TJQKA][SHDC]|RJ|BJ)$")


def options_for(name: str, table: dict[str, dict[str, Any]]) -> dict[str, Any]:
    spec = game_class(name).option_spec
    return {key: value for key, value in table.get(name, {}).items() if key in spec}


@st.composite
def setups(draw: st.DrawFn, name: str) -> tuple[int, int, int]:
    """``(players, first_dealer, seed)`` for game ``name``."""
    players = draw(st.sampled_from(game_class(name).player_counts))
    first_dealer = draw(st.integers(0, players - 1))
    seed = draw(st.integers())
    return players, first_dealer, seed


def random_game(
    data: st.DataObject, name: str, table: dict[str, dict[str, Any]]
) -> tuple[Game, random.Random]:
    """A new game ``name`` set up by :func:`setups` with the options ``table`` gives it,
    and the random source to play it with."""
    players, first_dealer, seed = data.draw(setups(name))
    return new_game(name, players, options_for(name, table), first_dealer), random.Random(seed)


# ---------------------------------------------------------------------- what is public


def public_cards(game: Game) -> set[Card]:
    """Cards every seat (and a spectator) may see that are not played cards."""
    public: set[Card] = set()
    if game.name == "whist":
        turned = game.trump_card  # type: ignore[attr-defined]
        if game.phase == "play" and turned is not None and turned in game.hand(game.dealer):
            public.add(turned)
    elif game.name == "german_whist" and game.phase == "play":
        top = game.stock_top  # type: ignore[attr-defined]
        if top is not None:
            public.add(top)
        for seat, taken in enumerate(game.taken_face_up):  # type: ignore[attr-defined]
            public.update(set(taken) & set(game.hand(seat)))
    return public


def secret_cards(game: Game, viewer: int | None) -> set[Card]:
    """The cards ``viewer`` (``None``: a spectator) may not see now: other seats' hands and
    every hidden pile, less what is public and what the viewer knows from its own split."""
    secret: set[Card] = set()
    for seat in range(game.players):
        if seat != viewer:
            secret.update(game.hand(seat))
    if game.name == "italian_whist":
        # Second hands waiting to be played are secret from everyone, the seat they
        # were passed to included; a seat does know the second hand it formed itself.
        for waiting in game.waiting_hands:  # type: ignore[attr-defined]
            secret.update(waiting)
        if viewer is not None:
            secret.difference_update(game.formed_second[viewer])  # type: ignore[attr-defined]
    elif game.name == "three_handed_whist":
        if game.phase in ("exchange", "play"):
            secret.update(game.spare)  # type: ignore[attr-defined]
    elif game.name == "german_whist" and game.phase == "play":
        secret.update(game.stock[game.stock_pos :])  # type: ignore[attr-defined]
    return secret - public_cards(game)


def named_cards(value: Any, key: str | None = None) -> Iterator[str]:
    """Every card code in a JSON value, except declarations (``"as"``: a value a joker
    stands for is named by its player, whoever holds that card)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "as":
                yield from named_cards(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from named_cards(item, key)
    elif isinstance(value, str) and CARD_TOKEN.match(value):
        yield value


def check_no_secret_in_views(game: Game) -> None:
    for viewer in [None, *range(game.players)]:
        view = game.view(viewer)
        text = json.dumps(view)
        secret = {c.code for c in secret_cards(game, viewer)}
        shown = set(named_cards(json.loads(text)))
        leaked = shown & secret
        assert not leaked, (
            f"{game.name}: the view of {'a spectator' if viewer is None else f'seat {viewer}'} "
            f"in phase {game.phase} names {sorted(leaked)}, which it may not see"
        )


# ---------------------------------------------------------------------- deal-score rules


def check_deal(name: str, game: Game, plays: int) -> None:
    """What must hold when a played deal has just been scored."""
    scores = game.deal_scores
    tricks = game.tricks
    assert scores is not None
    assert len(scores) == game.sides
    if name in HANDS:
        assert plays == game.players * sum(HANDS[name]), f"{plays} cards played in the deal"
    for seat in range(game.players):
        assert game.hand(seat) == [], "every card is played by the end of a deal"
    per_hand = getattr(game, "tricks_per_hand", None)
    if tricks is not None and per_hand is not None:
        assert sum(tricks) == per_hand
    if name == "whist":
        assert tricks is not None
        team0, team1 = tricks
        assert scores == ([team0 - 6, 0] if team0 > team1 else [0, team1 - 6])
        assert 1 <= max(scores) <= 7 and min(scores) == 0
    elif name == "italian_whist":
        assert sum(scores) == 0
        assert all(-9 <= s <= 9 for s in scores)
    elif name == "german_whist":
        assert scores == tricks
        assert sum(scores) == 13
    elif name == "three_handed_whist":
        assert tricks is not None
        shortfalls = [won - score for won, score in zip(tricks, scores, strict=True)]
        assert sorted(shortfalls) in ([3, 3, 3], [3, 3, 4])
        assert sum(scores) in (3, 4)


# ---------------------------------------------------------------------- properties


def test_the_trick_games_are_available() -> None:
    assert "whist" in TRICK_GAMES


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_play_reaches_the_end_and_keeps_the_invariants(
    name: str, data: st.DataObject
) -> None:
    game, rng = random_game(data, name, FAST_OPTIONS)
    totals = [0] * game.sides
    plays = 0
    deals = 0
    won = 0  # tricks won so far in the current hand
    hands: list[int] = []  # tricks of each finished hand of the current deal
    for event in random_events(game, rng):
        if event["type"] == "play":
            plays += 1
        tricks = game.tricks
        assert tricks is not None
        if event["type"] == "deal":
            assert sum(tricks) == 0
            won, hands = 0, []
            continue
        deal_over = game.deal_number > deals
        now = sum(tricks)
        if now == won + 1 or now == won:
            won = now  # a trick was won, or none was completed
        else:
            # The last trick of a hand was won and the next hand started at once.
            assert now == 0, f"tricks went from {won} to {now}"
            hands.append(won + 1)
            won = 0
        if deal_over:
            hands.append(won)
            if name in HANDS:
                assert hands == HANDS[name], f"the hands of a deal had {hands} tricks"
            deals = game.deal_number
            assert game.deal_scores is not None
            check_deal(name, game, plays)
            plays = 0
            totals = [t + s for t, s in zip(totals, game.deal_scores, strict=True)]
        assert game.scores == totals, "totals are the sum of the deal scores"
    assert game.over
    assert deals >= 1
    assert game.winner == highest(totals)
    assert game.to_act is None
    assert game.legal_actions() == []
    with pytest.raises(EngineError):
        next_event(game, rng)


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_replaying_the_recorded_events_gives_the_same_game(name: str, data: st.DataObject) -> None:
    players, first_dealer, seed = data.draw(setups(name))
    options = options_for(name, FAST_OPTIONS)
    game = new_game(name, players, options, first_dealer)
    rng = random.Random(seed)
    cut = data.draw(st.integers(0, 400), label="cut")
    events: list[Any] = []
    at_cut = snapshot(game) if cut == 0 else None
    for event in random_events(game, rng):
        events.append(event)
        action = game.parse(event)
        assert action.to_event() == event, "to_event() is canonical"
        if len(events) == cut:
            at_cut = snapshot(game)
    recorded = json.loads(json.dumps(events))
    replayed = engine.replay(name, players, recorded, options, first_dealer)
    assert snapshot(replayed) == snapshot(game)
    assert replayed.events_applied == len(events)
    if at_cut is not None:
        partial = engine.replay(name, players, recorded[:cut], options, first_dealer)
        assert snapshot(partial) == at_cut


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_legal_actions_are_accepted_and_other_cards_rejected(
    name: str, data: st.DataObject
) -> None:
    game, rng = random_game(data, name, LONG_OPTIONS)
    game.apply(game.random_deal_event(rng))
    while game.deal_number == 0:
        if game.phase == "play":
            check_plays(game)
        elif game.legal_count() <= 200:
            legal = game.legal_actions()
            assert len(legal) == game.legal_count()
            for action in legal:
                game.copy().apply(action.to_event())
        action = game.random_action(rng)
        if game.legal_count() <= 200:
            assert action in game.legal_actions()
        game.apply(action.to_event())


def check_plays(game: Game) -> None:
    seat = game.to_act
    assert isinstance(seat, int)
    legal = game.legal_actions()
    assert legal, "a seat to play always has a legal card"
    assert legal == game.legal_actions(seat)
    assert game.legal_count() == len(legal)
    assert all(a.type == "play" and a.seat == seat for a in legal)
    assert len(set(legal)) == len(legal)
    view_legal = game.view(seat)["legal"]
    assert sorted(map(json.dumps, view_legal)) == sorted(json.dumps(a.to_event()) for a in legal)
    for other in range(game.players):
        if other != seat:
            assert game.legal_actions(other) == []
            assert game.view(other)["legal"] == []
    held = game.hand(seat)
    legal_cards = {a.card for a in legal}
    assert legal_cards <= set(held)
    for action in legal:
        game.copy().apply(action.to_event())
    before = snapshot(game)
    for card in held:
        if card not in legal_cards:
            with pytest.raises(IllegalEvent):
                game.apply({"type": "play", "seat": seat, "card": card.code})
    for other in range(game.players):
        if other != seat and game.hand(other):
            with pytest.raises(NotYourTurn):
                game.apply({"type": "play", "seat": other, "card": game.hand(other)[0].code})
    assert snapshot(game) == before, "rejected plays changed the game"


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_no_view_names_a_card_its_viewer_may_not_see(name: str, data: st.DataObject) -> None:
    game, rng = random_game(data, name, FAST_OPTIONS)
    check_no_secret_in_views(game)
    for _ in random_events(game, rng):
        check_no_secret_in_views(game)


def swap_cards(value: Any, one: str, other: str, key: str | None = None) -> Any:
    """``value`` (an event) with cards ``one`` and ``other`` exchanged, except in joker
    declarations (``"as"``), which name a value rather than a card held."""
    if isinstance(value, dict):
        return {k: (v if k == "as" else swap_cards(v, one, other, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [swap_cards(item, one, other, key) for item in value]
    if value == one:
        return other
    if value == other:
        return one
    return value


def locations(game: Game) -> dict[Card, Any]:
    """Where each dealt card lies now: a seat's hand, a waiting second hand, or a pile."""
    where: dict[Card, Any] = {}
    for seat in range(game.players):
        for held in game.hand(seat):
            where[held] = ("hand", seat)
    for seat, waiting in enumerate(getattr(game, "waiting_hands", [])):
        for held in waiting:
            where[held] = ("waiting", seat)
    return where


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_a_view_does_not_change_when_unseen_cards_are_swapped(
    name: str, data: st.DataObject
) -> None:
    players, first_dealer, seed = data.draw(setups(name))
    options = options_for(name, LONG_OPTIONS)
    rng = random.Random(seed)
    viewer = data.draw(st.integers(0, players - 1), label="viewer")

    # Game A: some tallied deals (another dealer, passing, trumps), then one random deal.
    game = new_game(name, players, options, first_dealer)
    events: list[Any] = []
    if name in NEUTRAL_TALLY:
        for _ in range(data.draw(st.integers(0, 5), label="tallies")):
            events.append(NEUTRAL_TALLY[name])
            game.apply(events[-1])
    deal_at = len(events)
    events.append(game.random_deal_event(rng))
    game.apply(events[-1])
    dealt_to_viewer = set(game.hand(viewer))
    public = public_cards(game)
    # Choose the cards once play starts (in Italian Whist, after the splits and passing).
    while game.phase != "play":
        events.append(next_event(game, rng))
        game.apply(events[-1])
    where = locations(game)
    candidates = [
        c
        for c in game.new_deck()
        if c not in dealt_to_viewer and c not in public and not c.is_joker
    ]
    pairs = [
        (a, b)
        for a in candidates
        for b in candidates
        if a < b and a.suit == b.suit and where.get(a) != where.get(b)
    ]
    passed_to_viewer = [
        (a, b) for a, b in pairs if ("waiting", viewer) in (where.get(a), where.get(b))
    ]
    pool = passed_to_viewer or pairs
    if not pool:
        return
    one, other = pool[rng.randrange(len(pool))]
    deal_number = game.deal_number
    while game.deal_number == deal_number and not game.over:
        events.append(next_event(game, rng))
        game.apply(events[-1])

    # Replay A beside B, in which the two cards trade places, while the viewer cannot
    # know either: not in its hand, not played, not public.
    a = new_game(name, players, options, first_dealer)
    b = new_game(name, players, options, first_dealer)
    played: set[str] = set()
    compared = 0
    for index, event in enumerate(events):
        a.apply(event)
        try:
            b.apply(swap_cards(event, one.code, other.code))
        except IllegalEvent:
            break  # a seat holding one of the cards could not act as it did in A
        if index < deal_at:
            continue
        if event.get("type") == "play":
            played.add(event["card"])

        def known(g: Game) -> bool:
            return bool(
                {one, other} & (set(g.hand(viewer)) | public_cards(g))
                or {one.code, other.code} & played
            )

        if known(a) or known(b):
            break
        assert a.view(viewer) == b.view(viewer), (
            f"seat {viewer}'s view changed when {one.code} and {other.code} (which it cannot "
            f"see) traded places, after events[{index}] = {event}"
        )
        compared += 1
    assert compared >= 1


# ---------------------------------------------------------------------- garbage in


def junk_value(rng: random.Random, game: Game) -> Any:
    deck = [c.code for c in game.new_deck()]
    choices: list[Callable[[], Any]] = [
        lambda: rng.choice(deck),
        lambda: rng.choice(["XX", "as", "10H", "", "RJ=7H", "A", "AS "]),
        lambda: rng.randint(-3, game.players + 2),
        lambda: rng.choice([None, True, False, 1.5, "1", {}, {"card": "AS"}]),
        lambda: rng.sample(deck, rng.randint(0, min(len(deck), 20))),
        lambda: [rng.choice(deck)] * rng.randint(1, 10),
        lambda: [rng.randint(-1, 14) for _ in range(rng.randint(0, 4))],
        lambda: [[rng.randint(-1, 10), rng.randint(0, 10)] for _ in range(rng.randint(0, 4))],
        lambda: [[rng.choice(deck)]],
    ]
    return rng.choice(choices)()


def mutate(event: Any, rng: random.Random, game: Game) -> Any:
    if rng.random() < 0.05:
        return junk_value(rng, game)
    mutated = dict(event)
    keys = ["type", "seat", "card", "first", "take", "as", "tricks", "dummy", "deck"]
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(sorted(set(keys) | set(mutated)))
        roll = rng.random()
        if roll < 0.15 and key in mutated:
            del mutated[key]
        elif key == "type" and roll < 0.6:
            mutated["type"] = rng.choice([*game.EVENTS, "bid", "PLAY", ""])
        elif key == "seat" and roll < 0.6:
            mutated["seat"] = rng.randrange(game.players)
        elif key == "card" and roll < 0.6:
            mutated["card"] = rng.choice([c.code for c in game.new_deck()])
        else:
            mutated[key] = junk_value(rng, game)
    return mutated


@pytest.mark.parametrize("name", TRICK_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_garbage_events_are_rejected_cleanly_or_are_legal(name: str, data: st.DataObject) -> None:
    """An event of any shape either is a legal action (and is applied) or raises an
    EngineError and changes nothing; it never crashes the engine."""
    game, rng = random_game(data, name, FAST_OPTIONS)
    for step in range(400):
        if game.over:
            break
        proper = next_event(game, rng)
        if step % 3 == 0:
            small = game.awaiting != "deal" and game.legal_count() <= 200
            legal = set(game.legal_actions()) if small else None
            before = snapshot(game)
            event = mutate(proper, rng, game)
            try:
                action = game.apply(event)
            except EngineError as error:
                assert str(error)
                assert snapshot(game) == before, f"the rejected {event!r} changed the game"
            else:
                if legal is not None:
                    assert action in legal, f"{event!r} was accepted but is not legal"
                continue
        game.apply(proper)
