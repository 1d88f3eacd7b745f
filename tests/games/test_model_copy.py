"""tavolo.copies.model_copy: the copy a request or a commit callback keeps is its own."""

from __future__ import annotations

import copy

import pytest

from tavolo.copies import model_copy
from tests.support.factories import make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_a_models_copy_is_what_copy_copy_makes_and_is_its_own(organiser):
    game, _ = make_game("whist", 4, organiser)
    game = Game.objects.select_related("created_by").get(pk=game.pk)
    copied, expected = model_copy(game), copy.copy(game)
    assert type(copied) is Game and copied is not game
    fields = [field.attname for field in Game._meta.concrete_fields]
    assert [getattr(copied, name) for name in fields] == [getattr(expected, n) for n in fields]
    assert copied._state.db == expected._state.db and copied._state.adding is False
    assert copied.created_by == organiser  # the related cache comes along

    game.version += 1
    game.status = Game.Status.FINISHED
    game._state.fields_cache.clear()
    assert copied.version == expected.version and copied.status == Game.Status.ACTIVE
    assert "created_by" in copied._state.fields_cache


def test_anything_else_is_copied_by_copy_copy():
    original = {"a": [1]}
    copied = model_copy(original)
    assert copied == original and copied is not original and copied["a"] is original["a"]


def test_a_users_copy_has_its_own_state_and_leaves_the_original_alone(organiser):
    copied = model_copy(organiser)
    assert copied._state is not organiser._state
    assert copied._state.fields_cache is not organiser._state.fields_cache
    assert vars(copied._state).keys() == vars(copy.copy(organiser)._state).keys()
    copied.is_active = False
    copied._state.adding = True
    copied._state.fields_cache["x"] = 1
    assert organiser.is_active and organiser._state.adding is False
    assert "x" not in organiser._state.fields_cache
