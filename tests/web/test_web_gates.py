"""The one access mechanism (tournaments/web/gates.py): what each decorator answers a
visitor it does not let in, in which order it looks things up, and the shared words
and numbers helpers the pages use."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import numbers
from tests.support.factories import make_user, member
from tournaments.models import Role
from tournaments.web import clubs, entry_pages, round_pages, sheet_pages
from tournaments.web.gates import is_htmx
from tournaments.web.words import engine_sentence, sentence

pytestmark = pytest.mark.django_db


def test_the_decorated_views_keep_their_names():
    for view in (clubs.club_manage, entry_pages.entries_page, round_pages.round_control):
        assert view.__module__.startswith("tournaments.web.")
        assert view.__name__ in {"club_manage", "entries_page", "round_control"}


def test_a_role_is_asked_before_the_tournament_is_looked_up(client, club):
    # An unknown tournament is no 404 for a visitor without the role: nothing leaks.
    missing = f"/clubs/{club.slug}/t/no-such-cup/entries"
    assert client.get(missing).status_code == 302
    client.force_login(member(club, Role.PLAYER, "pia"))
    response = client.get(missing)
    assert response.status_code == 403 and b"scorer role" in response.content
    client.force_login(member(club, Role.SCORER, "sam"))
    assert client.get(missing).status_code == 404


def test_an_unknown_club_is_a_404_before_any_role(client):
    assert client.get("/clubs/nowhere/manage/").status_code == 404
    assert client.get("/clubs/nowhere/t/cup/rounds/1/control").status_code == 404


def test_htmx_and_posts_without_the_role_get_a_403_not_the_login_page(client, club, cup):
    control = f"/clubs/{club.slug}/t/{cup.slug}/rounds/1/control"
    assert client.get(control, HTTP_HX_REQUEST="true").status_code == 403
    response = client.post(f"/clubs/{club.slug}/t/{cup.slug}/rounds/pair")
    assert response.status_code == 403 and b"director role" in response.content


def test_login_required_sends_a_get_to_log_in_and_refuses_a_post(client):
    response = client.get("/dashboard/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.post("/clubs/new", {"name": "x"}).status_code == 403
    # "New game" sends a post to the log-in page too (it always has).
    assert client.post("/games/new", {}).status_code == 302


def test_the_sheets_pdf_looks_the_tournament_up_first(client, club):
    client.force_login(make_user("visitor"))
    pdf = f"/clubs/{club.slug}/t/no-such-cup/rounds/1/sheets.pdf"
    assert client.get(pdf).status_code == 404
    assert sheet_pages.round_sheets_pdf.__name__ == "round_sheets_pdf"


def test_is_htmx_reads_the_header(rf):
    assert is_htmx(rf.get("/", HTTP_HX_REQUEST="true"))
    assert not is_htmx(rf.get("/"))


def test_one_sentence_helper():
    assert sentence("a club needs a name") == "A club needs a name."
    assert sentence("why?") == "Why?"
    assert sentence("  ") == "That was refused."
    assert sentence("", "That is not a meld.") == "That is not a meld."
    assert engine_sentence("seat 0 cannot play 7H") == "Seat 1 cannot play 7H."


def test_one_number_formatter():
    assert numbers.shown(Fraction(5, 2)) == "2.5"
    assert numbers.shown("1/3") == "0.33"
    assert numbers.shown(3) == "3"
    assert numbers.shown("2/3", percent=True) == "66.7%"
    assert numbers.exact(Fraction(4, 6)) == "2/3" and numbers.exact(Fraction(4)) == 4
    assert numbers.approximate("1/3") == 0.333333
    assert numbers.decimal_json(Decimal("2.00")) == 2
    assert numbers.decimal_json(Decimal("1.5")) == 1.5
    assert [numbers.ordinal(n) for n in (1, 3, 8, 9)] == ["1st", "3rd", "8th", "9."]
