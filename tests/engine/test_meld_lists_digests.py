"""Seeded random 4-player Burraco and Scala 40 games offer, at every step, the very legal
lists they offered before the candidate generators stopped widening a run past what
a joker or wildcard could fill and the Scala 40 opening search left ``Counter`` for
plain dicts (issue 17): same actions, same order. The players pick uniformly from the
whole list, melds included, as ``benchmarks.api_bench``'s clients do, so long hands
and many melds on the table are reached. The digests were taken from the engine before
those changes (``main`` at 17e24fa)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import engine

EXPECTED = {
    "burraco": "11ee92f1bcc9f5a40cd734a187c2ac6e24494187dad96908e4802323c793f6be",
    "scala40": "3fe3d86e308b2ab0b8fb273925fd154cfedb72652ce602e970ac6a76e1c9fce3",
}
"""SHA-256 over every listed position of eight seeded games of at most 400 steps."""


def _digest(game_type: str) -> tuple[str, int]:
    digest = hashlib.sha256()
    positions = 0
    for seed in range(8):
        rng = random.Random(seed)
        game = engine.new_game(game_type, 4)
        for _ in range(400):
            if game.over:
                break
            if game.awaiting == "deal" or not game.seats_to_act():
                game.apply(game.random_deal_event(rng))
                continue
            seat = game.seats_to_act()[0]
            legal = [action.to_event() for action in game.legal_actions(seat)]
            digest.update(json.dumps(legal, sort_keys=True).encode())
            positions += 1
            game.apply(rng.choice(legal))
    return digest.hexdigest(), positions


@pytest.mark.parametrize("game_type", sorted(EXPECTED))
def test_seeded_games_offer_the_lists_they_did(game_type: str) -> None:
    found, positions = _digest(game_type)
    assert positions > 1000  # long enough to reach opened hands and long tables
    assert found == EXPECTED[game_type]
