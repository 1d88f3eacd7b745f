"""tavolo.compiled_query: ORM reads compiled once, giving what the ORM gives."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.db.models.functions import Coalesce
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from scoring import read, store
from scoring.models import RoundStandings, StandingsState
from scoring.web import _ENTRY_WITH_STANDINGS_STATE, _entry_with_standings_state
from tavolo import prepared
from tavolo.compiled_query import CompiledQuery
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


def test_select_related_and_annotations_are_built_as_the_orm_builds_them(cup):
    club, t = cup
    director = director_of(club)
    solo = enter_guests(t, director, 1)[0]
    team = Team.objects.create(club=club, name="Fratelli")
    duo = Entry.objects.create(tournament=t, team=team, number=99)
    for entry in (solo, duo):
        compiled = _ENTRY_WITH_STANDINGS_STATE.first(t.pk, entry.pk)
        plain = _entry_with_standings_state(t.pk, entry.pk).get()
        assert _fields(compiled) == _fields(plain)
        for name in ("standings_version", "standings_requested", "standings_computed_at"):
            assert getattr(compiled, name) == getattr(plain, name)
        with CaptureQueriesContext(connection) as queries:  # read with the entry
            assert compiled.player == plain.player and compiled.team == plain.team
        assert len(queries) == 0
    assert _ENTRY_WITH_STANDINGS_STATE.first(t.pk + 1, solo.pk) is None


def test_the_queryset_is_built_once_per_database():
    built = []

    def build(slug):
        built.append(slug)
        return Club.objects.filter(slug=slug).order_by()[:1]

    query = CompiledQuery(build, str)
    for n in range(3):
        assert query.first(f"club-{n}") is None
    assert len(built) == 1 and built[0] not in {"club-0", "club-1", "club-2"}
    club = make_club()
    assert query.all(club.slug) == [club]


@pytest.mark.parametrize(
    "build",
    [
        lambda slug: Club.objects.filter(slug__contains=slug),  # sent as %slug%
        lambda slug: Club.objects.filter(slug__startswith=slug),  # sent as slug%
    ],
)
def test_a_value_the_lookup_changes_is_refused(build):
    with pytest.raises(ValueError, match="only a value compared with = can be compiled"):
        CompiledQuery(build, str).first("x")


def test_a_value_sent_twice_takes_the_real_value_in_both_places():
    query = CompiledQuery(
        lambda text: (Club.objects.filter(slug=text) | Club.objects.filter(name=text)).order_by(
            "pk"
        ),
        str,
    )
    by_slug, by_name = make_club(), make_club()
    assert query.all(by_slug.slug) == [by_slug]
    assert query.all(by_name.name) == [by_name]
    assert query.all("neither") == []


def test_only_model_objects_values_list_rows_and_known_kinds():
    with pytest.raises(ValueError, match="gives model objects or values_list rows"):
        CompiledQuery(lambda slug: Club.objects.filter(slug=slug).values("name"), str).all("x")
    with pytest.raises(TypeError, match="int or str values, not float"):
        CompiledQuery(lambda x: Club.objects.filter(pk=x), float).all(1.0)
    with pytest.raises(ValueError, match="cannot prefetch"):
        CompiledQuery(
            lambda slug: Club.objects.filter(slug=slug).prefetch_related("members"), str
        ).all("x")


def test_a_field_read_through_a_join_keeps_its_converter(cup):
    """Annotations take their converters from the field they read (here a JSON field
    of the tournament, read from its entry)."""
    club, t = cup
    entry = enter_guests(t, director_of(club), 1)[0]
    query = CompiledQuery(
        lambda pk: Entry.objects.filter(pk=pk).annotate(opts=F("tournament__options"))[:1], int
    )
    assert query.first(entry.pk).opts == {"deals": 3}


def test_values_list_rows_come_in_the_order_asked_with_their_converters(cup):
    """Django (5.2) selects the columns in the order asked for, annotations among
    them: the rows are the SQL's, converted."""
    club, t = cup
    enter_guests(t, director_of(club), 2)

    def build(tournament_id):
        return (
            Entry.objects.filter(tournament_id=tournament_id)
            .order_by("number")
            .values_list("number", Coalesce("player__name", "team__name"), "tournament__options")
        )

    query = CompiledQuery(build, int)
    assert query.all(t.pk) == list(build(t.pk))
    assert query.all(t.pk) == [(1, "Guest 1", {"deals": 3}), (2, "Guest 2", {"deals": 3})]
    flat = CompiledQuery(
        lambda tournament_id: (
            Entry.objects.filter(tournament_id=tournament_id)
            .order_by("-number")
            .values_list("number", flat=True)
        ),
        int,
    )
    assert flat.all(t.pk) == [2, 1] and flat.all(t.pk + 1) == []


def test_a_value_compared_with_a_small_integer_field_is_sent(cup):
    """A stand-in outside a small field's range would be answered without sending it
    (no value to fill in): the stand-ins fit every integer field."""
    club, t = cup
    rounds = CompiledQuery(
        lambda tournament_id, at_most: RoundStandings.objects.filter(
            tournament_id=tournament_id, round__lte=at_most
        ).values_list("round", flat=True),
        int,
        int,
    )
    assert rounds.all(t.pk, 3) == []


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


def test_without_prepared_statements_the_reads_are_the_same(cup, settings, monkeypatch):
    """``TAVOLO_DB_PREPARED=0`` (a pooler that cannot keep prepared statements): the
    compiled reads use Django's own cursor, and give the same."""
    club, t = cup
    settings.TAVOLO_DB_PREPARED = False
    monkeypatch.setattr(prepared, "_run", pytest.fail)  # however reached
    assert _fields(tournaments.tournament_in(club, t.slug)) == _fields(
        Tournament.objects.get(pk=t.pk)
    )
    assert clubs.club_by_slug(club.slug) == club


def test_on_postgresql_the_reads_are_prepared(cup, require_postgres, monkeypatch):
    club, t = cup
    used = []
    real = prepared._execute

    def counted(direct, name, text, params):
        used.append(text.decode())
        return real(direct, name, text, params)

    monkeypatch.setattr(prepared, "_execute", counted)
    assert tournaments.tournament_in(club, t.slug).pk == t.pk
    assert len(used) == 1 and "tournaments_tournament" in used[0]
