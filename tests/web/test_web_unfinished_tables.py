"""Pages: pairing the next round while tables are unfinished goes through a
confirmation page listing them (no JavaScript needed); the round control page shows
each table's state and the link to its score sheet."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, make_club, member, published
from tests.support.sheets import cid
from tournaments.models import Game, Role
from tournaments.services import sheets

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


@pytest.fixture
def evening():
    setup = published("italian_whist", 9, rounds_planned=3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0, 1), cid())  # waiting
    sheets.submit(setup.table(2), 1, IW_A, setup.seat(0, 2), cid())
    sheets.submit(setup.table(2), 1, IW_B, setup.seat(1, 2), cid())  # disputed
    Game.objects.filter(pk=setup.table(3).game_id).update(status=Game.Status.FINISHED)
    return setup


def base(setup) -> str:
    cup = setup.round.tournament
    return f"/clubs/{setup.club.slug}/t/{cup.slug}/"


def test_pairing_shows_the_unfinished_tables_first(client, evening):
    client.force_login(evening.director)
    response = client.post(base(evening) + "rounds/pair")
    assert response.status_code == 409
    page = response.content.decode()
    assert "Pair round 2?" in page
    assert "Round 1 still has 2 tables that have not finished." in page
    assert "Table 1" in page and "waiting for confirmation" in page
    assert "Table 2" in page and "disputed" in page and "Table 3" not in page
    for place in evening.table(2).places.all():
        assert place.entry.name in page
    assert 'name="confirm_unfinished" value="1"' in page
    assert evening.round.tournament.rounds.count() == 1  # nothing paired

    response = client.post(base(evening) + "rounds/pair", {"confirm_unfinished": "1"})
    assert response.status_code == 302
    assert response["Location"] == base(evening) + "rounds/2/control"
    assert evening.round.tournament.rounds.filter(number=2).exists()


def test_a_scorer_cannot_pair_even_with_the_confirmation(client, evening):
    client.force_login(member(evening.club, Role.SCORER))
    response = client.post(base(evening) + "rounds/pair", {"confirm_unfinished": "1"})
    assert response.status_code == 403
    client.force_login(director_of(make_club()))
    assert (
        client.post(base(evening) + "rounds/pair", {"confirm_unfinished": "1"}).status_code == 403
    )
    assert evening.round.tournament.rounds.count() == 1


def test_the_control_page_shows_each_tables_state_and_sheet(client, evening):
    client.force_login(evening.director)
    page = client.get(base(evening) + "rounds/1/control").content.decode()
    assert 'data-state="waiting"' in page and "waiting for confirmation" in page
    assert 'data-state="disputed"' in page and "deal 1 to rule" in page
    assert 'data-state="done"' in page
    assert page.count('class="ptable-sheet"><a href="/s/') == 3
    assert "<dt>Disputed</dt><dd>1</dd>" in page and "<dt>Done</dt><dd>1</dd>" in page
