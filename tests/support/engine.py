"""Helpers the engine tests share: building decks, playing cards, proving that a
rejected event changed nothing, random play, and running recorded games.

The test modules import them with ``from tests.support.engine import ...``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engine import EngineError
from engine.cards import Card, cards
from engine.game import Game
from engine.record import CheckResult, check_file

REPO = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).resolve().parents[1] / "engine" / "records"
"""The records kept with the tests (``<game>_*.json``)."""
SHARED_RECORDS = REPO.parent / "shared" / "records"
"""The shared sample records, beside the repository (they may be absent)."""

MAX_STEPS = 50_000
"""Random play that has not ended a game after this many events is a failure."""
MAX_LISTED_LEGAL = 1_000
"""A snapshot lists the legal actions when there are at most this many; beyond it (an
Italian Whist split offers C(18, 9) per seat, 0.7 s to list) their count stands for them."""

E = TypeVar("E", bound=EngineError)


# ---------------------------------------------------------------------- cards and decks


def cards_of(text: str) -> list[str]:
    """The card codes in ``text`` (``"AS KD TH"``), in order; each must be a card."""
    return [c.code for c in cards(text)]


def dealing_order(
    hands: Mapping[int, Sequence[str]], deck: Sequence[Card], dealer: int = 0
) -> list[str]:
    """The order of ``deck`` that deals ``hands[seat]`` (in order) to every seat, when
    ``deck[i]`` goes to seat ``(dealer + 1 + i) % players``: seat ``s`` receives the
    indices ``(s - dealer - 1) % players + players * k``."""
    players = len(hands)
    order = [""] * len(deck)
    for seat, held in hands.items():
        assert len(held) == len(deck) // players
        position = (seat - dealer - 1) % players
        for k, code in enumerate(held):
            order[position + players * k] = code
    assert sorted(order) == sorted(c.code for c in deck)
    return order


def hand_of(game: Game, seat: int) -> set[str]:
    return {c.code for c in game.hand(seat)}


# ---------------------------------------------------------------------- playing


def play(game: Game, seat: int, code: str) -> None:
    game.apply({"type": "play", "seat": seat, "card": code})


def play_cards(game: Game, *codes: str) -> None:
    """Play one card after another, each by the seat to act."""
    for code in codes:
        seat = game.to_act
        assert isinstance(seat, int)
        play(game, seat, code)


def next_event(game: Game, rng: random.Random) -> dict[str, Any]:
    """The next random event: a shuffled deal when one is awaited, else a random legal action."""
    if game.awaiting == "deal":
        return game.random_deal_event(rng)
    return game.random_action(rng).to_event()


def random_events(game: Game, rng: random.Random, max_steps: int = MAX_STEPS) -> Iterator[Any]:
    """Play ``game`` to its end with random legal events, yielding each after applying it."""
    for _ in range(max_steps):
        if game.over:
            return
        event = next_event(game, rng)
        game.apply(event)
        yield event
    raise AssertionError(f"{game.name} did not end within {max_steps} events")


def play_until_over(game: Game, rng: random.Random, max_steps: int = MAX_STEPS) -> Game:
    """Play ``game`` to its end with random legal events; return it."""
    for _ in random_events(game, rng, max_steps):
        pass
    return game


# ---------------------------------------------------------------------- rejected events


def snapshot(game: Game) -> str:
    """Everything observable about a game, as one string."""
    legal_count = game.legal_count()
    state: dict[str, Any] = {
        "views": [game.view(None)] + [game.view(seat) for seat in range(game.players)],
        "hands": [[c.code for c in game.hand(seat)] for seat in range(game.players)],
        "scores": game.scores,
        "deal_scores": game.deal_scores,
        "tricks": game.tricks,
        "to_act": game.to_act,
        "legal_count": legal_count,
        "legal": (
            [str(a) for a in game.legal_actions()] if legal_count <= MAX_LISTED_LEGAL else None
        ),
        "over": game.over,
        "winner": game.winner,
        "dealer": game.dealer,
        "deal_number": game.deal_number,
        "events_applied": game.events_applied,
    }
    return json.dumps(state, sort_keys=True)


def rejects(game: Game, event: Any, error: type[E]) -> E:
    """Apply ``event``, expect ``error``, and check that nothing changed."""
    before = snapshot(game)
    with pytest.raises(error) as caught:
        game.apply(event)
    assert snapshot(game) == before, f"{event!r} was rejected but changed the game"
    assert str(caught.value), "an engine error must say why"
    return caught.value


# ---------------------------------------------------------------------- records


def record_files(game: str) -> list[Path]:
    """The records of ``game`` kept with the tests."""
    return sorted(RECORDS.glob(f"{game}_*.json"))


def passes_check(path: Path) -> CheckResult:
    """Run the conformance check on the record at ``path``; it must pass."""
    result = check_file(str(path))
    assert result.ok, result.message
    return result


def outcome(game: Game, apply: Callable[[Game, Any], Any], event: Any) -> tuple[Any, ...]:
    """What applying ``event`` with ``apply`` gave: the action or the error (type, words,
    attributes), and the game's state after (for comparing a short cut with the path
    it replaces)."""
    try:
        result: tuple[Any, ...] = ("applied", apply(game, event))
    except EngineError as error:
        result = ("refused", type(error), str(error), sorted(vars(error).items(), key=str))
    return (*result, {k: repr(v) for k, v in vars(game).items() if k != "_handlers"})
