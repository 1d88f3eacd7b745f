"""Property tests over every trick game the engine has (``engine.available_games()``),
and over the capture game Scopa (``CAPTURE_GAMES``: every property but the trick-counting
ones, which its own round-point invariants replace).

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
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import EngineError, IllegalEvent, NotYourTurn, game_class, new_game
from engine.cards import Card
from engine.flow import FLOW_EVENTS
from engine.game import Game, highest
from engine.tricks import TrickGame
from tests.support.engine import next_event, random_events, snapshot

TRICK_GAMES = [name for name in engine.available_games() if issubclass(game_class(name), TrickGame)]
CAPTURE_GAMES = [name for name in ("scopa",) if name in engine.available_games()]
"""Games played by capturing from a table, not in tricks."""
GAMES = TRICK_GAMES + CAPTURE_GAMES

PROPERTY_SETTINGS = settings(
    # TAVOLO_PROPERTY_EXAMPLES=2000 for a deeper search than the suite's quick one.
    max_examples=int(os.environ.get("TAVOLO_PROPERTY_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=False,
)

FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "scopa": {"target": 4},
    "whist": {"target": 2},
    "german_whist": {"deals": 2},
    "three_handed_whist": {"deals": 3},
    "italian_whist": {"score_limit": 3},
    "briscola": {"games": 2},
    "tresette": {"target": 5},
}
"""Options that make a whole game short (unknown names are dropped per game)."""

LONG_OPTIONS: dict[str, dict[str, Any]] = {
    "scopa": {"target": 100},
    "whist": {"target": 100},
    "german_whist": {"deals": 20},
    "three_handed_whist": {"target_score": 100},
    "italian_whist": {"score_limit": 100},
    "briscola": {"games": 50},
    "tresette": {"target": 1000},
}
"""Options under which a few deals never end the game."""

NEUTRAL_TALLY: dict[str, dict[str, Any]] = {
    "whist": {"type": "tally", "tricks": [7, 6]},
    "german_whist": {"type": "tally", "tricks": [7, 6]},
    "three_handed_whist": {"type": "tally", "dummy": None, "tricks": [5, 4, 4]},
    "italian_whist": {"type": "tally", "tricks": [[3, 3], [3, 3], [3, 3]]},
    "tresette": {"type": "tally", "thirds": [16, 16], "last_trick": 0, "declared": [0, 0]},
}
"""A tally per game, to start a deal later in the game (other dealer, passing, trumps)."""


def neutral_tally(name: str, game: Game) -> dict[str, Any] | None:
    """:data:`NEUTRAL_TALLY`, or one built for games whose tally depends on the sides."""
    if name == "briscola":
        return {"type": "tally", "points": [60, 60] if game.sides == 2 else [40, 40, 40]}
    return NEUTRAL_TALLY.get(name)


HANDS = {
    "whist": [13],
    "german_whist": [13, 13],
    "three_handed_whist": [13],
    "italian_whist": [9, 9],
    "tresette": [10],
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
    elif game.name == "briscola" and game.phase == "play":
        public.add(game.briscola)  # type: ignore[attr-defined]  # face up, then in a hand
    elif game.name == "tresette" and game.phase == "play" and game.declared_shown:  # type: ignore[attr-defined]
        # A declaration shows the cards of its combination (as ranks and suits).
        for declaration in game.declarations:  # type: ignore[attr-defined]
            public.update(set(declaration.cards()) & set(game.hand(declaration.seat)))
    if game.name == "scopa" and game.phase == "play":
        public.update(game.table)  # type: ignore[attr-defined]
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
    elif game.name in ("german_whist", "briscola", "scopa") and game.phase == "play":
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
    elif name == "briscola":
        assert plays == len(game.new_deck()), f"{plays} cards played in the deal"
        assert sum(scores) == 120, "Briscola's card points add up to 120"
        assert scores == game.view(None)["points"]
    elif name == "tresette":
        thirds = game.thirds  # type: ignore[attr-defined]
        declared = game.declared  # type: ignore[attr-defined]
        assert sum(thirds) == 35, "Tresette's thirds add up to 35 with the last trick"
        assert scores == [t // 3 + d for t, d in zip(thirds, declared, strict=True)]
        assert sum(scores) - sum(declared) in (10, 11)
    elif name == "three_handed_whist":
        assert tricks is not None
        shortfalls = [won - score for won, score in zip(tricks, scores, strict=True)]
        assert sorted(shortfalls) in ([3, 3, 3], [3, 3, 4])
        assert sum(scores) in (3, 4)


def expected_winner(game: Game, totals: list[int], deal_scores: list[list[int]]) -> Any:
    """The highest total wins; a Briscola match goes to most games won (a game: a deal
    with strictly the most card points), then the higher total, else a draw."""
    if game.name != "briscola":
        return highest(totals)
    won = [0] * game.sides
    for points in deal_scores:
        if points.count(max(points)) == 1:
            won[points.index(max(points))] += 1
    best = max(won)
    leaders = [side for side in range(game.sides) if won[side] == best]
    top = max(totals[side] for side in leaders)
    winners = [side for side in leaders if totals[side] == top]
    return winners[0] if len(winners) == 1 else winners


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
    booked: list[list[int]] = []  # the deal scores of every finished deal
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
            booked.append(list(game.deal_scores))
        assert game.scores == totals, "totals are the sum of the deal scores"
    assert game.over
    assert deals >= 1
    assert game.winner == expected_winner(game, totals, booked)
    assert game.to_act is None
    assert game.legal_actions() == []
    with pytest.raises(EngineError):
        next_event(game, rng)


@pytest.mark.parametrize("name", GAMES)
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


@pytest.mark.parametrize("name", GAMES)
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
            if name in CAPTURE_GAMES:
                check_captures(game)
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


@pytest.mark.parametrize("name", GAMES)
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
    if game.name in ("briscola", "scopa") and game.phase == "play":
        # Each place in the stock is a location of its own: its order is secret too.
        for place, held in enumerate(game.stock[game.stock_pos :]):  # type: ignore[attr-defined]
            where[held] = ("stock", place)
    return where


@pytest.mark.parametrize("name", GAMES)
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
    tally = neutral_tally(name, game)
    if tally is not None:
        for _ in range(data.draw(st.integers(0, 5), label="tallies")):
            events.append(tally)
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


# ---------------------------------------------------------------------- capture games


def check_captures(game: Game) -> None:
    """Every capture a seat could name (each held card with each set of up to three table
    cards, and with the whole table) is accepted exactly when it is a legal action."""
    seat = game.to_act
    assert isinstance(seat, int)
    legal = set(game.legal_actions())
    table: list[Card] = list(game.table)  # type: ignore[attr-defined]
    sets: list[tuple[Card, ...]] = [()]
    sets += [tuple(c) for size in (1, 2, 3) for c in combinations(table, size)]
    sets.append(tuple(table))
    before = snapshot(game)
    for card in game.hand(seat):
        for taken in sets:
            event: dict[str, Any] = {"type": "play", "seat": seat, "card": card.code}
            if taken:
                event["capture"] = [c.code for c in taken]
            if game.parse(event) in legal:
                continue
            with pytest.raises(IllegalEvent):
                game.apply(event)
    assert snapshot(game) == before, "rejected captures changed the game"


@pytest.mark.parametrize("name", CAPTURE_GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_capture_games_end_and_round_points_add_up(name: str, data: st.DataObject) -> None:
    """Random legal play ends; each round plays the 36 cards not laid out on the table,
    its captured piles hold the 40 cards and 10 coins, its points are the sum of their
    components, a tally of its count scores the same, and the winner leads alone at or
    above the target."""
    game, rng = random_game(data, name, FAST_OPTIONS)
    totals = [0] * game.sides
    plays = 0
    for event in random_events(game, rng):
        if event["type"] == "play":
            plays += 1
        if game.phase == "play" or event["type"] == "deal":
            continue
        assert plays == 36, f"{plays} cards played in the round"
        plays = 0
        scores = game.deal_scores
        assert scores is not None
        last = game.last_round  # type: ignore[attr-defined]
        count, parts = last["count"], last["points"]
        assert sum(count["cards"]) == 40 and sum(count["coins"]) == 10
        assert count["settebello"] in range(game.sides)
        assert scores == [sum(part[side] for part in parts.values()) for side in range(game.sides)]
        for key in ("cards", "coins", "settebello", "primiera"):
            assert sum(parts[key]) <= 1, f"one point at most for {key}"
        assert parts["scope"] == count["scope"]
        sheet = new_game(name, game.players, game.options)
        sheet.apply({"type": "tally", **count})
        assert sheet.deal_scores == scores, "a tally of the count scores like the round"
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert game.scores == totals
        assert all(not game.hand(seat) for seat in range(game.players))
    assert game.over
    best = max(totals)
    assert best >= game.options["target"] and totals.count(best) == 1
    assert game.winner == totals.index(best)
    assert game.to_act is None and game.legal_actions() == []


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
    keys = ["type", "seat", "card", "first", "take", "as", "tricks", "dummy", "deck", "points"]
    keys += ["signal", "thirds", "last_trick", "declared"]
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(sorted(set(keys) | set(mutated)))
        roll = rng.random()
        if roll < 0.15 and key in mutated:
            del mutated[key]
        elif key == "type" and roll < 0.6:
            # Not a flow event: a resignation or an adjournment is never a legal action.
            types = sorted(set(game.EVENTS) - FLOW_EVENTS)
            mutated["type"] = rng.choice([*types, "bid", "PLAY", ""])
        elif key == "seat" and roll < 0.6:
            mutated["seat"] = rng.randrange(game.players)
        elif key == "signal" and roll < 0.6:
            mutated["signal"] = rng.choice(["busso", "volo", "striscio"])
        elif key == "card" and roll < 0.6:
            mutated["card"] = rng.choice([c.code for c in game.new_deck()])
        else:
            mutated[key] = junk_value(rng, game)
    return mutated


@pytest.mark.parametrize("name", GAMES)
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


# ---------------------------------------------------------------------- rummy games: Burraco
#
# Burraco plays from a double deck, so a card code is no single card: its views are
# checked by counting copies, and its legal actions list draws and discards only (melds
# and additions are validated on demand), so a garbage event that is accepted must be
# listed only when it is a draw or a discard.

BURRACO = [name for name in ("burraco",) if name in engine.available_games()]


def burraco_cards_in_play(game: Any) -> Counter[Card]:
    """Every card of the deal wherever it lies: hands, stock, discard pile, melds and the
    pozzetti not taken yet."""
    where: Counter[Card] = Counter()
    for seat in range(game.players):
        where.update(game.hands[seat])
    where.update(game.stock[game.stock_pos :])
    where.update(game.discard_pile)
    for melds in game.melds:
        for meld in melds:
            where.update(meld.cards)
    for pile in game.pozzetti[game.pozzetti_taken :]:
        where.update(pile)
    return where


def burraco_visible(game: Any, viewer: int | None) -> Counter[str]:
    """The card codes ``viewer`` may see, with their copies: its hand, melds, discard pile."""
    seen: Counter[str] = Counter()
    if viewer is not None:
        seen.update(c.code for c in game.hands[viewer])
    for known in game.known:  # taken with the discard pile in sight of all
        seen.update(c.code for c in known.elements())
    seen.update(c.code for c in game.discard_pile)
    for melds in game.melds:
        for meld in melds:
            seen.update(c.code for c in meld.cards)
    return seen


# Slow (~25 s in CI): each Hypothesis example plays a whole random Burraco game.
@pytest.mark.parametrize("name", BURRACO)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_burraco_random_play_ends_keeps_the_cards_and_scores_add_up(
    name: str, data: st.DataObject
) -> None:
    game, rng = random_game(data, name, {"burraco": {"target": 1500}})
    deck = Counter(game.new_deck())
    totals = [0, 0]
    melds = 0
    for event in random_events(game, rng):
        melds += event["type"] in ("meld", "add")
        if game.phase in ("draw", "meld"):
            assert burraco_cards_in_play(game) == deck, "a card appeared or vanished"
            for seat in range(game.players):
                assert not game.known[seat] - Counter(game.hands[seat])  # type: ignore[attr-defined]
            for viewer in [None, *range(game.players)]:
                view = game.view(viewer)
                legal = Counter(named_cards(view.pop("legal", [])))
                shown = Counter(named_cards(view))
                assert not shown - burraco_visible(game, viewer), "a view names a hidden card"
                assert not legal - burraco_visible(game, viewer)
            continue
        if event["type"] == "deal":
            continue
        scores = game.deal_scores
        count = game.last_hand["count"]  # type: ignore[attr-defined]
        assert scores == [
            count["melded"][s]
            + 200 * count["clean"][s]
            + 100 * count["dirty"][s]
            + 100 * (count["closed"] == s)
            - count["hand"][s]
            - 100 * (not count["pozzetto"][s])
            for s in (0, 1)
        ]
        sheet = new_game(name, game.players)
        sheet.apply({"type": "tally", **count})
        assert sheet.deal_scores == scores, "a tally of the count scores like the hand"
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert game.scores == totals
    assert game.over and melds > 0
    assert game.winner == highest(totals)
    assert max(totals) >= 1500
    assert game.legal_actions() == [] and game.to_act is None


# Slow (~18 s in CI): each example plays a random Burraco game, checks every listed
# action and replays the game.
@pytest.mark.parametrize("name", BURRACO)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_burraco_replay_is_deterministic_and_listed_actions_are_legal(
    name: str, data: st.DataObject
) -> None:
    game, rng = random_game(data, name, {})
    events = []
    for event in random_events(game, rng):
        events.append(event)
        assert game.parse(event).to_event() == event, "to_event() is canonical"
        if game.over:
            break
        legal = game.legal_actions()
        assert legal and len(legal) == game.legal_count()
        assert {a.type for a in legal} <= {"draw", "discard", "meld", "add"}
        for action in legal:
            game.copy().apply(action.to_event())
        seat = game.to_act
        assert isinstance(seat, int)
        if game.phase == "meld":
            listed = {a.card for a in legal if a.type == "discard"}
            before = snapshot(game)
            for held in set(game.hand(seat)) - listed:
                with pytest.raises(IllegalEvent):
                    game.apply({"type": "discard", "seat": seat, "card": held.code})
            for other in range(game.players):
                if other != seat:
                    with pytest.raises(NotYourTurn):
                        game.apply({"type": "draw", "seat": other, "from": "stock"})
            assert snapshot(game) == before
    recorded = json.loads(json.dumps(events))
    replayed = engine.replay(name, game.players, recorded, {}, game.first_dealer)
    assert snapshot(replayed) == snapshot(game)


# Slow (~8 s in CI): up to 600 moves of a random Burraco game per example, a garbage
# event tried before every third.
@pytest.mark.parametrize("name", BURRACO)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_burraco_garbage_is_rejected_cleanly(name: str, data: st.DataObject) -> None:
    game, rng = random_game(data, name, {"burraco": {"target": 3000}})
    for step in range(600):
        if game.over:
            break
        proper = next_event(game, rng)
        if step % 3 == 0:
            before = snapshot(game)
            listed = set(game.legal_actions()) if game.awaiting != "deal" else set()
            event = mutate(proper, rng, game)
            if rng.random() < 0.3 and isinstance(event, dict):
                event["cards"] = junk_value(rng, game)
                event["meld"] = rng.choice([0, 1, 5, -1, "0", None])
            try:
                action = game.apply(event)
            except EngineError as error:
                assert str(error)
                assert snapshot(game) == before, f"the rejected {event!r} changed the game"
            else:
                if action.type in ("draw", "discard"):
                    assert action in listed, f"{event!r} was accepted but is not listed"
                continue
        game.apply(proper)


@pytest.mark.parametrize("name", BURRACO)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_burraco_views_do_not_change_when_unseen_cards_are_swapped(
    name: str, data: st.DataObject
) -> None:
    """Two card codes the viewer cannot see (in other hands, the stock in any order, the
    pozzetti) trade places, every copy: the viewer's view is the same until it can see
    a copy of either."""
    game, rng = random_game(data, name, {})
    viewer = data.draw(st.integers(0, game.players - 1), label="viewer")
    events = [game.random_deal_event(rng)]
    game.apply(events[0])
    own = {c.code for c in game.hand(viewer)} | {c.code for c in game.discard_pile}
    hidden = sorted({c.code for c in game.new_deck()} - own)
    one, other = rng.sample(hidden, 2)
    for event in random_events(game, rng):
        events.append(event)
    a = new_game(name, game.players, {}, game.first_dealer)
    b = new_game(name, game.players, {}, game.first_dealer)
    compared = 0
    for event in events:
        a.apply(event)
        try:
            b.apply(swap_cards(event, one, other))
        except IllegalEvent:
            break
        if a.phase not in ("draw", "meld") or any(
            burraco_visible(g, viewer)[code] for g in (a, b) for code in (one, other)
        ):
            break  # the viewer may see a copy, or the hand is over and scored
        assert a.view(viewer) == b.view(viewer), f"swapping {one} and {other} changed the view"
        compared += 1
    assert compared >= 1


# ---------------------------------------------------------------------- Scala Quaranta

SCALA40 = [name for name in ("scala40",) if name in engine.available_games()]
"""Rummy with an opening of 40: its ``legal_actions`` list the draws, discards, joker
swaps and single-card additions; opens, new melds and additions of several cards are
validated on demand, so the garbage test does not expect those among the listed ones."""

SCALA40_ON_DEMAND = frozenset({"open", "meld", "add"})


def scala40_visible(game: Any, viewer: int | None) -> Counter[str]:
    """The card codes ``viewer`` sees: its hand, the discard pile, the melds, and the card
    a player took from the discard pile (in sight of all) while it is unused."""
    seen: Counter[str] = Counter()
    if viewer is not None:
        seen.update(c.code for c in game.hands[viewer])
    if game.phase == "play" and game.must_use is not None:
        seen[game.must_use.code] += 1
    seen.update(c.code for c in game.pile)
    for meld in game.melds:
        seen.update(held.code for held, _ in meld.slots)
    return seen


def scala40_cards_in_play(game: Any) -> Counter[str]:
    cards: Counter[str] = Counter()
    for hand in game.hands:
        cards.update(c.code for c in hand)
    cards.update(c.code for c in game.stock[game.stock_pos :])
    cards.update(c.code for c in game.pile)
    for meld in game.melds:
        cards.update(held.code for held, _ in meld.slots)
    return cards


# Slow (~8 s in CI): each Hypothesis example plays a whole random Scala 40 game.
@pytest.mark.parametrize("name", SCALA40)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scala40_random_play_ends_keeps_the_cards_and_scores_add_up(
    name: str, data: st.DataObject
) -> None:
    game, rng = random_game(data, name, {"scala40": {"limit": 40}})
    deck = Counter(c.code for c in game.new_deck())
    totals = [0] * game.players
    deals = 0
    for event in random_events(game, rng):
        if game.phase in ("play", "reshuffle"):
            assert scala40_cards_in_play(game) == deck, "a card appeared or vanished"
            for viewer in [None, *range(game.players)]:
                view = game.view(viewer)
                shown = Counter(named_cards({k: v for k, v in view.items() if k != "legal"}))
                assert not shown - scala40_visible(game, viewer), "a view names a hidden card"
        if game.deal_number > deals:
            deals = game.deal_number
            scores = game.deal_scores
            last = game.last_hand  # type: ignore[attr-defined]
            assert scores is not None and last["hand"] == scores
            if last["closed"] is not None:
                assert scores[last["closed"]] == 0
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert game.scores == totals
        assert event["type"] != "tally"
    assert game.over and deals >= 1
    out = game.view(None)["out"]
    assert out.count(False) == 1 and game.winner == out.index(False)
    assert all(totals[s] >= 40 for s in range(game.players) if out[s])
    assert game.to_act is None and game.legal_actions() == []


@pytest.mark.parametrize("name", SCALA40)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scala40_replay_gives_the_same_game(name: str, data: st.DataObject) -> None:
    players, first_dealer, seed = data.draw(setups(name))
    options = {"limit": 40}
    game = new_game(name, players, options, first_dealer)
    rng = random.Random(seed)
    cut = data.draw(st.integers(0, 400), label="cut")
    events: list[Any] = []
    at_cut = snapshot(game) if cut == 0 else None
    for event in random_events(game, rng):
        events.append(event)
        assert game.parse(event).to_event() == event, "to_event() is canonical"
        if len(events) == cut:
            at_cut = snapshot(game)
    recorded = json.loads(json.dumps(events))
    replayed = engine.replay(name, players, recorded, options, first_dealer)
    assert snapshot(replayed) == snapshot(game)
    if at_cut is not None:
        partial = engine.replay(name, players, recorded[:cut], options, first_dealer)
        assert snapshot(partial) == at_cut


@pytest.mark.parametrize("name", SCALA40)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scala40_garbage_is_rejected_cleanly_or_is_legal(name: str, data: st.DataObject) -> None:
    game, rng = random_game(data, name, {"scala40": {"limit": 40}})
    for step in range(400):
        if game.over:
            break
        proper = next_event(game, rng)
        if step % 3 == 0:
            listed = game.awaiting != "deal"
            legal = set(game.legal_actions()) if listed else None
            before = snapshot(game)
            event = mutate(proper, rng, game)
            if rng.random() < 0.3 and isinstance(event, dict):
                event = dict(event)
                key = rng.choice(["melds", "cards", "meld", "from", "stock"])
                event[key] = junk_value(rng, game)
            try:
                action = game.apply(event)
            except EngineError as error:
                assert str(error)
                assert snapshot(game) == before, f"the rejected {event!r} changed the game"
            else:
                if legal is not None and action.type not in SCALA40_ON_DEMAND:
                    assert action in legal, f"{event!r} was accepted but is not legal"
                continue
        game.apply(proper)


@pytest.mark.parametrize("name", SCALA40)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scala40_a_view_does_not_change_when_unseen_cards_are_swapped(
    name: str, data: st.DataObject
) -> None:
    """Two card codes the viewer cannot see (other hands, the stock in any order) trade
    places, every copy: the viewer's view is the same until it can see a copy of either."""
    game, rng = random_game(data, name, {"scala40": {"limit": 10_000}})
    viewer = data.draw(st.integers(0, game.players - 1), label="viewer")
    events = [game.random_deal_event(rng)]
    game.apply(events[0])
    own = {c.code for c in game.hand(viewer)} | {c.code for c in game.pile}  # type: ignore[attr-defined]
    hidden = sorted({c.code for c in game.new_deck() if not c.is_joker} - own)
    one, other = rng.sample(hidden, 2)
    while game.deal_number == 0:
        events.append(next_event(game, rng))
        game.apply(events[-1])
    a = new_game(name, game.players, {"limit": 10_000}, game.first_dealer)
    b = new_game(name, game.players, {"limit": 10_000}, game.first_dealer)
    compared = 0
    for event in events:
        a.apply(event)
        try:
            b.apply(swap_cards(event, one, other))
        except IllegalEvent:
            break
        if a.phase not in ("play", "reshuffle") or any(
            scala40_visible(g, viewer)[code] for g in (a, b) for code in (one, other)
        ):
            break
        assert a.view(viewer) == b.view(viewer), f"swapping {one} and {other} changed the view"
        compared += 1
    assert compared >= 1
