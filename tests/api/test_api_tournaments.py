"""The tournaments API: settings and status, entries (register, check in and out,
withdraw, change), forbidden pairs; permission boundaries and bad input."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import (
    director_of,
    enter_guests,
    make_club,
    make_tournament,
    make_user,
    member,
)
from tournaments.models import Club, Entry, ForbiddenPair, Player, Role, Tournament
from tournaments.services import clubs, rounds, tournaments
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------- tournaments


def test_directors_create_tournaments_checked_by_the_engine(club: Club, director: Any) -> None:
    url = club_url(club) + "tournaments/"
    made = check(
        api(director).post(
            url,
            {
                "name": "Winter Whist",
                "game_type": "whist",
                "pairing_method": "whist_drive",
                "options": {"target": 3},
                "rounds_planned": 4,
                "late_entry_score": "1.5",
                "tiebreaks": ["buchholz"],
            },
            format="json",
        ),
        201,
    )
    assert made["slug"] == "winter-whist" and made["club"] == club.slug
    assert made["table_sizes"] == [4] and made["late_entry_score"] == 1.5
    assert made["status"] == "draft" and made["rounds_published"] == 0
    assert "seed" not in made
    # No scoring set: the whist drive's two partnerships score win/draw/loss.
    assert made["scoring"] == {} and made["points_rule"].startswith("Points: win 2, draw 1")
    assert [t["slug"] for t in check(api().get(url), 200)] == ["winter-whist"]
    assert check(api().get(url + "winter-whist/"), 200) == made


def test_only_the_clubs_directors_create_tournaments(club: Club, stranger_director: Any) -> None:
    url = club_url(club) + "tournaments/"
    data = {"name": "X", "game_type": "german_whist"}
    check(api().post(url, data, format="json"), 401)
    check(api(member(club, Role.SCORER)).post(url, data, format="json"), 403)
    check(api(stranger_director).post(url, data, format="json"), 403)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"game_type": "poker"}, "game_type"),
        ({"options": {"deals": 0}}, "options"),
        ({"table_sizes": [3]}, "table_sizes"),
        ({"entry_kind": "team"}, "entry_kind"),
        ({"pairing_method": "whist_drive"}, "pairing_method"),
    ],
)
def test_settings_the_engine_refuses_name_the_field(
    club: Club, director: Any, given: dict[str, Any], field: str
) -> None:
    data = {"name": "Bad", "game_type": "german_whist", **given}
    answer = check(api(director).post(club_url(club) + "tournaments/", data, format="json"), 400)
    assert answer["field"] == field
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"rounds_planned": "5"}, "rounds_planned"),
        ({"rounds_planned": 0}, "rounds_planned"),
        ({"rounds_planned": 2**80}, "rounds_planned"),
        ({"avoid_same_household": "yes"}, "avoid_same_household"),
        ({"options": [1]}, "options"),
        ({"table_sizes": "4"}, "table_sizes"),
        ({"late_entry_score": "lots"}, "late_entry_score"),
        ({"late_entry_score": 1e12}, "late_entry_score"),
        ({"mode": "telepathy"}, "mode"),
        ({"colour": "red"}, "colour"),
        ({"game_type": None}, "game_type"),
    ],
)
def test_ill_typed_settings_name_the_field(
    club: Club, director: Any, given: dict[str, Any], field: str
) -> None:
    data = {"name": "Bad", "game_type": "german_whist", **given}
    answer = check(api(director).post(club_url(club) + "tournaments/", data, format="json"), 400)
    assert field in answer["errors"] and field in answer["detail"]
    assert not Tournament.objects.exists()


def test_a_taken_tournament_slug_is_a_conflict(club: Club, director: Any, cup: Tournament) -> None:
    data = {"name": "Again", "slug": cup.slug, "game_type": "german_whist"}
    answer = check(api(director).post(club_url(club) + "tournaments/", data, format="json"), 409)
    assert answer["field"] == "slug"


def test_an_unknown_tournament_is_a_404(club: Club) -> None:
    assert "no tournament" in check(api().get(club_url(club) + "tournaments/nope/"), 404)["detail"]


def test_directors_change_settings(cup: Tournament, director: Any) -> None:
    changed = check(
        api(director).patch(
            cup_url(cup), {"rounds_planned": 7, "options": {"deals": 2}}, format="json"
        ),
        200,
    )
    assert changed["rounds_planned"] == 7 and changed["options"] == {"deals": 2}
    cup.refresh_from_db()
    assert cup.rounds_planned == 7


def test_settings_errors_name_the_field_and_change_nothing(cup: Tournament, director: Any) -> None:
    client = api(director)
    answer = check(
        client.patch(cup_url(cup), {"rounds_planned": 9, "table_sizes": [3]}, format="json"), 400
    )
    assert answer["field"] == "table_sizes"
    assert "slug" in check(client.patch(cup_url(cup), {"slug": "x"}, format="json"), 400)["errors"]
    answer = check(client.patch(cup_url(cup), {"group_size": 1}, format="json"), 400)
    assert "group_size" in answer["errors"]
    cup.refresh_from_db()
    assert cup.rounds_planned == 5 and cup.table_sizes == [2]


def test_game_settings_are_locked_once_a_round_is_published(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    answer = check(api(director).patch(cup_url(cup), {"options": {"deals": 3}}, format="json"), 409)
    assert answer["field"] == "options"


def test_only_directors_change_settings(
    club: Club, cup: Tournament, stranger_director: Any
) -> None:
    for who in (None, member(club, Role.SCORER), stranger_director):
        refused = 403 if who else 401  # anonymous: 401, log in (or send a token)
        check(api(who).patch(cup_url(cup), {"rounds_planned": 9}, format="json"), refused)
    cup.refresh_from_db()
    assert cup.rounds_planned == 5


def test_directors_set_the_status(club: Club, cup: Tournament, director: Any) -> None:
    url = cup_url(cup) + "status"
    assert (
        check(api(director).post(url, {"status": "open"}, format="json"), 200)["status"] == "open"
    )
    answer = check(api(director).post(url, {"status": "paused"}, format="json"), 400)
    assert "status" in answer["errors"]
    check(api(member(club, Role.SCORER)).post(url, {"status": "finished"}, format="json"), 403)
    check(api().post(url, {"status": "finished"}, format="json"), 401)
    cup.refresh_from_db()
    assert cup.status == "open"


# ---------------------------------------------------------------------- entries


def test_directors_enter_the_clubs_players(club: Club, cup: Tournament, director: Any) -> None:
    guest = clubs.add_guest(club, by=director, name="Anna", household="Rossi")
    url = cup_url(cup) + "entries/"
    made = check(api(director).post(url, {"player": guest.pk, "rating": 1500}, format="json"), 201)
    assert made["number"] == 1 and made["name"] == "Anna" and made["rating"] == 1500
    assert made["status"] == "registered" and made["joins_round"] == 1
    assert made["household"] == "Rossi" and made["player"] == guest.pk
    public = check(api().get(url), 200)
    assert public[0]["name"] == "Anna" and "household" not in public[0]
    assert check(api(director).get(url), 200)[0]["household"] == "Rossi"
    assert "household" not in check(api().get(url + f"{made['id']}/"), 200)


def test_scorers_enter_players_and_teams(club: Club, director: Any) -> None:
    scorer = member(club, Role.SCORER)
    teams_cup = make_tournament(club, director, {"game_type": "whist", "entry_kind": "team"})
    a, b = (clubs.add_guest(club, by=director, name=n) for n in "AB")
    team = clubs.create_team(club, by=director, name="AB", players=[a, b])
    url = cup_url(teams_cup) + "entries/"
    made = check(api(scorer).post(url, {"team": team.pk}, format="json"), 201)
    assert made["team"] == team.pk and made["player"] is None and made["name"] == "AB"
    answer = check(api(scorer).post(url, {"player": a.pk}, format="json"), 400)
    assert "Fixed teams" in answer["detail"]


def test_a_user_enters_themselves_while_entries_are_open(cup: Tournament, director: Any) -> None:
    user = make_user("pia")
    url = cup_url(cup) + "entries/"
    assert "Entries are closed" in check(api(user).post(url, {}, format="json"), 409)["detail"]
    assert not Player.objects.filter(user=user).exists()  # nothing half-made
    tournaments.set_status(cup, by=director, status="open")
    made = check(api(user).post(url, {}, format="json"), 201)
    assert made["name"] == "pia" and Player.objects.get(user=user).pk == made["player"]
    assert "already entered" in check(api(user).post(url, {}, format="json"), 409)["detail"]
    answer = check(api(make_user()).post(url, {"rating": 2000}, format="json"), 403)
    assert answer["field"] == "rating"


def test_players_cannot_enter_others(club: Club, cup: Tournament, director: Any) -> None:
    tournaments.set_status(cup, by=director, status="open")
    guest = clubs.add_guest(club, by=director, name="Guest")
    url = cup_url(cup) + "entries/"
    player = member(club, Role.PLAYER)
    check(api(player).post(url, {"player": guest.pk}, format="json"), 403)
    check(api().post(url, {}, format="json"), 401)
    assert not Entry.objects.exists()


def test_another_clubs_players_and_teams_cannot_be_entered(
    cup: Tournament, director: Any, stranger_director: Any
) -> None:
    other = stranger_director.memberships.get().club
    theirs = clubs.add_guest(other, by=stranger_director, name="Theirs")
    url = cup_url(cup) + "entries/"
    answer = check(api(director).post(url, {"player": theirs.pk}, format="json"), 400)
    assert answer["field"] == "player"
    answer = check(api(director).post(url, {"team": 2**40}, format="json"), 400)
    assert answer["field"] == "team"
    check(api(stranger_director).post(url, {"player": theirs.pk}, format="json"), 403)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"player": "1"}, "player"),
        ({"player": 0}, "player"),
        ({"player": 1, "team": 1}, "team"),
        ({"rating": -5}, "rating"),
        ({"rating": 10**7}, "rating"),
        ({"affiliation": 3}, "affiliation"),
        ({"who": "me"}, "who"),
    ],
)
def test_bad_entries_name_the_field(
    cup: Tournament, director: Any, data: dict[str, Any], field: str
) -> None:
    answer = check(api(director).post(cup_url(cup) + "entries/", data, format="json"), 400)
    assert field in answer["errors"]
    assert not Entry.objects.exists()


def test_check_in_and_out(club: Club, cup: Tournament, director: Any) -> None:
    user = member(club, Role.PLAYER, "pia")
    mine = Player.objects.create(name="Pia", user=user)
    entry = tournaments.register(cup, by=director, player=mine)
    url = cup_url(cup) + f"entries/{entry.pk}/"
    assert check(api(user).post(url + "check-in"), 200)["status"] == "checked_in"
    assert check(api(user).post(url + "check-out"), 200)["status"] == "registered"
    scorer = member(club, Role.SCORER)
    assert check(api(scorer).post(url + "check-in"), 200)["status"] == "checked_in"
    check(api(make_user()).post(url + "check-out"), 403)
    check(api().post(url + "check-out"), 401)
    entry.refresh_from_db()
    assert entry.status == "checked_in"


def test_withdrawing(club: Club, cup: Tournament, director: Any, stranger_director: Any) -> None:
    entry = enter_guests(cup, director, 1)[0]
    url = cup_url(cup) + f"entries/{entry.pk}/"
    check(api(stranger_director).post(url + "withdraw"), 403)
    gone = check(api(director).post(url + "withdraw"), 200)
    assert gone["status"] == "withdrawn" and gone["withdrawn_after"] == 0
    assert "already withdrawn" in check(api(director).post(url + "withdraw"), 409)["detail"]
    assert "withdrawn" in check(api(director).post(url + "check-in"), 409)["detail"]


def test_unknown_entries_are_404(cup: Tournament, director: Any) -> None:
    url = cup_url(cup) + "entries/"
    check(api(director).post(url + "999999/check-in"), 404)
    check(api(director).get(url + f"{2**64}/"), 404)
    other_cup = make_tournament(cup.club, director)
    foreign = enter_guests(other_cup, director, 1)[0]
    check(api(director).post(url + f"{foreign.pk}/withdraw"), 404)


def test_directors_change_rating_household_and_affiliation(
    club: Club, cup: Tournament, director: Any
) -> None:
    entry = enter_guests(cup, director, 1)[0]
    url = cup_url(cup) + f"entries/{entry.pk}/"
    changed = check(
        api(director).patch(url, {"rating": 1700, "household": "Bianchi"}, format="json"), 200
    )
    assert changed["rating"] == 1700 and changed["household"] == "Bianchi"
    check(api(member(club, Role.SCORER)).patch(url, {"rating": 1}, format="json"), 403)
    assert "errors" in check(api(director).patch(url, {}, format="json"), 400)
    answer = check(api(director).patch(url, {"rating": "high"}, format="json"), 400)
    assert "rating" in answer["errors"]
    answer = check(api(director).patch(url, {"status": "withdrawn"}, format="json"), 400)
    assert "status" in answer["errors"]
    entry.refresh_from_db()
    assert entry.rating == 1700 and entry.status == "checked_in"


# ---------------------------------------------------------------------- forbidden pairs


def test_directors_keep_entries_apart(
    club: Club, cup: Tournament, director: Any, stranger_director: Any
) -> None:
    a, b, c = enter_guests(cup, director, 3)
    url = cup_url(cup) + "forbidden/"
    made = check(
        api(director).post(
            url, {"first": b.pk, "second": a.pk, "reason": "spouses"}, format="json"
        ),
        201,
    )
    assert {made["first"]["id"], made["second"]["id"]} == {a.pk, b.pk}
    assert made["reason"] == "spouses"
    assert check(api(director).get(url), 200) == [made]
    for who in (None, member(club, Role.SCORER), stranger_director):
        refused = 403 if who else 401
        check(api(who).get(url), refused)
        check(api(who).post(url, {"first": a.pk, "second": c.pk}, format="json"), refused)
        check(api(who).delete(url + str(made["id"])), refused)
    again = api(director).post(url, {"first": a.pk, "second": b.pk}, format="json")
    assert "already kept apart" in check(again, 409)["detail"]
    answer = check(api(director).post(url, {"first": a.pk, "second": a.pk}, format="json"), 400)
    assert "two different" in answer["detail"]
    answer = check(api(director).post(url, {"first": a.pk, "second": 999999}, format="json"), 400)
    assert answer["field"] == "second"
    assert "first" in check(api(director).post(url, {"second": a.pk}, format="json"), 400)["errors"]
    assert api(director).delete(url + str(made["id"])).status_code == 204
    check(api(director).delete(url + str(made["id"])), 404)
    assert not ForbiddenPair.objects.exists()


# ---------------------------------------------------------------------- service additions


def test_club_player_and_club_team_stay_within_the_club(club: Club, director: Any) -> None:
    other_director = director_of(make_club())
    other = other_director.memberships.get().club
    ours = clubs.add_guest(club, by=director, name="Ours")
    theirs = clubs.add_guest(other, by=other_director, name="Theirs")
    member_player = Player.objects.create(name="Member", user=member(club, Role.PLAYER))
    assert clubs.club_player(club, ours.pk) == ours
    assert clubs.club_player(club, member_player.pk) == member_player
    with pytest.raises(ServiceError, match="no player") as caught:
        clubs.club_player(club, theirs.pk, field="players")
    assert caught.value.details == {"field": "players"}
    partner = clubs.add_guest(other, by=other_director, name="B")
    team = clubs.create_team(other, by=other_director, name="T", players=[theirs, partner])
    with pytest.raises(ServiceError, match="no team"):
        clubs.club_team(club, team.pk)
    assert clubs.club_team(other, team.pk) == team


def test_members_lists_strongest_roles_first_for_directors_only(club: Club, director: Any) -> None:
    member(club, Role.PLAYER, "zed")
    member(club, Role.SCORER, "amy")
    roles = [m.role for m in clubs.members(club, by=director)]
    assert roles == ["owner", "director", "scorer", "player"]
    with pytest.raises(Forbidden):
        clubs.members(club, by=make_user())


def test_register_self_makes_the_player_only_when_the_entry_is_made(
    cup: Tournament, director: Any
) -> None:
    user = make_user("self")
    with pytest.raises(Conflict, match="Entries are closed"):
        tournaments.register_self(cup, by=user)
    assert not Player.objects.filter(user=user).exists()
    tournaments.set_status(cup, by=director, status="open")
    entry = tournaments.register_self(cup, by=user, affiliation="Blue")
    assert entry.player.user == user and entry.affiliation == "Blue" and entry.rating == 0
    with pytest.raises(Forbidden, match="ratings"):
        tournaments.register_self(cup, by=make_user(), rating=5)


def test_settings_objects_holding_nul_characters_are_refused(club: Club, director: Any) -> None:
    """PostgreSQL's jsonb cannot store \\u0000: refused as bad input, not a 500."""
    url = club_url(club) + "tournaments/"
    for scoring in ({"win": "a\x00b"}, {"a\x00": 1}, {"x": [{"y": "\x00"}]}):
        data = {"name": "Nul", "game_type": "german_whist", "scoring": scoring}
        answer = check(api(director).post(url, data, format="json"), 400)
        # A refusal of the content (the schema cannot say it of a free object), in words.
        assert answer["field"] == "scoring" and "NUL" in answer["detail"]
        assert "errors" not in answer
    assert not Tournament.objects.exists()


def test_scoring_that_cannot_score_the_tables_is_refused_by_field(
    club: Club, director: Any
) -> None:
    url = club_url(club) + "tournaments/"
    data = {"name": "Tre", "game_type": "italian_whist", "scoring": {"method": "win_draw_loss"}}
    answer = check(api(director).post(url, data, format="json"), 400)
    assert answer["field"] == "scoring" and "tables where two sides meet" in answer["detail"]
    data = {"name": "Tre", "game_type": "german_whist", "tiebreaks": ["buchholz", "coin"]}
    answer = check(api(director).post(url, data, format="json"), 400)
    assert answer["field"] == "tiebreaks" and "unknown tiebreak 'coin'" in answer["detail"]
    assert not Tournament.objects.exists()
