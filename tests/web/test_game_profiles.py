"""Game profiles (tournaments/games): one per engine game, found by profile_for, and
reading the game's rules (options, tally, notes) from its engine class."""

from __future__ import annotations

import importlib

import pytest
from django.template.loader import get_template

import engine
from engine.games import italian_whist, three_handed_whist
from tournaments.games import GameProfile, all_profiles, default_game, profile_for
from tournaments.games.rummy import RummyProfile
from tournaments.web import new_game, sheet_pdf
from tournaments.web.option_labels import label_of

GAMES = engine.available_games()


@pytest.mark.parametrize("name", GAMES)
def test_every_engine_game_has_its_own_profile_module(name):
    profile = profile_for(name)
    module = importlib.import_module(f"tournaments.games.{name}")
    assert profile is module.PROFILE and profile is profile_for(name)
    assert type(profile) is not GameProfile, f"{name} has only the fallback profile"
    assert profile.game_type == name
    assert profile.engine_class is engine.game_class(name)
    assert profile.title == engine.game_class(name).title and profile.home_title


@pytest.mark.parametrize("name", GAMES)
def test_a_profile_reads_the_rules_from_its_engine_class(name):
    profile = profile_for(name)
    cls = engine.game_class(name)
    assert profile.tally_spec is cls.tally_spec is not None
    assert profile.option_spec is cls.option_spec
    options = cls(cls.player_counts[0]).options
    assert profile.sheet_notes(options) == cls.sheet_notes(options)
    assert sheet_pdf.notes(name, options) == cls.sheet_notes(options)


@pytest.mark.parametrize("name", GAMES)
def test_a_profile_words_every_option_and_choice_of_its_game(name):
    profile = profile_for(name)
    assert set(profile.option_labels) == set(profile.option_spec), "label every option"
    for option_name, labels in profile.option_choices.items():
        assert set(labels) == set(profile.option_spec[option_name].choices or ())
    for option in profile.option_spec.values():
        assert label_of(name, option) == profile.option_labels[option.name]


@pytest.mark.parametrize("name", GAMES)
def test_a_profiles_templates_and_schedule_columns_exist(name):
    profile = profile_for(name)
    for template in (profile.table_template, profile.hand_template):
        if template is not None:
            get_template(template)
    assert profile.plays_as_moves == bool(profile.move_question)
    assert profile.melds == isinstance(profile, RummyProfile)
    row = profile.deal_row(4)
    assert sorted(row) == sorted(key for _, key in profile.schedule_columns)


def test_the_registry_lists_every_game_in_the_engines_order_with_one_default():
    assert [p.game_type for p in all_profiles()] == GAMES
    defaults = [p.game_type for p in all_profiles() if p.default]
    assert defaults == [default_game()] == [new_game.DEFAULT_GAME]


def test_a_game_the_engine_does_not_know_gets_the_plain_profile():
    profile = profile_for("tombola")
    assert type(profile) is GameProfile and profile.title == "tombola"
    assert profile.tally_spec is None and profile.sheet_notes({}) == []
    assert profile.engine_class is None and not profile.melds
    assert profile_for("../whist").title == "../whist"  # never imported as a module


def test_the_deal_schedule_and_pdf_rows_come_from_the_profile():
    italian = profile_for("italian_whist")
    assert italian.deal_row(0) == {"trumps": "none", "passing": "left"}
    assert italian.deal_row(4) == {"trumps": "spades", "passing": "right"}
    assert sheet_pdf.rows_for("italian_whist", {}, {}) == italian.pdf_rows == 18
    assert sheet_pdf.rows_for("briscola", {}, {"games": 5}) == 5  # an option fixes it


def test_a_seats_own_parts_say_the_engines_numbers():
    three = profile_for("three_handed_whist").seat_parts({"spare_is_dummy": True}, [], 0, {})
    assert three == {"spare_is_dummy": True, "dummy_target": three_handed_whist.DUMMY_TARGET}
    italian = profile_for("italian_whist")
    assert str(italian_whist.HAND_SIZE) in italian.turn_words["split"][0]
    view = {"phase": "split", "passing": "right", "players": 3}
    parts = italian.seat_parts(view, [], 0, {2: "Carla"})
    assert parts["second_goes"] == "goes to Carla"  # right: to the previous seat
    assert profile_for("scopa").seat_parts(view, [], 0, {}) == {}
