"""The setup form with no JSON (every field, the edit round trip), a tournament's
details on the club's clock, the club's time zone, and players entering themselves
from the tournament page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils.html import escape

import engine
from scoring.legend import tiebreak_info
from scoring.standings import TIEBREAK_NAMES
from tests.support.factories import enter_guests, make_tournament, make_user, member
from tournaments.models import Entry, Role, Round, Tournament
from tournaments.services import clubs
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service
from tournaments.web.option_labels import label_of

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def url(cup: Tournament, suffix: str = "") -> str:
    return f"/clubs/{cup.club.slug}/t/{cup.slug}/{suffix}"


FULL = {
    "name": "Trio Night",
    "slug": "trio",
    "status": "open",
    "starts_on": "2026-12-05",
    "start_time": "20:30",
    "venue": "Sala Verdi, via Roma 3",
    "description": "Prizes for the first three.",
    "entry_limit": "24",
    "registration_open": "on",
    "self_entry": "on",
    "game_type": "scopa",
    "table_sizes": "4,3",
    "option_target": "16",
    "option_refill": "each_play",
    "option_last_sweep_counts": "on",
    "mode": "physical",
    "entry_kind": "individual",
    "rounds_planned": "6",
    "pairing_method": "swiss",
    "first_round": "draw",
    "group_size": "",
    "late_entry_score": "1.5",
    "avoid_same_household": "on",
    "points_method": "placement",
    "placement_points": "4: 3, 2, 1, 0; 3: 3, 1.5, 0",
    "win": "7",  # another method's number: not kept
    "bye_points": "2",
    "tiebreak_1": "direct_encounter",
    "tiebreak_2": "buchholz",
    "tiebreak_3": "",
    "tiebreak_4": "lot",
}


def test_the_form_has_no_json_and_labels_every_choice(client, club, director):
    client.force_login(director)
    page = html(client.get(f"/clubs/{club.slug}/t/new"))
    assert "JSON" not in page and "<textarea" in page  # only the description
    assert 'name="scoring"' not in page and 'name="tiebreaks"' not in page
    assert "Win, draw or loss" in page and "By place at the table" in page
    for name in TIEBREAK_NAMES:  # every valid tiebreak, each with its meaning
        assert f'<option value="{name}"' in page
    assert "Buchholz cut-1" in page and escape(tiebreak_info("buchholz").meaning) in page
    assert page.count('name="tiebreak_') == 6
    scopa = html(client.get(f"/clubs/{club.slug}/t/game-fields", {"game_type": "scopa"}))
    assert "Draw a card from the stock after each play" in scopa  # not "each_play"
    refill = engine.game_class("scopa").option_spec["refill"]
    assert ">each_play<" not in scopa and str(label_of("scopa", refill)[0]) in scopa
    assert "4 at a table, some tables of 3 when the numbers need it" in scopa
    briscola = html(client.get(f"/clubs/{club.slug}/t/game-fields", {"game_type": "briscola"}))
    removed = engine.game_class("briscola").option_spec["removed_card"]
    assert "the two of hearts" in briscola and str(label_of("briscola", removed)[0]) in briscola


def test_every_field_is_saved_and_shown_again_on_edit(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/t/new", FULL)
    assert response.status_code == 302, html(response)
    t = Tournament.objects.get(slug="trio")
    assert t.game_type == "scopa" and t.table_sizes == [4, 3]
    assert t.options == {
        "target": 16,
        "last_sweep_counts": True,
        "primiera_needs_all_suits": False,
        "refill": "each_play",
    }
    assert t.scoring == {
        "method": "placement",
        "placement_points": {"4": [3, 2, 1, 0], "3": [3, 1.5, 0]},
        "bye_points": 2,
    }
    assert t.tiebreaks == ["direct_encounter", "buchholz", "lot"]
    assert t.starts_on == dt.date(2026, 12, 5) and t.start_time == dt.time(20, 30)
    assert t.venue == "Sala Verdi, via Roma 3" and t.entry_limit == 24
    assert t.registration_open and t.self_entry and t.first_round == "draw"
    assert str(t.late_entry_score) == "1.50" and t.rounds_planned == 6
    page = html(client.get(url(t, "setup")))
    assert 'value="2026-12-05"' in page and 'value="20:30"' in page
    assert 'value="4: 3, 2, 1, 0; 3: 3, 1.5, 0"' in page
    assert '<option value="placement" selected>' in page
    assert '<option value="4,3" selected>' in page
    assert '<option value="each_play" selected>' in page
    # Saving the edit form unchanged changes nothing.
    data = {k: v for k, v in FULL.items() if k not in ("slug", "win")}
    data["tiebreak_3"], data["tiebreak_4"] = "lot", ""
    assert client.post(url(t, "setup"), data).status_code == 302
    t.refresh_from_db()
    assert t.tiebreaks == ["direct_encounter", "buchholz", "lot"]
    assert t.scoring["placement_points"] == {"4": [3, 2, 1, 0], "3": [3, 1.5, 0]}


def test_a_refused_edit_keeps_what_was_typed_and_saves_nothing(client, club, director, cup):
    client.force_login(director)
    data = {k: v for k, v in FULL.items() if k != "slug"}
    data.update(game_type="german_whist", table_sizes="2", option_deals="1")
    data.update(points_method="placement")
    data.update(placement_points="1", venue="Typed venue")
    response = client.post(url(cup, "setup"), data)
    assert response.status_code == 400
    page = html(response)
    block = page.split('name="placement_points"', 1)[1].split('<div class="field', 1)[0]
    assert "a table of 2 needs 2" in block and 'class="field-error"' in block
    assert 'value="Typed venue"' in page
    cup.refresh_from_db()
    assert cup.venue == "" and cup.scoring == {}


# ---------------------------------------------------------------------- details and time


def test_details_are_shown_on_the_club_clock(client, club, director, cup):
    tournament_service.update_tournament(
        cup,
        by=director,
        settings={"starts_on": "2026-12-05", "start_time": "20:30", "venue": "Sala Verdi"},
    )
    tournament_service.update_tournament(cup, by=director, settings={"entry_limit": 24})
    enter_guests(cup, director, 4)
    published = round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    # Published at 18:30 UTC on a summer day: 20:30 in Rome.
    Round.objects.filter(pk=published.pk).update(
        published_at=dt.datetime(2026, 7, 1, 18, 30, tzinfo=dt.UTC)
    )
    page = html(client.get(url(cup)))
    assert "Saturday 5 December 2026, 20:30" in page and "Sala Verdi" in page
    assert "Entries: 4 of 24" in page
    assert "1 Jul, 20:30" in page and "18:30" not in page
    club_page = html(client.get(f"/clubs/{club.slug}/"))
    assert "Sat 5 Dec 2026, 20:30" in club_page and "entries 4 of 24" in club_page
    clubs.set_time_zone(club, by=director, time_zone="Europe/London")
    page = html(client.get(url(cup)))
    assert "1 Jul, 19:30" in page  # the club's clock moved; the start stays 20:30 there
    assert "Saturday 5 December 2026, 20:30" in page


def test_a_new_club_and_the_manage_page_choose_the_time_zone(client, club, director):
    client.force_login(director)
    page = html(client.get("/clubs/new"))
    assert '<option value="Europe/Rome" selected>' in page
    response = client.post(
        "/clubs/new",
        {"name": "Lisbon Whist", "slug": "", "description": "", "time_zone": "Europe/Lisbon"},
    )
    assert response.status_code == 302
    assert clubs.club_by_slug("lisbon-whist").time_zone == "Europe/Lisbon"
    manage = f"/clubs/{club.slug}/manage/zone"
    response = client.post(manage, {"time_zone": "Mars/Olympus"})
    assert response.status_code == 400 and "Select a valid choice" in html(response)
    assert client.post(manage, {"time_zone": "Asia/Tokyo"}).status_code == 302
    club.refresh_from_db()
    assert club.time_zone == "Asia/Tokyo"
    client.force_login(member(club, Role.SCORER))
    assert client.post(manage, {"time_zone": "Europe/Rome"}).status_code == 403


# ---------------------------------------------------------------------- self-entry


def test_a_player_enters_and_withdraws_from_the_page(client, cup):
    user = make_user("pia")
    client.force_login(user)
    assert ">Enter</button>" in html(client.get(url(cup)))
    assert client.post(url(cup, "entries/me")).status_code == 302
    page = html(client.get(url(cup)))
    assert "You are entered as number 1" in page and "Withdraw my entry" in page
    assert client.post(url(cup, "entries/me/withdraw")).status_code == 302
    assert cup.entries.get().status == Entry.Status.WITHDRAWN
    assert ">Enter</button>" in html(client.get(url(cup)))  # may come back


def test_a_full_tournament_says_so_and_enters_nobody(client, director, cup):
    tournament_service.update_tournament(cup, by=director, settings={"entry_limit": 2})
    enter_guests(cup, director, 2, check_in=False)
    client.force_login(make_user())
    page = html(client.get(url(cup)))
    assert ">Enter</button>" not in page and "The tournament is full: all 2 places" in page
    response = client.post(url(cup, "entries/me"))
    assert response.status_code == 409 and "The tournament is full" in html(response)
    assert cup.entries.count() == 2


def test_self_entry_off_offers_no_button(client, director, cup):
    tournament_service.update_tournament(cup, by=director, settings={"self_entry": False})
    client.force_login(make_user())
    page = html(client.get(url(cup)))
    assert ">Enter</button>" not in page and "The director enters the players" in page
    assert client.post(url(cup, "entries/me")).status_code == 409


def test_a_player_forms_a_team_from_the_page(client, club, director):
    pairs = make_tournament(
        club, director, {"name": "Pairs", "game_type": "whist", "entry_kind": "team"}
    )
    tournament_service.set_status(pairs, by=director, status="open")
    anna = member(club, Role.PLAYER, "anna")
    bruno = clubs.add_guest(club, by=director, name="Bruno")
    client.force_login(anna)
    page = html(client.get(url(pairs)))
    assert "Your partner" in page and f'<option value="{bruno.pk}">Bruno</option>' in page
    response = client.post(url(pairs, "entries/me"), {"partner": [str(bruno.pk)]})
    assert response.status_code == 302
    entry = pairs.entries.get()
    assert entry.team.name == "anna & Bruno"
    response = client.post(url(pairs, "entries/me"), {"partner": [str(bruno.pk)]})
    assert response.status_code == 409 and "already entered" in html(response)


def test_tiebreaks_set_through_the_api_beyond_six_are_kept(client, club, director):
    names = ["buchholz", "buchholz_cut1", "buchholz_median", "sonneborn_berger", "progressive"]
    names += ["game_score", "score_margin", "lot"]
    cup = make_tournament(club, director, {"name": "Long", "tiebreaks": names})
    client.force_login(director)
    page = html(client.get(url(cup, "setup")))
    assert page.count('name="tiebreak_') == 8
    assert '<option value="lot" selected>' in page
