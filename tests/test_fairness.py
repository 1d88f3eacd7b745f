"""Provably fair deals: the seed, its commitment, and re-deriving every deal."""

import random
from collections import Counter

import pytest

from engine import new_game
from tournaments.fairness import (
    VerificationFailed,
    commitment,
    deal_event,
    new_seed,
    shuffled_deck,
    verify_record,
)


def play_recorded_game(seed: bytes, name: str = "whist", players: int = 4) -> dict:
    """A whole game whose deals come from ``seed`` and whose plays are random."""
    game = new_game(name, players, {"target": 2} if name == "whist" else None)
    rng = random.Random(7)
    events, deals = [], 0
    while not game.over:
        if game.awaiting:
            event = deal_event(seed, deals, game.new_deck())
            deals += 1
        else:
            event = game.random_action(rng).to_event()
        game.apply(event)
        events.append(event)
    return {"game": name, "players": players, "options": {"target": 2}, "events": events}


def test_seed_comes_from_the_csprng_and_is_32_bytes():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(seed) == 32 for seed in seeds)


def test_commitment_is_sha256_of_the_seed():
    assert commitment(b"\x00" * 32) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )


def test_shuffle_is_deterministic_per_seed_and_label_and_a_permutation():
    deck = new_game("whist", 4).new_deck()
    seed = bytes(range(32))
    first = shuffled_deck(seed, "deal:0", deck)
    assert first == shuffled_deck(seed, "deal:0", deck)
    assert Counter(first) == Counter(deck)
    assert first != shuffled_deck(seed, "deal:1", deck)
    assert first != shuffled_deck(bytes(32), "deal:0", deck)


def test_shuffle_is_close_to_uniform():
    # Where the ace of spades lands over 5,200 shuffles: each of 52 places ~100 times.
    deck = list(range(52))
    seed = bytes(range(32))
    places = Counter(shuffled_deck(seed, f"deal:{n}", deck).index(0) for n in range(5200))
    assert len(places) == 52
    chi_square = sum((count - 100) ** 2 / 100 for count in places.values())
    assert chi_square < 100  # 51 degrees of freedom: p < 1e-5 beyond this


def test_revealed_seed_verifies_every_deal_of_a_game():
    seed = new_seed()
    record = play_recorded_game(seed)
    deals = sum(1 for event in record["events"] if event["type"] == "deal")
    assert verify_record(record, seed.hex(), commitment(seed)) == deals
    assert deals >= 1


def test_wrong_seed_is_refused_by_the_commitment():
    seed = new_seed()
    record = play_recorded_game(seed)
    with pytest.raises(VerificationFailed, match="does not match the published commitment"):
        verify_record(record, new_seed().hex(), commitment(seed))


def test_a_tampered_deal_is_found():
    seed = new_seed()
    record = play_recorded_game(seed)
    deck = record["events"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(VerificationFailed, match=r"events\[0\]: deal 0 is not the deal"):
        verify_record(record, seed.hex(), commitment(seed))


def test_a_seed_that_is_not_hex_is_a_clear_error():
    with pytest.raises(VerificationFailed, match="hexadecimal"):
        verify_record({"game": "whist", "players": 4, "events": []}, "zz", "00")
