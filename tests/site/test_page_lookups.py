"""The lookups every page makes (the club, the tournament, the player page's entry, the
stored standings): each one query, giving what the ORM gives for the same row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from scoring import read, store
from scoring.models import RoundStandings, StandingsState
from scoring.web import _entry_with_standings_state
from tests.support.factories import (
    director_of,
    enter_guests,
    german_whist_cup,
    make_club,
    make_tournament,
)
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Club, Entry, Team, Tournament
from tournaments.services import clubs, tournaments

pytestmark = pytest.mark.django_db


def _fields(obj):
    """Every stored field's value, as read (converters applied: JSON, times)."""
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def cup():
    club = make_club()
    t = make_tournament(
        club,
        director_of(club),
        {"options": {"deals": 3}, "table_sizes": [2], "rounds_planned": 3},
    )
    return club, t


def test_the_tournament_read_is_the_orms_to_the_last_field(cup):
    club, t = cup
    compiled = tournaments.tournament_in(club, t.slug)
    plain = Tournament.objects.get(pk=t.pk)
    assert _fields(compiled) == _fields(plain)
    assert compiled.options == {"deals": 3} and compiled.table_sizes == [2]
    assert compiled.club is club  # the club in hand, not read again
    assert model_to_dict(compiled) == model_to_dict(plain)


def test_the_club_read_and_a_missing_slug(cup):
    club, _ = cup
    assert _fields(clubs.club_by_slug(club.slug)) == _fields(Club.objects.get(pk=club.pk))
    with pytest.raises(clubs.NotFound, match="there is no club 'no-such-club'"):
        clubs.club_by_slug("no-such-club")


def test_each_read_is_one_query_with_the_values_it_was_given(cup):
    club, t = cup
    other = make_tournament(club, director_of(club))
    with CaptureQueriesContext(connection) as queries:
        first = tournaments.tournament_in(club, t.slug)
        second = tournaments.tournament_in(club, other.slug)
    assert (first.pk, second.pk) == (t.pk, other.pk)
    assert len(queries) == 2
    assert other.slug in queries[1]["sql"] and t.slug not in queries[1]["sql"]
    with pytest.raises(tournaments.NotFound):
        tournaments.tournament_in(make_club(), t.slug)  # the same slug, another club


def test_the_player_pages_entry_comes_with_its_player_team_and_standings_state(cup):
    club, t = cup
    director = director_of(club)
    solo = enter_guests(t, director, 1)[0]
    team = Team.objects.create(club=club, name="Fratelli")
    duo = Entry.objects.create(tournament=t, team=team, number=99)
    for entry in (solo, duo):
        with CaptureQueriesContext(connection) as queries:
            compiled = _entry_with_standings_state(t.pk, entry.pk)
        assert len(queries) == 1
        plain = Entry.objects.select_related("player", "team").get(pk=entry.pk)
        assert _fields(compiled) == _fields(plain)
        state = StandingsState.objects.filter(pk=t.pk).first()
        for name in ("version", "requested", "computed_at"):
            expected = getattr(state, name) if state is not None else None
            assert getattr(compiled, f"standings_{name}") == expected
        with CaptureQueriesContext(connection) as queries:  # read with the entry
            assert compiled.player == plain.player and compiled.team == plain.team
        assert len(queries) == 0
    assert _entry_with_standings_state(t.pk + 1, solo.pk) is None


def test_the_standings_read_is_the_orms_round_by_round():
    _, director, t, _ = german_whist_cup(5)
    for _ in range(2):
        for table, _ in tables_of(play_round(t, director)):
            finish(table, director, (8, 5))
    store.recompute(t.pk)
    for asked in (None, 1, 2, 7):
        shown = read.read(t, asked)
        number = asked if asked in (1, 2) else 2
        plain = RoundStandings.objects.defer("rows").get(tournament=t, round=number)
        assert (shown.published, shown.rounds) == (2, [1, 2])
        assert _fields(shown.standings) == _fields(plain)
        assert _fields(shown.state) == _fields(StandingsState.objects.get(pk=t.pk))
    assert shown.standings.rows == plain.rows  # the deferred rows load when asked for
