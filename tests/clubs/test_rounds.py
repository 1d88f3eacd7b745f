"""Rounds: pair → preview → edit → publish → games in the event store → corrections."""

from __future__ import annotations

import uuid

import pytest
from django.db import DatabaseError, transaction

from tests.support.factories import enter_guests, make_tournament, make_user
from tournaments.models import Game, RoundCorrection, Seat, Tournament
from tournaments.services import clubs, rounds, tournaments
from tournaments.services.access import can_manage
from tournaments.services.errors import Conflict, Forbidden, ServiceError
from tournaments.services.game_store import append_event

pytestmark = pytest.mark.django_db


def seating(round_):
    return [[p.entry_id for p in t.places.all()] for t in round_.tables.all()]


def test_round_one_seeds_by_rating_and_gives_byes(club, director):
    cup = make_tournament(club, director)
    entries = enter_guests(cup, director, 5)
    draft = rounds.pair_next_round(cup, by=director)
    assert draft.number == 1 and not draft.is_published
    assert len(seating(draft)) == 2
    byes = [b.entry_id for b in draft.byes.all()]
    # Everyone has 0 points and no byes: the bye goes to the lowest seed.
    assert byes == [entries[-1].pk]
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.RUNNING


def test_only_checked_in_entries_are_paired(club, director):
    cup = make_tournament(club, director)
    present = enter_guests(cup, director, 4)
    enter_guests(cup, director, 2, check_in=False)
    draft = rounds.pair_next_round(cup, by=director)
    seated = {e for table in seating(draft) for e in table}
    assert seated == {e.pk for e in present}


def test_nobody_checked_in_is_a_clear_conflict(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4, check_in=False)
    with pytest.raises(Conflict, match="check entries in"):
        rounds.pair_next_round(cup, by=director)


