"""Seasons through the services: a director creates, changes and deletes one (refused
input in words, versions, audit rows), the counted tournaments, and the table read
from the tournaments' stored standings, recomputed when their standings change."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from scoring import season_table, store
from scoring.models import RoundStandings
from tests.support.factories import make_tournament, member, season_club
from tests.support.standings import finish, tables_of
from tournaments.models import AuditEntry, Role, Season, Tournament
from tournaments.services import access, season_settings, seasons
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import Conflict, Forbidden, ServiceError
from tournaments.services.versions import StaleVersion

pytestmark = pytest.mark.django_db

MARCH = (dt.date(2026, 3, 1), dt.date(2026, 3, 31))


def settings(**changes):
    base = {"name": "Spring 2026", "starts_on": MARCH[0], "ends_on": MARCH[1]}
    return seasons.SeasonSettings(**{**base, **changes})


def final_ranks(t):
    rows = RoundStandings.objects.filter(tournament=t).order_by("-round").first().rows
    return {r["name"]: r["rank"] for r in rows}


def final_points(t):
    rows = RoundStandings.objects.filter(tournament=t).order_by("-round").first().rows
    return {r["name"]: Fraction(r["points"]) for r in rows}


@pytest.fixture
def played():
    return season_club(count=3, players=4)


@pytest.fixture
def bare():
    """A club with a director and no tournament (for the refusals)."""
    return season_club(count=0)


def test_the_default_season_counts_every_finished_tournament_between_the_dates(played):
    club, director, cups, people = played
    outside = make_tournament(club, director, {"name": "April", "starts_on": "2026-04-02"})
    tournament_service.set_status(outside, by=director, status=Tournament.Status.FINISHED)
    running = make_tournament(club, director, {"name": "Open", "starts_on": "2026-03-20"})
    season = seasons.create_season(club, by=director, settings=settings())
    counted = [t.pk for t in seasons.counted_tournaments(season)]
    assert counted == [t.pk for t in cups] and running.pk not in counted
    table = season_table.season_table(season)
    assert [c.number for c in table.tournaments] == [1, 2, 3] and table.complete
    assert {line.name for line in table.lines} == {p.name for p in people}
    points = final_points(cups[0])  # every tournament was played the same way
    for line in table.lines:
        assert line.row.total == 3 * points[line.name]
        assert (line.row.played, line.row.counted) == (3, 3)
    # Two winners of 6 points, two of 0: equal points go by places, best first.
    places = [sorted(c.rank for c in line.cells) for line in table.lines]
    assert places[0] <= places[1] and places[2] <= places[3]
    assert [line.row.rank for line in table.lines] == [1, 1 if places[0] == places[1] else 2, 3, 4]


def test_a_season_of_one_game_leaves_the_other_games_out(played):
    club, director, cups, _people = played
    season = seasons.create_season(club, by=director, settings=settings(game_type="scopa"))
    assert seasons.counted_tournaments(season) == []
    assert season_table.season_table(season).lines == []


def test_chosen_tournaments_count_alone_and_best_n_marks_the_rest(played):
    club, director, cups, _people = played
    chosen = [cups[2].pk, cups[0].pk]
    season = seasons.create_season(
        club, by=director, settings=settings(tournaments=chosen, formula="best", best_of=1)
    )
    assert [t.pk for t in seasons.counted_tournaments(season)] == [cups[0].pk, cups[2].pk]
    table = season_table.season_table(season)
    for line in table.lines:
        assert line.row.played == 2 and line.row.counted == 1
        first, last = line.cells
        # Equal points: the better place counts, or the earlier tournament.
        assert first.counted == (first.rank <= last.rank) != last.counted


def test_placement_points_come_from_the_final_places(played):
    club, director, cups, _people = played
    season = seasons.create_season(
        club,
        by=director,
        settings=settings(formula="placement", place_points=["10", "6", "3.5", 1]),
    )
    assert season.place_points == [10, 6, "7/2", 1]
    table = season_table.season_table(season)
    by_place = {1: 10, 2: 6, 3: Fraction(7, 2), 4: 1}
    for line in table.lines:
        ranks = [final_ranks(t)[line.name] for t in cups]
        assert line.row.total == sum(by_place[r] for r in ranks)
        assert [c.season_points for c in line.cells] == [by_place[r] for r in ranks]


def test_the_table_follows_a_tournaments_standings(played):
    club, director, cups, _people = played
    chosen = [t.pk for t in cups]
    season = seasons.create_season(club, by=director, settings=settings(tournaments=chosen))
    before = {line.name: line.row.total for line in season_table.season_table(season).lines}
    # One more round of the last tournament: its standings change, so does the table.
    last = cups[2]
    tournament_service.set_status(last, by=director, status=Tournament.Status.RUNNING)
    r2 = round_service.publish(round_service.pair_next_round(last, by=director), by=director)
    for table, _seated in tables_of(r2):
        finish(table, director, (8, 5))
    store.recompute(last.pk)
    table = season_table.season_table(season)
    after = {line.name: line.row.total for line in table.lines}
    assert sum(after.values()) == sum(before.values()) + 4  # two more wins of 2 points
    assert not table.complete and not table.tournaments[2].finished
    assert table.tournaments[2].round == 2


def test_a_season_change_is_checked_versioned_and_logged(played):
    club, director, cups, _people = played
    season = seasons.create_season(club, by=director, settings=settings())
    assert season.version == 1 and season.slug == "spring-2026"
    changed = seasons.update_season(
        season,
        by=director,
        settings=settings(name="Spring", formula="best", best_of=2),
        expected_version=1,
    )
    assert changed.version == 2 and changed.slug == "spring-2026" and changed.best_of == 2
    with pytest.raises(StaleVersion):
        seasons.update_season(season, by=director, settings=settings(), expected_version=1)
    actions = list(
        AuditEntry.objects.filter(club=club, action__startswith="season-").values_list(
            "action", "before", "after"
        )
    )
    assert ("season-changed", {"name": "Spring 2026", "formula": "sum", "best_of": None},
            {"name": "Spring", "formula": "best", "best_of": 2}) in actions  # fmt: skip
    with pytest.raises(StaleVersion):
        seasons.delete_season(Season.objects.get(pk=season.pk), by=director, expected_version=1)
    seasons.delete_season(Season.objects.get(pk=season.pk), by=director, expected_version=2)
    assert not Season.objects.filter(pk=season.pk).exists()
    assert AuditEntry.objects.filter(club=club, action="season-deleted").count() == 1
    assert Tournament.objects.filter(pk=cups[0].pk).exists()


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"name": "  "}, "name", "needs a name"),
        ({"ends_on": dt.date(2026, 2, 1)}, "ends_on", "cannot end before it starts"),
        ({"ends_on": dt.date(2030, 1, 1)}, "ends_on", "three years"),
        ({"starts_on": None}, "starts_on", "starts"),
        ({"game_type": "poker"}, "game_type", "no game 'poker'"),
        ({"formula": "average"}, "formula", "Sum of tournament points"),
        ({"formula": "best"}, "best_of", "how many"),
        ({"formula": "best", "best_of": 0}, "best_of", "from 1 to"),
        ({"formula": "placement", "place_points": []}, "place_points", "1st place"),
        ({"formula": "placement", "place_points": ["x"]}, "place_points", "'x' is not"),
        ({"formula": "placement", "place_points": [5, 8]}, "place_points", "place 2"),
        ({"formula": "placement", "place_points": [-1]}, "place_points", "from 0"),
        ({"tournaments": [999999]}, "tournaments", "no tournament with id 999999"),
        ({"tournaments": ["1"]}, "tournaments", "not a tournament"),
    ],
)
def test_bad_settings_are_refused_in_words_and_nothing_is_written(bare, changes, field, words):
    club, director, _cups, _people = bare
    with pytest.raises(ServiceError) as refused:
        seasons.create_season(club, by=director, settings=settings(**changes))
    assert refused.value.details.get("field") == field
    assert words in str(refused.value)
    assert not Season.objects.filter(club=club).exists()
    assert not AuditEntry.objects.filter(club=club, action="season-created").exists()


def test_a_chosen_tournament_of_another_game_is_refused(played):
    club, director, cups, _people = played
    with pytest.raises(ServiceError, match="not a tournament of the season's game") as refused:
        seasons.create_season(
            club, by=director, settings=settings(game_type="scopa", tournaments=[cups[0].pk])
        )
    assert refused.value.details["field"] == "tournaments"
    chosen = settings(game_type="german_whist", tournaments=[cups[0].pk])
    assert seasons.create_season(club, by=director, settings=chosen).chosen


def test_another_clubs_tournament_cannot_be_counted(played):
    club, director, _cups, _people = played
    other_club, other_director, other_cups, _ = season_club(count=1, players=2)
    with pytest.raises(ServiceError, match="has no tournament"):
        seasons.create_season(club, by=director, settings=settings(tournaments=[other_cups[0].pk]))


def test_only_directors_manage_seasons_and_names_are_unique(bare):
    club, director, _cups, _people = bare
    scorer = member(club, Role.SCORER)
    with pytest.raises(Forbidden):
        seasons.create_season(club, by=scorer, settings=settings())
    seasons.create_season(club, by=director, settings=settings())
    with pytest.raises(Conflict, match="already has a season"):
        seasons.create_season(club, by=director, settings=settings(name="Spring  2026!"))


def test_a_private_season_is_read_by_members_only(bare):
    club, director, _cups, _people = bare
    season = seasons.create_season(club, by=director, settings=settings(public=False))
    outsider = member(season_club(count=0)[0], Role.PLAYER)
    player = member(club, Role.PLAYER)
    assert not access.may_read_season(season, outsider)
    assert access.may_read_season(season, player)
    assert list(seasons.visible_seasons(club, outsider)) == []
    assert list(seasons.visible_seasons(club, player)) == [season]


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("25 18 15", ["25", "18", "15"]),
        ("25-18-15-12", ["25", "18", "15", "12"]),
        ("25, 18, 15", ["25", "18", "15"]),
        ("25,18,15", ["25", "18", "15"]),
        ("10; 7,5; 5", ["10", "7.5", "5"]),
        ("10 7.5 5", ["10", "7.5", "5"]),
    ],
)
def test_typed_place_points_are_read_as_people_write_them(text, numbers):
    assert season_settings.parse_place_points(text) == numbers
