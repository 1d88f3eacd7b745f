"""Round 1 seeded by the computed ratings (issue 18): which rating an entry gets
(the club's, all clubs', none; a director's typed one first), teams' combined
ratings, the copy refreshed when round 1 is paired and kept once it is published, and
the pairing engine's input."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.ratings import scale
from tests.support.factories import director_of, make_club, make_tournament
from tests.support.seeding_data import mu_of, rate
from tournaments.models import AuditEntry, Entry, Team, TeamMember, Tournament
from tournaments.services import clubs, entry_ratings, rounds, tournaments
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db
SOURCE = Entry.RatingSource


def _guest(cup: Tournament, director: Any, name: str):
    return clubs.add_guest(cup.club, by=director, name=name)


def test_an_entry_gets_the_club_rating_else_all_clubs_else_none(club, director, cup):
    elsewhere = make_club()
    ada, bea, cyd, dan = (_guest(cup, director, n) for n in ("Ada", "Bea", "Cyd", "Dan"))
    rate(ada, "german_whist", 1700, club=club, games=30)
    rate(ada, "german_whist", 1400)  # all clubs: the club's comes first
    rate(bea, "german_whist", 1620, games=4)  # all clubs only
    rate(cyd, "german_whist", 1900, club=elsewhere)  # another club's: not this one's
    rate(dan, "whist", 1800, club=club)  # another game
    entered = {p.name: tournaments.register(cup, by=director, player=p) for p in (ada, bea, cyd)}
    entered["Dan"] = tournaments.register(cup, by=director, player=dan)
    got = {n: (e.rating, e.rating_source, e.rating_games) for n, e in entered.items()}
    assert got == {
        "Ada": (1700, SOURCE.CLUB, 30),
        "Bea": (1620, SOURCE.ALL_CLUBS, 4),
        "Cyd": (0, SOURCE.NONE, None),
        "Dan": (0, SOURCE.NONE, None),
    }
    assert entry_ratings.shown(entered["Ada"]) == {"rating": 1700, "provisional": False}
    assert entry_ratings.shown(entered["Bea"]) == {"rating": 1620, "provisional": True}
    assert entry_ratings.shown(entered["Cyd"]) is None


def test_a_typed_rating_wins_and_is_never_provisional(club, director, cup):
    ada = _guest(cup, director, "Ada")
    rate(ada, "german_whist", 1700, club=club, games=2)
    entry = tournaments.register(cup, by=director, player=ada, rating=1234)
    assert (entry.rating, entry.rating_source, entry.rating_games) == (1234, SOURCE.TYPED, None)
    assert entry_ratings.shown(entry) == {"rating": 1234, "provisional": False}
    other = tournaments.register(cup, by=director, player=_guest(cup, director, "Bea"))
    for e in (entry, other):
        tournaments.check_in(e, by=director)
    rounds.pair_next_round(cup, by=director)
    entry.refresh_from_db()
    assert entry.rating == 1234  # pairing round 1 copies no computed rating over it


def test_a_director_clears_a_typed_rating_to_go_back_to_the_computed_one(club, director, cup):
    ada = _guest(cup, director, "Ada")
    rate(ada, "german_whist", 1700, club=club, games=12)
    entry = tournaments.register(cup, by=director, player=ada)
    entry = tournaments.update_entry(entry, by=director, rating=1111)
    assert (entry.rating, entry.rating_source) == (1111, SOURCE.TYPED)
    entry = tournaments.update_entry(entry, by=director, rating=None)
    assert (entry.rating, entry.rating_source, entry.rating_games) == (1700, SOURCE.CLUB, 12)
    logged = AuditEntry.objects.filter(action="entry-changed", subject="Ada").order_by("pk")
    assert [row.after["rating"] for row in logged] == [1111, 1700]


@pytest.mark.parametrize("bad", [-5, 10**6, "1500", True, 15.5])
def test_a_bad_typed_rating_is_refused_and_nothing_changes(club, director, cup, bad):
    entry = tournaments.register(cup, by=director, player=_guest(cup, director, "Ada"))
    with pytest.raises(ServiceError):
        tournaments.update_entry(entry, by=director, rating=bad)
    entry.refresh_from_db()
    assert (entry.rating, entry.rating_source) == (0, SOURCE.NONE)


def test_pairing_round_1_copies_the_ratings_as_they_are_then_keeps_them(club, director, cup):
    players = [_guest(cup, director, n) for n in ("Ada", "Bea", "Cyd", "Dan")]
    for n, p in enumerate(players):
        rate(p, "german_whist", 1500 + 10 * n, club=club)
    entries = [
        tournaments.check_in(tournaments.register(cup, by=director, player=p), by=director)
        for p in players
    ]
    # Days pass: Dan's rating rises, Ada is rated for the first time in the club.
    rate(players[3], "german_whist", 1800, club=club)
    draft = rounds.pair_next_round(cup, by=director)
    ratings = dict(Entry.objects.filter(tournament=cup).values_list("player__name", "rating"))
    assert ratings == {"Ada": 1500, "Bea": 1510, "Cyd": 1520, "Dan": 1800}
    logged = AuditEntry.objects.get(action="entry-rating-computed", subject="Dan")
    assert (logged.before, logged.after) == (
        {"rating": 1530},
        {"rating": 1800, "rating_source": SOURCE.CLUB},
    )
    # Round 1 seeds by rating: the two strongest are not paired together (top half
    # against bottom half), and the pairing engine read the copied numbers.
    data = rounds.pairing_input(cup, 1)
    assert sorted(e["rating"] for e in data["entrants"]) == [1500, 1510, 1520, 1800]
    rounds.publish(draft, by=director)
    rate(players[0], "german_whist", 2100, club=club)  # the event's own results come in
    rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    entries[0].refresh_from_db()
    assert entries[0].rating == 1500  # stable for the whole event


def test_round_1_is_seeded_strongest_first(club, director):
    cup = make_tournament(club, director, {"first_round": "rating", "pairing_method": "swiss"})
    names = ["Weak", "Strong", "Middle", "Good"]
    shown = {"Weak": 1300, "Strong": 1900, "Middle": 1500, "Good": 1700}
    for name in names:
        player = _guest(cup, director, name)
        rate(player, "german_whist", shown[name], club=club)
        tournaments.check_in(tournaments.register(cup, by=director, player=player), by=director)
    draft = rounds.pair_next_round(cup, by=director)
    tables = [
        sorted(p.entry.name for p in t.places.select_related("entry__player"))
        for t in draft.tables.order_by("number")
    ]
    # Swiss round 1 by rating: 1st meets 3rd, 2nd meets 4th (top half against bottom).
    assert tables == [["Middle", "Strong"], ["Good", "Weak"]]


def _team(club, director, name: str, members: list[Any]) -> Team:
    team = Team.objects.create(club=club, name=name)
    for position, player in enumerate(members):
        TeamMember.objects.create(team=team, player=player, position=position)
    return team


def test_a_team_is_rated_as_its_members_mean_mu():
    club = make_club()
    director = director_of(club)
    cup = make_tournament(
        club, director, {"game_type": "whist", "table_sizes": [4], "entry_kind": "team"}
    )
    ada, bea, cyd, dan, eve, fay = (
        clubs.add_guest(club, by=director, name=n) for n in ("Ada", "Bea", "Cyd", "Dan", "E", "F")
    )
    rate(ada, "whist", 1800, club=club, games=40)
    rate(bea, "whist", 1500, games=7)  # all clubs only
    rate(cyd, "whist", 1620, club=club, games=15)  # Dan: no rating, a newcomer
    both = tournaments.register(cup, by=director, team=_team(club, director, "AB", [ada, bea]))
    one = tournaments.register(cup, by=director, team=_team(club, director, "CD", [cyd, dan]))
    none = tournaments.register(cup, by=director, team=_team(club, director, "EF", [eve, fay]))
    assert (both.rating, both.rating_source, both.rating_games) == (
        scale.shown((mu_of(1800) + mu_of(1500)) / 2),
        SOURCE.ALL_CLUBS,
        7,
    )
    assert (one.rating, one.rating_source, one.rating_games) == (
        scale.shown((mu_of(1620) + scale.MU) / 2),
        SOURCE.CLUB,
        0,
    )
    assert (none.rating, none.rating_source) == (0, SOURCE.NONE)
    assert entry_ratings.shown(one) == {"rating": 1560, "provisional": True}
