"""The season pages: a director creates, changes and deletes a season through the
forms (refusals next to their field, nothing written), the public table with its
breakdown, the club's pages listing seasons, a private season, and the CSV and PDF
in the club's language."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tests.support.factories import member, season_club
from tournaments.models import Role, Season

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    return season_club(count=2, players=4)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form(**changes):
    base = {
        "name": "Spring 2026",
        "starts_on": "2026-03-01",
        "ends_on": "2026-03-31",
        "game_type": "",
        "formula": "sum",
        "best_of": "",
        "place_points": "25 18 15",
        "public": "on",
    }
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def test_a_director_creates_a_season_and_everyone_reads_its_table(played):
    club, director, cups, people = played
    web = logged_in(director)
    assert "New season" in web.get(f"/clubs/{club.slug}/seasons/new").content.decode()
    answer = web.post(f"/clubs/{club.slug}/seasons/new", form())
    assert answer.status_code == 302
    assert answer["Location"] == f"/clubs/{club.slug}/seasons/spring-2026/"
    page = Client().get(answer["Location"]).content.decode()
    for person in people:
        assert f'<a href="/players/{person.pk}/">{person.name}</a>' in page
    for t in cups:
        assert f"/clubs/{club.slug}/t/{t.slug}/standings/" in page
    assert "Sum of tournament points" in page and "not counted" not in page
    club_page = Client().get(f"/clubs/{club.slug}/").content.decode()
    assert "Spring 2026" in club_page and "seasons/new" not in club_page
    assert "seasons/new" in web.get(f"/clubs/{club.slug}/manage/").content.decode()


def test_bad_input_is_refused_next_to_its_field_in_words(played):
    club, director, _cups, _people = played
    web = logged_in(director)
    cases = [
        (form(ends_on="2026-02-01"), "cannot end before it starts"),
        (form(formula="best"), "how many of each player"),
        (form(formula="placement", place_points="25 banana"), "is not a number of points"),
        (form(formula="placement", place_points="5 8"), "a better place never gets fewer"),
        (form(starts_on="yesterday"), "valid date"),
        (form(name="new"), "a word the season pages use"),
        (form(tournaments="999999"), "Select a valid choice"),
    ]
    for data, words in cases:
        answer = web.post(f"/clubs/{club.slug}/seasons/new", data)
        assert answer.status_code == 400, words
        text = answer.content.decode()
        assert words in text, words
        assert "[0]" not in text and "Traceback" not in text
    assert not Season.objects.filter(club=club).exists()


def test_only_directors_open_the_forms(played):
    club, _director, _cups, _people = played
    scorer = member(club, Role.SCORER)
    assert logged_in(scorer).get(f"/clubs/{club.slug}/seasons/new").status_code == 403
    assert logged_in(scorer).post(f"/clubs/{club.slug}/seasons/new", form()).status_code == 403
    assert Client().get(f"/clubs/{club.slug}/seasons/new").status_code == 302
    assert not Season.objects.exists()


def test_a_director_changes_then_deletes_a_season_and_a_stale_form_is_refused(played):
    club, director, cups, _people = played
    web = logged_in(director)
    web.post(f"/clubs/{club.slug}/seasons/new", form())
    season = Season.objects.get(club=club)
    edit = f"/clubs/{club.slug}/seasons/{season.slug}/edit"
    assert "Spring 2026" in web.get(edit).content.decode()
    changed = web.post(
        edit, form(version="1", formula="best", best_of="1", tournaments=[str(cups[0].pk)])
    )
    assert changed.status_code == 302
    season.refresh_from_db()
    assert (season.formula, season.best_of, season.chosen, season.version) == ("best", 1, True, 2)
    page = Client().get(f"/clubs/{club.slug}/seasons/{season.slug}/").content.decode()
    assert cups[1].name not in page
    stale = web.post(edit, form(version="1", name="Old"))
    assert stale.status_code == 409 and "Someone else changed" in stale.content.decode()
    delete = f"/clubs/{club.slug}/seasons/{season.slug}/delete"
    assert web.post(delete, {"version": "1"}).status_code == 409
    assert web.post(delete, {"version": "2"}).status_code == 302
    assert not Season.objects.filter(pk=season.pk).exists()


def test_best_n_marks_the_results_not_counted(played):
    club, director, _cups, _people = played
    web = logged_in(director)
    web.post(f"/clubs/{club.slug}/seasons/new", form(formula="best", best_of="1"))
    page = Client().get(f"/clubs/{club.slug}/seasons/spring-2026/").content.decode()
    assert page.count("(not counted)") == 4  # each of the four players, one of two
    assert "best 1 tournaments" in page


def test_a_private_season_is_for_the_clubs_members(played):
    club, director, _cups, _people = played
    logged_in(director).post(f"/clubs/{club.slug}/seasons/new", form(public=None))
    url = f"/clubs/{club.slug}/seasons/spring-2026/"
    assert Client().get(url).status_code == 302  # to the log-in page
    assert Client().get(url + "table.csv").status_code == 302
    outsider = member(season_club(count=0)[0], Role.PLAYER)
    assert logged_in(outsider).get(url).status_code == 403
    assert "Spring 2026" not in Client().get(f"/clubs/{club.slug}/").content.decode()
    player = member(club, Role.PLAYER)
    assert logged_in(player).get(url).status_code == 200


def test_an_unknown_season_is_a_404(played):
    club, _director, _cups, _people = played
    assert Client().get(f"/clubs/{club.slug}/seasons/nothing/").status_code == 404


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_csv_and_pdf_speak_the_clubs_language(language):
    club, director, cups, people = season_club(count=2, players=4, language=language)
    logged_in(director).post(f"/clubs/{club.slug}/seasons/new", form())
    base = f"/clubs/{club.slug}/seasons/spring-2026/"
    answer = Client().get(base + "table.csv")
    assert answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:3] == (["Rank", "Name", "Points"] if language == "en" else
                           ["Posizione", "Nome", "Punti"])  # fmt: skip
    assert {r[1] for r in rows[1:]} == {p.name for p in people}
    assert all(r[3] == "2" for r in rows[1:])  # each played both
    pdf = Client().get(base + "table.pdf")
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    body = pdf.content.decode("latin-1")
    assert ("Season table" if language == "en" else "Classifica della stagione") in body
    assert cups[0].name in body
