"""Tournament settings are checked by the engine; entries register, check in, withdraw."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.factories import (
    enter_guests,
    make_tournament,
    make_user,
    member,
)
from tournaments.models import Entry, Player, Role, Tournament
from tournaments.services import clubs, rounds, scoring_settings, tournaments
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db


def test_defaults_take_the_games_table_size(club, director):
    cup = make_tournament(club, director, {"game_type": "italian_whist"})
    assert cup.table_sizes == [3]
    assert cup.pairing_method == "swiss" and cup.entry_kind == "individual"
    assert cup.status == "draft" and cup.seed > 0


@pytest.mark.parametrize(
    ("settings", "field", "message"),
    [
        ({"game_type": "poker"}, "game_type", "no game called 'poker'"),
        ({"options": {"deals": 0}}, "options", "deals"),
        ({"options": {"jokers": True}}, "options", "jokers"),
        ({"table_sizes": [3]}, "table_sizes", "played by 2 players, not 3"),
        ({"table_sizes": [2, 2]}, "table_sizes", "twice"),
        ({"entry_kind": "team"}, "entry_kind", "not a partnership game"),
        ({"entry_kind": "couple"}, "entry_kind", "must be one of"),
        ({"pairing_method": "whist_drive"}, "pairing_method", "partnership game"),
        ({"rounds_planned": 0}, "rounds_planned", "from 1 to 99"),
        ({"rounds_planned": "5"}, "rounds_planned", "the number of rounds .* a whole number"),
        ({"colour": "red"}, "colour", "no setting 'colour'"),
        ({"late_entry_score": "lots"}, "late_entry_score", "must be a number"),
        ({"name": "  "}, "name", "needs a name"),
        ({"scoring": {"method": "elo"}}, "scoring", "the points method: unknown method 'elo'"),
        ({"scoring": {"win": "two"}}, "scoring", "the points for a win: must be a number"),
        ({"scoring": {"method": "placement", "win": 3}}, "scoring", "points for a win: not used"),
        ({"tiebreaks": ["buchholz", "coin"]}, "tiebreaks", "tiebreak number 2: unknown tiebreak"),
        ({"tiebreaks": ["lot", "buchholz"]}, "tiebreaks", "'lot' can only come last"),
        (
            {"game_type": "italian_whist", "scoring": {"method": "win_draw_loss"}},
            "scoring",
            "“Win, draw or loss” scores tables where two sides meet, and this tournament seats 3",
        ),
        (
            {
                "game_type": "scopa",
                "table_sizes": [2, 3],
                "scoring": {"method": "placement", "placement_points": {"2": [1, 0]}},
            },
            "scoring",
            "no placement_points for a table of 3",
        ),
    ],
)
def test_bad_settings_are_refused_with_the_field(club, director, settings, field, message):
    with pytest.raises(ServiceError, match=message) as caught:
        make_tournament(club, director, settings)
    assert caught.value.details.get("field") == field
    assert not Tournament.objects.filter(club=club).exists()


def test_partnership_games_take_teams_or_the_whist_drive(club, director):
    with pytest.raises(ServiceError, match="enter fixed teams"):
        make_tournament(club, director, {"game_type": "whist"})
    teams = make_tournament(club, director, {"game_type": "whist", "entry_kind": "team"})
    drive = make_tournament(club, director, {"game_type": "whist", "pairing_method": "whist_drive"})
    assert tournaments.entries_per_table(teams) == [2]
    assert tournaments.entries_per_table(drive) == [4]


def test_mitchell_and_round_robin_need_two_sides(club, director):
    for method in ("mitchell", "round_robin"):
        with pytest.raises(ServiceError, match="two sides"):
            make_tournament(
                club, director, {"game_type": "three_handed_whist", "pairing_method": method}
            )


def test_game_settings_lock_once_a_round_is_published(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    with pytest.raises(Conflict, match="options cannot change"):
        tournaments.update_tournament(cup, by=director, settings={"options": {"deals": 3}})
    updated = tournaments.update_tournament(cup, by=director, settings={"rounds_planned": 7})
    assert updated.rounds_planned == 7


def test_changing_settings_checks_the_merged_settings(club, director):
    cup = make_tournament(club, director)
    with pytest.raises(ServiceError, match="not 3"):
        tournaments.update_tournament(cup, by=director, settings={"table_sizes": [3]})
    # German whist at tables of two: win/draw/loss. A change to tables of three players
    # cannot keep it, and the scoring set for two sides is checked against the new game.
    cup = make_tournament(club, director, {"scoring": {"method": "win_draw_loss", "win": 3}})
    with pytest.raises(ServiceError, match="scores tables where two sides meet") as caught:
        tournaments.update_tournament(
            cup, by=director, settings={"game_type": "italian_whist", "table_sizes": [3]}
        )
    assert caught.value.details.get("field") == "scoring"
    cup.refresh_from_db()
    assert cup.game_type == "german_whist"


def test_the_points_method_defaults_to_the_number_of_sides_at_a_table(club, director):
    def method(settings):
        return scoring_settings.of_tournament(make_tournament(club, director, settings))["points"][
            "method"
        ]

    assert method({}) == "win_draw_loss"  # german whist: two players
    assert method({"game_type": "italian_whist"}) == "placement"
    assert method({"game_type": "scopa", "table_sizes": [2, 3]}) == "placement"
    assert method({"game_type": "whist", "entry_kind": "team"}) == "win_draw_loss"
    assert method({"game_type": "whist", "pairing_method": "whist_drive"}) == "win_draw_loss"
    assert method({"game_type": "italian_whist", "scoring": {"method": "raw_score"}}) == (
        "raw_score"
    )


def test_a_player_registers_themselves_only_while_entries_are_open(club, director):
    cup = make_tournament(club, director)
    user = member(club, Role.PLAYER)
    me = Player.objects.create(name="Me", user=user)
    with pytest.raises(Conflict, match="Entries are closed"):
        tournaments.register(cup, by=user, player=me)
    tournaments.set_status(cup, by=director, status="open")
    entry = tournaments.register(cup, by=user, player=me)
    assert entry.number == 1 and entry.status == Entry.Status.REGISTERED
    other = Player.objects.create(name="Other")
    with pytest.raises(Forbidden, match="enter other players"):
        tournaments.register(cup, by=user, player=other)
    assert tournaments.check_in(entry, by=user).status == Entry.Status.CHECKED_IN


def test_a_player_cannot_be_entered_twice(club, director):
    cup = make_tournament(club, director)
    guest = clubs.add_guest(club, by=director, name="Twice")
    tournaments.register(cup, by=director, player=guest)
    with pytest.raises(Conflict, match="already entered"):
        tournaments.register(cup, by=director, player=guest)


def test_a_player_in_two_teams_cannot_enter_twice(club, director):
    cup = make_tournament(club, director, {"game_type": "whist", "entry_kind": "team"})
    a, b, c = (clubs.add_guest(club, by=director, name=n) for n in "ABC")
    first = clubs.create_team(club, by=director, name="AB", players=[a, b])
    second = clubs.create_team(club, by=director, name="AC", players=[a, c])
    tournaments.register(cup, by=director, team=first)
    with pytest.raises(Conflict, match="already entered"):
        tournaments.register(cup, by=director, team=second)


def test_a_late_entry_joins_the_next_round_with_the_late_score(club, director):
    cup = make_tournament(club, director, {"late_entry_score": 1})
    enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    late = enter_guests(cup, director, 1)[0]
    assert late.joins_round == 2 and late.start_score == Decimal("1.00")
    assert late.pk not in {e.pk for e in rounds.active_entries(cup, 1)}
    assert late.pk in {e.pk for e in rounds.active_entries(cup, 2)}


def test_withdrawal_keeps_the_entry_but_stops_pairing_it(club, director):
    cup = make_tournament(club, director)
    entries = enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    gone = tournaments.withdraw(entries[0], by=director)
    assert gone.withdrawn_after == 1
    round_two = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    seated = {p.entry_id for t in round_two.tables.all() for p in t.places.all()}
    byes = {b.entry_id for b in round_two.byes.all()}
    assert entries[0].pk not in seated | byes
    assert Entry.objects.filter(pk=entries[0].pk).exists()
    with pytest.raises(Conflict, match="already withdrawn"):
        tournaments.withdraw(gone, by=director)


def test_strangers_cannot_check_in_or_withdraw_others(club, director):
    cup = make_tournament(club, director)
    entry = enter_guests(cup, director, 1, check_in=False)[0]
    stranger = make_user()
    with pytest.raises(Forbidden):
        tournaments.check_in(entry, by=stranger)
    with pytest.raises(Forbidden):
        tournaments.withdraw(entry, by=stranger)


def test_forbidden_pairs_are_checked(club, director):
    cup = make_tournament(club, director)
    a, b = enter_guests(cup, director, 2)
    with pytest.raises(ServiceError, match="two different"):
        tournaments.forbid(cup, by=director, first=a, second=a)
    tournaments.forbid(cup, by=director, first=b, second=a, reason="spouses")
    with pytest.raises(Conflict, match="already kept apart"):
        tournaments.forbid(cup, by=director, first=a, second=b)
