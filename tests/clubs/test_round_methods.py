"""Every pairing method a club can choose, run through the round service."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, enter_guests, make_club, make_tournament
from tournaments.services import rounds, tournaments

pytestmark = pytest.mark.django_db


def play_rounds(cup, director, count):
    """Pair and publish ``count`` rounds; each round's tables as sets of entry ids."""
    result = []
    for _ in range(count):
        published = rounds.publish(
            rounds.pair_next_round(cup, by=director, confirm_unfinished=True), by=director
        )
        result.append(
            [frozenset(p.entry_id for p in t.places.all()) for t in published.tables.all()]
        )
    return result


@pytest.fixture
def club_and_director():
    club = make_club()
    return club, director_of(club)


def test_round_robin_meets_everyone_once(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "round_robin", "rounds_planned": 5})
    entries = enter_guests(cup, director, 6)
    tables = [t for r in play_rounds(cup, director, 5) for t in r]
    assert len(tables) == 15 and len(set(tables)) == 15
    assert {e for t in tables for e in t} == {e.pk for e in entries}


def test_mitchell_north_south_stay_and_east_west_move_up(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "mitchell", "rounds_planned": 3})
    entries = enter_guests(cup, director, 6)
    for number, tables in enumerate(play_rounds(cup, director, 3), start=1):
        for index, table in enumerate(tables):
            north_south = entries[index].pk
            east_west = entries[3 + (index - number + 1) % 3].pk
            assert table == {north_south, east_west}


def test_mitchell_keeps_a_withdrawn_entrants_place(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "mitchell", "rounds_planned": 3})
    entries = enter_guests(cup, director, 6)
    play_rounds(cup, director, 1)
    tournaments.withdraw(entries[4], by=director)
    second = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    # Round 2: NS 0 v EW 2, NS 1 v EW 0, NS 2 v EW 1 (withdrawn): entry 2 sits out.
    assert [b.entry_id for b in second.byes.all()] == [entries[2].pk]


def test_danese_puro_pairs_down_the_standings(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "danese_puro"})
    entries = enter_guests(cup, director, 4)
    (first, second) = play_rounds(cup, director, 1)[0]
    assert first == {entries[0].pk, entries[1].pk} and second == {entries[2].pk, entries[3].pk}


def test_danese_modificato_avoids_last_rounds_opponent(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "danese_modificato"})
    enter_guests(cup, director, 4)
    one, two = play_rounds(cup, director, 2)
    assert not set(one) & set(two)


def test_forbidden_pairs_are_left_to_the_swiss(club_and_director):
    club, director = club_and_director
    cup = make_tournament(club, director, {"pairing_method": "danese_puro"})
    a, b = enter_guests(cup, director, 2)
    tournaments.forbid(cup, by=director, first=a, second=b)
    assert "forbidden" not in rounds.pairing_input(cup, 1)
    assert rounds.pair_next_round(cup, by=director, confirm_unfinished=True).tables.count() == 1