def test_repairing_a_draft_replaces_it(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    first = rounds.pair_next_round(cup, by=director)
    second = rounds.pair_next_round(cup, by=director)
    assert second.number == 1
    assert cup.rounds.count() == 1 and first.pk != second.pk


def test_swap_edits_a_draft_and_preview_shows_the_consequences(club, director):
    cup = make_tournament(club, director)
    entries = enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    draft = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    assert rounds.preview(draft).rematches == 0
    (a, b), (c, d) = seating(draft)
    rounds.swap(draft, by=director, first=b, second=c)
    after = seating(draft)
    assert after == [[a, c], [b, d]]
    shown = rounds.preview(draft)
    # The swap re-creates round 1's tables: both are rematches now.
    assert shown.rematches == 2
    assert all(table.rematches for table in shown.tables)
    assert {e.pk for e in entries} == {s.entry.pk for t in shown.tables for s in t.seated}


def test_swap_with_a_bye(club, director):
    cup = make_tournament(club, director)
    entries = enter_guests(cup, director, 3)
    draft = rounds.pair_next_round(cup, by=director)
    bye = draft.byes.get().entry_id
    seated = seating(draft)[0][0]
    rounds.swap(draft, by=director, first=bye, second=seated)
    assert draft.byes.get().entry_id == seated
    assert bye in seating(draft)[0]
    assert len(entries) == 3


def test_swap_refuses_bad_entries(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    draft = rounds.pair_next_round(cup, by=director)
    a = seating(draft)[0][0]
    with pytest.raises(ServiceError, match="two different"):
        rounds.swap(draft, by=director, first=a, second=a)
    with pytest.raises(ServiceError, match="not in round 1"):
        rounds.swap(draft, by=director, first=a, second=999999)


def test_publish_gives_each_table_a_seated_started_game(club, director):
    cup = make_tournament(club, director, {"options": {"deals": 2}})
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    assert published.is_published and published.published_by == director
    for table in published.tables.all():
        game = table.game
        assert game.game_type == "german_whist" and game.options == {"deals": 2}
        assert game.mode == Game.Mode.PHYSICAL and game.status == Game.Status.ACTIVE
        players = [s.player_id for s in Seat.objects.filter(game=game).order_by("number")]
        assert players == [p.entry.player_id for p in table.places.all()]
        assert can_manage(director, game)


def test_a_published_round_is_not_edited_directly(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    a, b = seating(published)[0][0], seating(published)[1][0]
    with pytest.raises(Conflict, match="correction"):
        rounds.swap(published, by=director, first=a, second=b)
    with pytest.raises(Conflict, match="correction"):
        rounds.publish(published, by=director)


def test_round_two_avoids_round_one_opponents(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 6)
    one = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    met = {frozenset(t) for t in seating(one)}
    two = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    assert not met & {frozenset(t) for t in seating(two)}


def test_forbidden_and_household_pairs_are_kept_apart(club, director):
    cup = make_tournament(club, director)
    entries = enter_guests(cup, director, 4)
    # By rating the top two would meet (1v2, 3v4) in a Swiss; forbid it.
    tournaments.forbid(cup, by=director, first=entries[0], second=entries[1])
    tournaments.update_entry(entries[2], by=director, household="Rossi")
    tournaments.update_entry(entries[3], by=director, household="rossi")
    tables = {frozenset(t) for t in seating(rounds.pair_next_round(cup, by=director))}
    assert frozenset((entries[0].pk, entries[1].pk)) not in tables
    assert frozenset((entries[2].pk, entries[3].pk)) not in tables


def test_team_entries_sit_at_alternate_seats(club, director):
    cup = make_tournament(club, director, {"game_type": "whist", "entry_kind": "team"})
    players = [clubs.add_guest(club, by=director, name=f"P{n}") for n in range(4)]
    north_south = clubs.create_team(club, by=director, name="NS", players=players[:2])
    east_west = clubs.create_team(club, by=director, name="EW", players=players[2:])
    for team in (north_south, east_west):
        tournaments.check_in(tournaments.register(cup, by=director, team=team), by=director)
    table = rounds.publish(rounds.pair_next_round(cup, by=director), by=director).tables.get()
    sides = [p.entry.team for p in table.places.all()]
    seats = list(Seat.objects.filter(game=table.game).order_by("number"))
    for seat in seats:
        assert seat.player in sides[seat.number % 2].players_in_order()
    assert [s.player for s in seats[0::2]] == sides[0].players_in_order()


def test_a_whist_drive_seats_four_individuals(club, director):
    cup = make_tournament(club, director, {"game_type": "whist", "pairing_method": "whist_drive"})
    enter_guests(cup, director, 8)
    one = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    partners = set()
    for table in one.tables.all():
        ids = [p.entry_id for p in table.places.all()]
        partners |= {frozenset((ids[0], ids[2])), frozenset((ids[1], ids[3]))}
        assert table.game.players == 4
    two = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    for ids in seating(two):
        assert frozenset((ids[0], ids[2])) not in partners
        assert frozenset((ids[1], ids[3])) not in partners


def test_a_correction_reseats_unbegun_tables_and_is_recorded(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    old_games = [t.game_id for t in published.tables.all()]
    (a, b), (c, d) = seating(published)
    with pytest.raises(ServiceError, match="needs a reason"):
        rounds.correct(published, by=director, first=b, second=c, reason=" ")
    fix = rounds.correct(published, by=director, first=b, second=c, reason="wrong tables")
    assert seating(published) == [[a, c], [b, d]]
    assert fix.change["swap"] == [b, c] and set(fix.change["tables"]) == {"1", "2"}
    assert set(Game.objects.filter(pk__in=old_games).values_list("status", flat=True)) == {"void"}
    for table in published.tables.all():
        assert table.game_id not in old_games
        assert [s.player_id for s in table.game.seats.order_by("number")] == [
            p.entry.player_id for p in table.places.all()
        ]


def test_a_correction_is_refused_once_the_table_has_begun(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    table = published.tables.first()
    tally = {"type": "tally", "tricks": [7, 6]}
    append_event(table.game_id, tally, event_id=uuid.uuid4(), expected_version=0)
    (a, b), (c, _) = seating(published)
    with pytest.raises(Conflict, match="has begun"):
        rounds.correct(published, by=director, first=b, second=c, reason="late")
    assert seating(published)[0] == [a, b]
    assert not RoundCorrection.objects.exists()


def test_corrections_are_append_only_in_the_database(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    (_, b), (c, _) = seating(published)
    fix = rounds.correct(published, by=director, first=b, second=c, reason="swap")
    with pytest.raises(DatabaseError), transaction.atomic():
        RoundCorrection.objects.filter(pk=fix.pk).update(reason="edited")
    with pytest.raises(DatabaseError), transaction.atomic():
        RoundCorrection.objects.filter(pk=fix.pk).delete()
    assert RoundCorrection.objects.get(pk=fix.pk).reason == "swap"


def test_only_directors_pair_and_publish(club, director):
    cup = make_tournament(club, director)
    enter_guests(cup, director, 4)
    outsider = make_user()
    with pytest.raises(Forbidden):
        rounds.pair_next_round(cup, by=outsider)
    draft = rounds.pair_next_round(cup, by=director)
    with pytest.raises(Forbidden):
        rounds.publish(draft, by=outsider)
    assert not draft.tables.filter(game__isnull=False).exists()


def test_no_more_rounds_than_planned(club, director):
    cup = make_tournament(club, director, {"rounds_planned": 1})
    enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    with pytest.raises(Conflict, match="all 1 rounds"):
        rounds.pair_next_round(cup, by=director)
