"""Scala Quaranta online: the server makes each reshuffle from the game's seed, like a
deal, in the same transaction as the discard that emptied the stock."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from tests.support.factories import started_game
from tests.support.games import play_one
from tournaments import fairness
from tournaments.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def test_the_server_reshuffles_the_discard_pile_from_the_seed() -> None:
    game = started_game("scala40", 6, {"limit": 10_000})
    rng = random.Random(3)
    reshuffled = None
    for _ in range(2000):
        result = play_one(game.pk, rng)
        rows = list(GameEvent.objects.filter(game=game).order_by("sequence"))
        if rows[-1].payload["type"] == "reshuffle":
            reshuffled = rows
            assert result.version == result.event.sequence + 2, "written by the same append"
            break
    assert reshuffled is not None, "no reshuffle in 2000 moves"

    replay = new_game("scala40", 6, {"limit": 10_000})
    seed = bytes(Game.objects.get(pk=game.pk).seed)
    deals = 0
    for row in reshuffled:
        shuffle = replay.pending_shuffle()
        if row.payload["type"] == "reshuffle":
            assert shuffle is not None and row.kind == GameEvent.Kind.CHANCE and row.seat is None
            order = fairness.shuffled_deck(seed, shuffle.label, shuffle.cards)
            assert row.payload == shuffle.event(order)
            assert shuffle.label == f"reshuffle:{deals - 1}:0"
        elif row.payload["type"] == "deal":
            assert row.payload == fairness.deal_event(seed, deals, replay.new_deck())
            deals += 1
        else:
            assert shuffle is None
        replay.apply(row.payload)
    assert replay.to_act is not None, "play goes on after the reshuffle"


def test_the_fairness_check_re_derives_reshuffles_and_finds_a_tampered_one() -> None:
    game = started_game("scala40", 6, {"limit": 10_000})
    rng = random.Random(3)
    for _ in range(2000):
        play_one(game.pk, rng)
        if GameEvent.objects.filter(game=game, payload__type="reshuffle").exists():
            break
    stored = Game.objects.get(pk=game.pk)
    events = [row.payload for row in GameEvent.objects.filter(game=game).order_by("sequence")]
    record = {"game": "scala40", "players": 6, "options": {"limit": 10_000}, "events": events}
    seed, commitment = bytes(stored.seed).hex(), stored.seed_commitment
    assert fairness.verify_record(record, seed, commitment) >= 1

    at = next(i for i, e in enumerate(events) if e["type"] == "reshuffle")
    stock = events[at]["stock"]
    tampered = dict(events[at], stock=stock[1:] + stock[:1])
    record["events"] = events[:at] + [tampered] + events[at + 1 :]
    with pytest.raises(fairness.VerificationFailed, match=rf"events\[{at}\]: the reshuffle"):
        fairness.verify_record(record, seed, commitment)
