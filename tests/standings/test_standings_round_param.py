"""``?round=`` that is not a round number is refused in words on every standings
address, never read as "the latest" (issue 15: no ignored input)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.factories import published

pytestmark = pytest.mark.django_db


def base() -> str:
    """A tournament with round 1 published: its address."""
    setup = published()
    return f"/clubs/{setup.club.slug}/t/{setup.round.tournament.slug}/"


PAGES = ["standings/", "standings/live", "standings.csv", "standings.json", "standings.pdf"]


@pytest.mark.parametrize("bad", ["abc", "0", "-1", "1.5", "9999999"])
def test_a_round_that_is_no_number_is_a_400_in_words(bad: str) -> None:
    page = Client().get(base() + "standings/", {"round": bad})
    assert page.status_code == 400
    assert "is not a round number" in page.content.decode()
    assert "<h1>Standings</h1>" in page.content.decode()  # the page, with the latest shown


@pytest.mark.parametrize("tail", PAGES[1:])
def test_downloads_and_the_live_table_refuse_it_too(tail: str) -> None:
    answer = Client().get(base() + tail, {"round": "abc"})
    assert answer.status_code == 400, tail
    assert "“abc” is not a round number" in answer.content.decode()


def test_in_italian_the_refusal_is_italian() -> None:
    page = Client().get(base() + "standings/", {"round": "x"}, HTTP_ACCEPT_LANGUAGE="it")
    assert page.status_code == 400 and "non è il numero di un turno" in page.content.decode()


@pytest.mark.parametrize("tail", PAGES)
def test_a_number_or_nothing_still_answers(tail: str) -> None:
    url = base() + tail
    for query in ({}, {"round": "1"}):
        answer = Client().get(url, query)
        assert answer.status_code in (200, 204), (tail, query, answer.status_code)
