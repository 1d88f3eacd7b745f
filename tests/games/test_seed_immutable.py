"""A game's seed and its published commitment never change after insert (issue 15):
a database trigger (migration seed_immutable) refuses it for every role, on SQLite and
PostgreSQL, through the ORM or raw SQL; the rest of the game row stays writable."""

from __future__ import annotations

import hashlib

import pytest
from django.db import DatabaseError, connection, transaction

from tournaments.models import Game
from tournaments.services.games import create_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    return create_game(game_type="whist", players=4, mode=Game.Mode.PHYSICAL)


def refused(statement: str, params: list | None = None) -> str:
    with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as c:
        c.execute(statement, params)
    return str(caught.value)


def test_the_seed_and_its_commitment_cannot_be_rewritten(game):
    seed, commitment = bytes(game.seed), game.seed_commitment
    forged = b"\x00" * 32
    for column, value in (
        ("seed", forged),
        ("seed_commitment", hashlib.sha256(forged).hexdigest()),
    ):
        message = refused(
            f"UPDATE tournaments_game SET {column} = %s WHERE id = %s", [value, game.pk.hex]
        )
        assert "seed and seed commitment never change" in message
    # Both together (a forged proof), through the ORM this time.
    with pytest.raises(DatabaseError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(
            seed=forged, seed_commitment=hashlib.sha256(forged).hexdigest()
        )
    game.refresh_from_db()
    assert (bytes(game.seed), game.seed_commitment) == (seed, commitment)


def test_the_rest_of_the_game_row_stays_writable(game):
    Game.objects.filter(pk=game.pk).update(version=5, status=Game.Status.ACTIVE)
    game.refresh_from_db()
    game.version = 6
    game.save()  # every column written, the seed with its own value: allowed
    game.refresh_from_db()
    assert game.version == 6 and game.status == Game.Status.ACTIVE
