"""Pages of the director's evening: the dashboard after logging in, check in all,
several entrants at once, a CSV import (bad lines listed, nothing imported), the
archive/delete/unpublish confirmation steps; and who may use them."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.support.factories import (
    director_of,
    enter_guests,
    make_club,
    make_user,
    member,
    published,
)
from tests.support.sheets import cid
from tournaments.models import Entry, Player, Role, Round, Tournament
from tournaments.services import clubs, rounds, sheets, tournaments

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


def url(cup, suffix: str = "") -> str:
    return f"/clubs/{cup.club.slug}/t/{cup.slug}/{suffix}"


def html(response) -> str:
    return response.content.decode()


# ---------------------------------------------------------------------- dashboard


def test_logging_in_lands_on_the_dashboard(client):
    user = make_user("dora")
    response = client.post("/accounts/login/", {"username": "dora", "password": "pw-dora"})
    assert response.status_code == 302 and response["Location"] == "/dashboard/"
    page = html(client.get("/dashboard/"))
    assert "Your games" in page and "Your clubs" not in page
    assert user.is_authenticated


def test_the_dashboard_shows_the_directors_evening(client):
    setup = published("italian_whist", 9, rounds_planned=3)
    cup = setup.round.tournament
    tournaments.set_status(cup, by=setup.director, status="running")
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0, 1), cid())
    sheets.submit(setup.table(2), 1, IW_A, setup.seat(0, 2), cid())
    sheets.submit(setup.table(2), 1, IW_B, setup.seat(1, 2), cid())
    late = clubs.add_guest(setup.club, by=setup.director, name="Late Larry")
    tournaments.register(cup, by=setup.director, player=late)
    client.force_login(setup.director)
    page = html(client.get("/dashboard/"))
    assert "Your clubs" in page and setup.club.name in page and cup.name in page
    assert "Round 1" in page and url(cup, "rounds/1/control") in page
    assert "<dt>Disputed</dt><dd>1</dd>" in page and "<dt>Waiting</dt><dd>1</dd>" in page
    assert "Disputes to rule" in page and "Rule deal 1" in page and "/s/" in page
    assert "1 entrant to check in:" in page and "Late Larry" in page
    # A player seated there sees their own tournament and table instead.
    client.force_login(setup.seat(0, 2))
    page = html(client.get("/dashboard/"))
    assert "Your clubs" not in page and "Disputes to rule" not in page
    assert cup.name in page and "round 1: table 2" in page


def test_the_dashboard_needs_a_login(client):
    response = client.get("/dashboard/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_another_clubs_evening_is_not_shown(client):
    setup = published("italian_whist", 3)
    client.force_login(director_of(make_club()))
    assert setup.round.tournament.name not in html(client.get("/dashboard/"))


# ---------------------------------------------------------------------- entries page


@pytest.fixture
def draft_cup(club, director):
    from tests.support.factories import make_tournament

    return make_tournament(club, director, {"name": "Spring Cup"})


def test_check_in_all_button(client, draft_cup, director):
    enter_guests(draft_cup, director, 3, check_in=False)
    client.force_login(director)
    page = html(client.get(url(draft_cup, "entries")))
    assert "Check in all 3 entrants not here yet" in page
    response = client.post(url(draft_cup, "entries/check-in-all"))
    assert response.status_code == 302
    assert draft_cup.entries.filter(status=Entry.Status.CHECKED_IN).count() == 3
    assert "Check in all" not in html(client.get(url(draft_cup, "entries")))


def test_check_in_all_refused_to_a_player(client, club, draft_cup, director):
    enter_guests(draft_cup, director, 1, check_in=False)
    client.force_login(member(club, Role.PLAYER))
    assert client.post(url(draft_cup, "entries/check-in-all")).status_code == 403
    assert draft_cup.entries.filter(status=Entry.Status.CHECKED_IN).count() == 0


def test_several_at_once_from_the_checklist_and_names(client, club, draft_cup, director):
    ada = clubs.add_guest(club, by=director, name="Ada")
    clubs.add_guest(club, by=director, name="Bea")
    client.force_login(director)
    page = html(client.get(url(draft_cup, "entries")))
    assert 'name="several-players"' in page and 'name="several-guests"' in page
    data = {"several-players": [str(ada.pk)], "several-guests": "Cris\n\nDino\n"}
    assert client.post(url(draft_cup, "entries/add-several"), data).status_code == 302
    assert [e.name for e in draft_cup.entries.all()] == ["Ada", "Cris", "Dino"]
    # Ada again (not in the checklist any more: the form refuses it, nothing changes).
    refused = client.post(url(draft_cup, "entries/add-several"), {"several-players": [str(ada.pk)]})
    assert refused.status_code == 400 and draft_cup.entries.count() == 3
    empty = client.post(url(draft_cup, "entries/add-several"), {"several-guests": " \n "})
    assert empty.status_code == 400
    assert "Tick at least one club player" in html(empty) and "field-error" in html(empty)


def test_csv_import_one_bad_line_lists_it_and_imports_nothing(client, draft_cup, director):
    client.force_login(director)
    bad = SimpleUploadedFile("entrants.csv", b"name;rating\nAda;1500\nBea;12x\nCris;1300\n")
    response = client.post(url(draft_cup, "entries/import"), {"csv-file": bad})
    assert response.status_code == 400
    page = html(response)
    assert "Nothing was imported: fix the lines listed below" in page
    assert "<strong>Line 3</strong>: the rating “12x” is not a whole number" in page
    assert draft_cup.entries.count() == 0 and not Player.objects.filter(name="Ada").exists()
    good = SimpleUploadedFile("entrants.csv", b"name;rating\nAda;1500\nBea;1200\n")
    assert client.post(url(draft_cup, "entries/import"), {"csv-file": good}).status_code == 302
    assert [(e.name, e.rating) for e in draft_cup.entries.all()] == [("Ada", 1500), ("Bea", 1200)]


def test_csv_import_refused_to_another_clubs_director(client, draft_cup):
    client.force_login(director_of(make_club()))
    upload = SimpleUploadedFile("e.csv", b"name\nAda\n")
    assert client.post(url(draft_cup, "entries/import"), {"csv-file": upload}).status_code == 403
    assert draft_cup.entries.count() == 0


# ---------------------------------------------------------------------- undo steps


def test_archive_asks_first_then_hides_the_tournament(client, club, draft_cup, director):
    tournaments.set_status(draft_cup, by=director, status="open")
    client.force_login(director)
    page = html(client.get(url(draft_cup, "archive")))
    assert "Archive Spring Cup?" in page and "Archive it" in page
    assert Tournament.objects.get(pk=draft_cup.pk).archived_at is None  # asking changes nothing
    assert client.post(url(draft_cup, "archive")).status_code == 302
    client.get(url(draft_cup))  # (the "archived" message is shown once)
    assert "1 archived tournament" in html(client.get(f"/clubs/{club.slug}/"))
    client.logout()
    assert "Archived on" in html(client.get(url(draft_cup)))  # still reachable by its address
    client.force_login(make_user())
    assert "Enter this tournament" not in html(client.get(url(draft_cup)))  # read-only
    client.logout()
    assert "Spring Cup" not in html(client.get(f"/clubs/{club.slug}/"))


def test_delete_asks_first_and_is_refused_in_words_with_results(client):
    setup = published("italian_whist", 3)
    cup = setup.round.tournament
    client.force_login(setup.director)
    assert "Delete it for good" in html(client.get(url(cup, "delete")))
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    page = html(client.get(url(cup, "delete")))
    assert "cannot be deleted: its games have results. Archive it instead." in page
    assert "Delete it for good" not in page
    response = client.post(url(cup, "delete"))
    assert response.status_code == 409 and Tournament.objects.filter(pk=cup.pk).exists()


def test_delete_a_tournament_without_results(client, club, draft_cup, director):
    client.force_login(director)
    response = client.post(url(draft_cup, "delete"))
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/"
    assert not Tournament.objects.filter(pk=draft_cup.pk).exists()


def test_unpublish_asks_first_then_makes_a_draft(client, club, draft_cup, director):
    enter_guests(draft_cup, director, 4)
    rounds.publish(rounds.pair_next_round(draft_cup, by=director), by=director)
    client.force_login(member(club, Role.SCORER))
    assert client.post(url(draft_cup, "rounds/1/unpublish")).status_code == 403
    client.force_login(director)
    control = html(client.get(url(draft_cup, "rounds/1/control")))
    assert url(draft_cup, "rounds/1/unpublish") in control
    assert "Unpublish round 1?" in html(client.get(url(draft_cup, "rounds/1/unpublish")))
    response = client.post(url(draft_cup, "rounds/1/unpublish"), {"undo-reason": "wrong field"})
    assert response.status_code == 302
    assert draft_cup.rounds.get(number=1).status == Round.Status.DRAFT


def test_unpublish_refused_in_words_once_begun(client):
    setup = published("italian_whist", 3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    cup = setup.round.tournament
    client.force_login(setup.director)
    response = client.post(url(cup, "rounds/1/unpublish"))
    assert response.status_code == 409
    assert "Table 1 has begun playing" in html(response)


def test_a_scorer_sees_the_evening_but_no_director_links(client):
    setup = published("italian_whist", 3)
    cup = setup.round.tournament
    tournaments.set_status(cup, by=setup.director, status="running")
    client.force_login(member(setup.club, Role.SCORER))
    page = html(client.get("/dashboard/"))
    assert cup.name in page and "scorer" in page
    assert url(cup, "rounds/1/") in page and url(cup, "rounds/1/control") not in page
    assert "New tournament" not in page


def test_tournaments_today_follow_their_date_on_the_clubs_clock():
    """Dated tournaments are 'today' on their club's own calendar; undated open ones and
    running ones always show; finished, archived and other days' ones do not."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from tournaments.services.dashboard import tournaments_today

    club = make_club()
    club.time_zone = "Pacific/Auckland"  # far from UTC: its "today" is often UTC's tomorrow
    club.save()
    director = director_of(club)
    today = timezone.localdate(timezone=ZoneInfo("Pacific/Auckland"))

    def cup(name, **fields):
        t = tournaments.create_tournament(
            club, by=director, settings={"name": name, "game_type": "german_whist"}
        )
        Tournament.objects.filter(pk=t.pk).update(**fields)
        return name

    shown = {
        cup("Dated today", starts_on=today),
        cup("Undated and open", status="open"),
        cup("Running, dated last week", status="running", starts_on=today - dt.timedelta(7)),
    }
    cup("Next week", status="open", starts_on=today + dt.timedelta(7))
    cup("Yesterday's", starts_on=today - dt.timedelta(1))
    cup("Finished today", status="finished", starts_on=today)
    cup("Archived", starts_on=today, archived_at=timezone.now())
    assert {t.name for t in tournaments_today([club])} == shown


def test_an_undated_draft_set_up_today_is_today_on_the_clubs_clock():
    """Set up a minute after the club's midnight (the day before, in UTC): today."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from tournaments.services.dashboard import tournaments_today

    club = make_club()
    club.time_zone = "Pacific/Auckland"
    club.save()
    director = director_of(club)
    zone = ZoneInfo("Pacific/Auckland")
    midnight = dt.datetime.combine(timezone.localdate(timezone=zone), dt.time.min, tzinfo=zone)

    def draft(name, created_at):
        t = tournaments.create_tournament(
            club, by=director, settings={"name": name, "game_type": "german_whist"}
        )
        Tournament.objects.filter(pk=t.pk).update(created_at=created_at)

    draft("Just after midnight", midnight + dt.timedelta(minutes=1))
    draft("Just before midnight", midnight - dt.timedelta(minutes=1))
    with timezone.override(dt.UTC):  # whatever the page's zone
        assert {t.name for t in tournaments_today([club])} == {"Just after midnight"}
