"""``manage.py verify_store`` (issue 34): on a store as the services leave it, with games
in every phase and a tournament with standings, it finds nothing; each kind of
tampering is reported in words naming the game or tournament, and the command exits 1.

Tampering needs the append-only triggers out of the way: the test database's user is
PostgreSQL's superuser, so it sets ``session_replication_role = replica`` (or drops a
constraint) inside the test's transaction, changes a row, and sets it back; the test's
transaction is rolled back afterwards, as always.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from engine.record import RecordError, check_record
from scoring.models import EntryRoundStanding, GameScore, RoundStandings
from tests.support.factories import games_in_every_phase, published, threes_cup
from tournaments.models import Game, GameEvent
from tournaments.services.games import export_record
from tournaments.services.store_check import numbering_problems

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="class")
def store(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """Games in every phase, a tournament of two rounds with stored standings and one
    whose standings the worker has not computed yet, made
    once for the class in a transaction rolled back after it (each test's own changes
    are rolled back after the test as usual)."""
    with django_db_blocker.unblock(), transaction.atomic():
        if connection.vendor != "postgresql":
            pytest.skip("tampering with the store needs PostgreSQL")
        games = games_in_every_phase()
        _club, _director, cup, _entries = threes_cup(count=6, rounds=2)
        owed = published()  # round 1 published: its standings are owed to the worker
        yield {"games": games, "cup": cup, "owed": owed.round.tournament}
        transaction.set_rollback(True)


def verify(*args: str, language: str = "en") -> tuple[int, str]:
    """The command's exit status and everything it said."""
    out = io.StringIO()
    try:
        call_command("verify_store", *args, "--language", language, stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue() + f"\n{error}"
    return 0, out.getvalue()


@contextlib.contextmanager
def triggers_off() -> Iterator[Any]:
    """A cursor that skips the append-only and seed triggers (superuser only)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        try:
            yield cursor
        finally:
            cursor.execute("SET LOCAL session_replication_role = DEFAULT")


def event_row(game: Game, sequence: int) -> GameEvent:
    return GameEvent.objects.get(game=game, sequence=sequence)


def set_payload(game: Game, sequence: int, payload: dict[str, Any]) -> None:
    with triggers_off() as cursor:
        cursor.execute(
            "UPDATE tournaments_gameevent SET payload = %s::jsonb WHERE game_id = %s "
            "AND sequence = %s",
            [json.dumps(payload), game.pk, sequence],
        )


def problems(said: str) -> list[str]:
    return [line for line in said.splitlines() if line.startswith("PROBLEM")]


@pytest.mark.django_db
@pytest.mark.usefixtures("require_postgres")
class TestVerifyStore:
    def test_a_store_as_the_services_leave_it_is_in_order(self, store):
        status, said = verify()
        assert status == 0, said
        assert problems(said) == []
        assert "Everything checked is in order." in said
        games = Game.objects.count()
        assert f"{games} games checked" in said
        assert "2 tournaments checked: 2 rounds of stored standings compared" in said
        assert "1 tournament's standings are still owed" in said

    def test_it_writes_nothing_even_where_a_final_score_was_never_read(self, store):
        GameScore.objects.all().delete()  # derived rows: the standings would store them
        tables = {
            model: model.objects.count()
            for model in (Game, GameEvent, GameScore, RoundStandings, EntryRoundStanding)
        }
        assert verify()[0] == 0
        assert {model: model.objects.count() for model in tables} == tables

    def test_it_says_how_far_it_got_and_narrows_to_one_game_or_tournament(self, store):
        status, said = verify("--progress-every", "2")
        assert status == 0 and "… 2 of" in said and "… 4 of" in said
        online = store["games"]["online"]
        status, said = verify("--game", str(online.pk))
        assert status == 0 and "1 game checked" in said and "0 tournaments checked" in said
        status, said = verify("--tournament", str(store["cup"].pk))
        tables = Game.objects.filter(table__round__tournament=store["cup"]).count()
        assert status == 0 and f"{tables} games checked" in said and "1 tournament " in said
        assert "still owed" not in said
        status, said = verify("--game", str(online.pk), "--tournament", str(store["cup"].pk))
        assert status == 0 and f"{tables + 1} games checked" in said and "1 tournament " in said
        assert "there is no tournament" in verify("--tournament", "0")[1]

    def test_an_event_the_rules_refuse(self, store):
        game = store["games"]["online"]
        play = next(
            e for e in GameEvent.objects.filter(game=game).order_by("sequence")
            if e.payload["type"] == "play"
        )  # fmt: skip
        set_payload(game, play.sequence, {**play.payload, "seat": (play.payload["seat"] + 1) % 4})
        status, said = verify()
        assert status == 1
        [line] = problems(said)
        assert f"Game {game.pk}" in line
        assert f"event {play.sequence + 1} (play) is refused by the rules" in line
        assert "the store has 1 problem" in said

    def test_a_field_the_rules_do_not_read(self, store):
        game = store["games"]["finished"]
        last = event_row(game, game.version - 1)
        set_payload(game, last.sequence, {**last.payload, "ilegal": True})
        with pytest.raises(RecordError, match="has no field 'ilegal'"):
            check_record(export_record(game))  # `engine check` refuses it too
        [line] = problems(verify()[1])
        assert (
            f"event {last.sequence + 1} ({last.payload['type']}) has fields the rules do not "
            "read: ilegal" in line
        )

    def test_a_deal_the_seed_did_not_make(self, store):
        game = store["games"]["finished"]
        deal = event_row(game, 0)
        deck = list(deal.payload["deck"])
        deck[0], deck[-1] = deck[-1], deck[0]  # still a whole deck: only the seed tells
        set_payload(game, 0, {**deal.payload, "deck": deck})
        said = verify()[1]
        assert any("deal 1 (event 1) is not the deal its seed makes" in p for p in problems(said))

    def test_a_seed_that_does_not_open_its_commitment(self, store):
        game = store["games"]["setup"]
        with triggers_off() as cursor:
            cursor.execute(
                "UPDATE tournaments_game SET seed = %s WHERE id = %s", [bytes(32), game.pk]
            )
        [line] = problems(verify()[1])
        assert f"Game {game.pk}" in line
        assert "its seed does not match the commitment published when it was created" in line

    def test_a_missing_event_a_wrong_version_and_a_wrong_status(self, store):
        game = store["games"]["finished"]
        with triggers_off() as cursor:
            cursor.execute(
                "DELETE FROM tournaments_gameevent WHERE game_id = %s AND sequence = %s",
                [game.pk, game.version - 1],
            )
            cursor.execute(
                "DELETE FROM tournaments_gameevent WHERE game_id = %s AND sequence = 1",
                [game.pk],
            )
        said = "\n".join(problems(verify()[1]))
        assert "event numbers missing (the events run from 1 to" in said
        assert (
            f"its version says it holds {game.version} events, but {game.version - 2} are stored"
            in said
        )
        Game.objects.filter(pk=store["games"]["casual"].pk).update(status=Game.Status.ACTIVE)
        said = "\n".join(problems(verify()[1]))
        casual = store["games"]["casual"]
        assert f"Game {casual.pk}: it is stored as “In play” but the rules say it is over" in said
        Game.objects.filter(pk=casual.pk).update(version=7)
        assert "its version says it holds 7 events, but 1 are stored" in verify()[1]

    def test_an_event_stored_twice(self, store):
        game = store["games"]["online"]
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending check: ALTER may run
            cursor.execute(
                "ALTER TABLE tournaments_gameevent DROP CONSTRAINT event_unique_sequence"
            )
            cursor.execute(
                "INSERT INTO tournaments_gameevent (game_id, sequence, kind, seat, payload, "
                "event_id, created_at) SELECT game_id, sequence, kind, seat, payload, "
                "gen_random_uuid(), created_at FROM tournaments_gameevent "
                "WHERE game_id = %s AND sequence = 2",
                [game.pk],
            )
        said = "\n".join(problems(verify()[1]))
        assert "event numbers stored more than once: 3" in said  # sequence 2, the third

    def test_a_stored_final_score_the_rules_do_not_give(self, store):
        game = store["games"]["casual"]
        GameScore.objects.update_or_create(
            game=game, defaults={"version": game.version, "scores": [5, 8], "side_of": [0, 1]}
        )
        [line] = problems(verify()[1])
        assert f"Game {game.pk}" in line and "its stored final score is 5 – 8" in line

    def test_stored_standings_that_a_recomputation_does_not_give(self, store):
        cup = store["cup"]
        second = RoundStandings.objects.get(tournament=cup, round=2)
        rows = second.rows
        rows[0]["points"] = 99
        RoundStandings.objects.filter(pk=second.pk).update(rows=rows, tables=7)
        EntryRoundStanding.objects.filter(tournament=cup, round=1).update(rank=42)
        said = problems(verify()[1])
        assert len(said) == 3, said
        where = f"Tournament “{cup.name}” (id {cup.pk})"
        assert all(line.startswith(f"PROBLEM: {where}: ") for line in said)
        joined = "\n".join(said)
        assert "round 2: the stored “tables” is 7, a recomputation gives 2" in joined
        assert "“points” is 99, a recomputation gives" in joined
        assert "round 1: entry " in joined and "its own row says" in joined
        assert "rank 42" in joined

    def test_the_report_speaks_italian(self, store):
        game = store["games"]["setup"]
        with triggers_off() as cursor:
            cursor.execute(
                "UPDATE tournaments_game SET seed = %s WHERE id = %s", [bytes(32), game.pk]
            )
        status, said = verify(language="it")
        assert status == 1
        assert "PROBLEMA: Partita" in said and "1 problema" in said


def test_missing_and_repeated_numbers_are_named_then_counted():
    assert numbering_problems(list(range(5))) == []
    repeated, missing = numbering_problems([0, 1, 1, 3, 10**9, 2, 2, 5, 5, 6, 6, 7, 7, 8, 8])
    # People count from 1: the stored sequence 0 is "event 1".
    assert repeated == "event numbers stored more than once: 2, 3, 6, 7, 8 and 1 more"
    assert missing == (
        "event numbers missing (the events run from 1 to 1000000001): "
        "5, 10, 11, 12, 13 and 999999987 more"
    )
