"""A table's expected result (issue 18): every side's chance of finishing first, from
the ratings as they were before the round (club first, then all clubs, else a
newcomer's), shown only when the director's setting allows it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scoring.ratings import scale
from tests.support.factories import director_of, make_club, make_tournament
from tests.support.seeding_data import mu_of, rated_game
from tournaments.models import Forfeit, Tournament
from tournaments.services import clubs, round_closing, rounds, sheets, tournaments
from tournaments.services.expected_results import expected_results, percent, ratings_before

pytestmark = pytest.mark.django_db
WHEN = Tournament.ExpectedResults


def _cup(settings: dict[str, Any], names: list[str]) -> tuple[Any, ...]:
    club = make_club()
    director = director_of(club)
    cup = make_tournament(club, director, settings)
    players = {}
    for name in names:
        player = clubs.add_guest(club, by=director, name=name)
        tournaments.check_in(tournaments.register(cup, by=director, player=player), by=director)
        players[name] = player
    return club, director, cup, players


def _publish(cup: Tournament, director: Any):
    return rounds.publish(rounds.pair_next_round(cup, by=director), by=director)


def _set(cup: Tournament, when: str) -> None:
    cup.expected_results = when
    cup.save(update_fields=["expected_results"])


def test_the_chances_come_from_the_ratings_before_the_round():
    club, director, cup, p = _cup({"name": "Cup"}, ["Ada", "Bea", "Cyd", "Dan"])
    before = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    ada, bea = (mu_of(1800), 2.0), (mu_of(1400), 2.5)
    rated_game([p["Ada"], p["Bea"]], "german_whist", [ada, bea], club=club, played_at=before)
    # Cyd is rated only in all clubs; Dan never: a newcomer.
    cyd = (mu_of(1650), 3.0)
    rated_game([p["Cyd"]], "german_whist", [cyd], played_at=before)
    round_ = _publish(cup, director)
    # A game finished after the round was published moves nothing.
    late = round_.published_at + dt.timedelta(minutes=5)
    rated_game([p["Ada"]], "german_whist", [(mu_of(2400), 1.0)], club=club, played_at=late)
    assert expected_results(round_) == {}  # the default: not shown
    _set(cup, WHEN.ALWAYS)
    round_.tournament.refresh_from_db()
    shown = expected_results(round_)
    newcomer = (scale.MU, scale.SIGMA)
    strength = {"Ada": ada, "Bea": bea, "Cyd": cyd, "Dan": newcomer}
    assert ratings_before(cup, [p[n].pk for n in strength], round_.published_at) == {
        p[n].pk: s for n, s in strength.items()
    }
    for table in round_.tables.all():
        seated = list(table.places.select_related("entry__player").order_by("position"))
        chances = scale.win_chances([[strength[s.entry.player.name]] for s in seated])
        assert shown[table.number] == {
            s.entry_id: pytest.approx(c) for s, c in zip(seated, chances, strict=True)
        }
        assert sum(shown[table.number].values()) == pytest.approx(1)


def test_after_the_result_shows_a_table_once_settled_and_every_table_once_closed():
    _club, director, cup, _p = _cup({"name": "Cup"}, ["Ada", "Bea", "Cyd", "Dan"])
    _set(cup, WHEN.AFTER)
    round_ = _publish(cup, director)
    assert expected_results(round_) == {}  # both tables at play: nothing shown
    table = round_.tables.get(number=2)
    absent = table.places.first().entry
    sheets.record_forfeit(table, absent, Forfeit.Kind.NO_SHOW, director, "")
    assert set(expected_results(round_)) == {2}
    round_closing.close_round(round_, by=director)
    round_.refresh_from_db()
    assert set(expected_results(round_)) == {1, 2}


def test_a_draft_round_never_shows_them():
    _club, director, cup, _p = _cup({"name": "Cup"}, ["Ada", "Bea"])
    _set(cup, WHEN.ALWAYS)
    assert expected_results(rounds.pair_next_round(cup, by=director)) == {}


def test_whist_drive_partners_share_one_chance():
    settings = {"game_type": "whist", "table_sizes": [4], "pairing_method": "whist_drive"}
    club, director, cup, p = _cup(settings, ["Ada", "Bea", "Cyd", "Dan"])
    before = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    rated_game([p["Ada"]], "whist", [(mu_of(1900), 2.0)], club=club, played_at=before)
    _set(cup, WHEN.ALWAYS)
    round_ = _publish(cup, director)
    seated = list(round_.tables.get().places.order_by("position"))
    chances = expected_results(round_)[1]
    by_position = [chances[s.entry_id] for s in seated]
    assert by_position[0] == by_position[2] and by_position[1] == by_position[3]
    assert by_position[0] + by_position[1] == pytest.approx(1)
    ada_side = next(s.position % 2 for s in seated if s.entry.player_id == p["Ada"].pk)
    assert by_position[ada_side] > 0.5  # Ada's partnership is the stronger


@pytest.mark.parametrize(("chance", "shown"), [(0.0, 1), (0.004, 1), (0.5, 50), (0.996, 99)])
def test_a_chance_reads_as_a_percentage_never_certain(chance, shown):
    assert percent(chance) == shown
