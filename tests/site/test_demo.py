"""The demo data ./bin/serve loads: idempotent, DEBUG only, and every game opens."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client, override_settings

from tournaments.models import Club, Game, Player, Role
from tournaments.services import access
from tournaments.services.demo import DEMO_GAMES, DEMO_PASSWORD, demo_game_id
from tournaments.services.demo_club import CLUB_SLUG, THURSDAY_SLUG


@pytest.fixture(scope="class")
def loaded_demo(django_db_setup, django_db_blocker):
    """The demo loaded twice (load_demo must be idempotent), once for all the tests of a
    class, in a transaction rolled back after them; each test's own writes are rolled
    back after it as usual. Yields the number of games and players after the first load.
    (load_demo plays a whole club evening: loading it twice in each test took most of
    this module's 45 s.)"""
    with django_db_blocker.unblock(), override_settings(DEBUG=True), transaction.atomic():
        call_command("load_demo")
        counts = Game.objects.count(), Player.objects.count()
        call_command("load_demo")
        yield counts
        transaction.set_rollback(True)


@pytest.mark.django_db
class TestTheLoadedDemo:
    """Tests that read (and may change) the demo as load_demo leaves it: loaded twice,
    idempotent, so the tests' own third load changes nothing."""

    def test_load_demo_is_idempotent_and_every_demo_page_opens(self, settings, loaded_demo):
        settings.DEBUG = True
        games, players = loaded_demo  # after the first load; the fixture loads it twice
        assert (Game.objects.count(), Player.objects.count()) == (games, players)
        demo_ids = [demo_game_id(index) for index in range(len(DEMO_GAMES))]
        assert Game.objects.filter(pk__in=demo_ids).count() == len(DEMO_GAMES)

        client = Client()
        assert client.login(username="alice", password=DEMO_PASSWORD)
        for index in range(len(DEMO_GAMES)):
            game = Game.objects.get(pk=demo_game_id(index))
            assert client.get(f"/games/{game.pk}/").status_code == 200
            assert client.get(f"/games/{game.pk}/seat/0/").status_code == 200  # alice sits at 0
        statuses = set(Game.objects.filter(pk__in=demo_ids).values_list("status", flat=True))
        assert statuses == {Game.Status.ACTIVE, Game.Status.FINISHED}

    def test_the_demo_club_runs_a_tournament_and_takes_team_entries(self, settings, loaded_demo):
        settings.DEBUG = True
        club = Club.objects.get(slug=CLUB_SLUG)
        assert club.tournaments.count() == 2
        thursday = club.tournaments.get(game_type="italian_whist")
        first = thursday.rounds.get(number=1)
        assert first.is_published
        # 11 of 12 entries checked in: three tables of three and two byes.
        assert first.tables.count() == 3 and first.byes.count() == 2
        assert all(table.game.players == 3 for table in first.tables.all())
        sunday = club.tournaments.get(game_type="whist")
        assert sunday.status == "open" and sunday.entries.filter(team__isnull=False).count() == 4
        director = get_user_model().objects.get(username="director")
        assert access.role_in(director, club) == Role.OWNER

    def test_the_demo_clubs_ratings_are_computed_so_its_ladder_is_not_empty(
        self, settings, loaded_demo
    ):
        from scoring.rating_models import Rating, RatingScope

        club = Club.objects.get(slug=CLUB_SLUG)
        scope = RatingScope.objects.get(club=club, game_type="italian_whist")
        # Rounds 1 and 2 (three tables each) and the finished table of round 3.
        assert scope.rated_games == 7
        assert Rating.objects.filter(scope=scope).count() >= 9
        assert RatingScope.objects.filter(club__isnull=True, game_type="whist").exists()

    def test_the_demo_club_has_a_season_whose_table_is_not_empty(self, settings, loaded_demo):
        settings.DEBUG = True
        club = Club.objects.get(slug=CLUB_SLUG)
        assert club.seasons.count() == 1  # loaded twice, made once
        season = club.seasons.get()
        page = Client().get(f"/clubs/{CLUB_SLUG}/seasons/{season.slug}/")
        assert page.status_code == 200
        text = page.content.decode()
        assert "Elena Conti" in text and "Thursday Italian Whist" in text
        assert season.slug in Client().get(f"/clubs/{CLUB_SLUG}/").content.decode()

    def test_the_demo_italian_whist_is_in_its_third_round_with_standings(
        self, settings, loaded_demo
    ):
        from scoring.models import RoundStandings
        from tournaments.services import sheets
        from tournaments.web.sheet_pages import sheet_path

        settings.DEBUG = True
        thursday = Club.objects.get(slug=CLUB_SLUG).tournaments.get(game_type="italian_whist")
        numbers = thursday.rounds.values_list("number", flat=True).order_by("number")
        assert list(numbers) == [1, 2, 3]
        assert all(r.is_published for r in thursday.rounds.all())

        def statuses(number):
            round_ = thursday.rounds.get(number=number)
            return {t.number: sheets.build_state(t) for t in round_.tables.order_by("number")}

        for number in (1, 2):  # complete: every game over, every deal counted from the sheet
            for state in statuses(number).values():
                assert state["over"] and state["game_status"] == "finished"
                assert state["deals"] and {d["status"] for d in state["deals"]} == {"counted"}
        third = statuses(3)
        finished = [n for n, s in third.items() if s["over"]]
        disputed = [n for n, s in third.items() if s["disputed"]]
        pending = [n for n, s in third.items() if any(d["status"] == "pending" for d in s["deals"])]
        assert len(finished) == 1 and len(disputed) == 1 and len(pending) == 1
        assert len({*finished, *disputed, *pending}) == 3
        assert third[disputed[0]]["deals"][0]["differs"]  # the fields that differ are named

        stored = {s.round: s for s in RoundStandings.objects.filter(tournament=thursday)}
        assert sorted(stored) == [1, 2, 3]
        assert not stored[1].provisional and not stored[2].provisional and stored[3].provisional
        assert sum(row["points"] not in (0, "0") for row in stored[2].rows) >= 6

        # Every page of the story opens, for anyone and for a player at the disputed table.
        base = f"/clubs/{CLUB_SLUG}/t/{thursday.slug}/"
        entry = thursday.entries.get(player__user__username="alice")
        client = Client()
        pages = ["/clubs/", f"/clubs/{CLUB_SLUG}/", base, base + "standings/",
                 base + "standings/?round=1", base + "standings.csv", base + "standings.json",
                 base + f"players/{entry.pk}/", base + "rounds/1/", base + "rounds/3/"]  # fmt: skip
        for path in pages:
            assert client.get(path).status_code == 200, path
        alice_table = next(
            t for t in thursday.rounds.get(number=3).tables.all()
            if t.places.filter(entry=entry).exists()
        )  # fmt: skip
        assert alice_table.number == disputed[0]
        assert client.login(username="alice", password=DEMO_PASSWORD)
        page = client.get(sheet_path(alice_table))
        assert page.status_code == 200 and b"disputed" in page.content.lower()
        assert client.login(username="director", password=DEMO_PASSWORD)
        assert client.get(base + "rounds/3/control").status_code == 200
        assert client.get(base + "rounds/3/sheets.pdf").status_code == 200

    def test_load_demo_survives_the_club_gaining_another_italian_whist(self, settings, loaded_demo):
        """A director's second Italian Whist in the demo club once made load_demo raise
        MultipleObjectsReturned, so ./bin/serve no longer started."""
        from tournaments.services import tournaments

        settings.DEBUG = True
        club = Club.objects.get(slug=CLUB_SLUG)
        director = get_user_model().objects.get(username="director")
        tournaments.create_tournament(
            club,
            by=director,
            settings={"name": "Friday Italian Whist", "game_type": "italian_whist"},
        )
        thursday = club.tournaments.get(slug=THURSDAY_SLUG)
        tournaments.update_tournament(thursday, by=director, settings={"name": "Giovedì"})
        games = Game.objects.count()
        out = io.StringIO()
        call_command("load_demo", stdout=out)
        assert Game.objects.count() == games  # nothing made twice, nothing lost
        assert "Friday Italian Whist" in out.getvalue() and "Giovedì, round 3" in out.getvalue()


@pytest.mark.django_db
def test_load_demo_refuses_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only with DEBUG"):
        call_command("load_demo")
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_load_demo_starts_the_server_even_when_the_story_cannot_be_played(settings, monkeypatch):
    """The scripted evening may not fit what a director did since; the rest still loads."""
    from tournaments.services import demo_club

    def refuse(*args, **kwargs):
        raise RuntimeError("round 3 cannot be paired")

    settings.DEBUG = True
    monkeypatch.setattr(demo_club, "load_demo_results", refuse)
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "results were not loaded: round 3 cannot be paired" in out.getvalue()
    assert Club.objects.filter(slug=CLUB_SLUG).exists()
