"""The public pairings link each table to its score sheet (for those who can use
it) and each entrant to their player page; the tournament page links its standings
and exports; the round control page links the PDF sheets and records no-shows and
forfeits, which the pairings show and the standings score."""

from __future__ import annotations

import re

import pytest

from scoring.models import RoundStandings
from scoring.store import recompute
from tests.support.factories import make_user, member, published
from tournaments.models import Forfeit, Role
from tournaments.services import live
from tournaments.web.sheet_pages import sheet_path

pytestmark = pytest.mark.django_db


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def base(setup) -> str:
    cup = setup.round.tournament
    return f"/clubs/{setup.club.slug}/t/{cup.slug}/"


def sheet_links(page: str) -> list[str]:
    return re.findall(r'href="(/s/[a-z0-9]+/)"', page)


def test_pairings_link_sheets_for_those_who_may_use_them_and_every_player_page(client):
    setup = published("german_whist", 4)
    one, two = setup.table(1), setup.table(2)
    pairings = base(setup) + "rounds/1/"

    # The code is a guest's right to score the table: it is printed on the table's
    # sheet, never shown on the public pairings.
    anonymous = html(client.get(pairings))
    assert sheet_links(anonymous) == []
    for entry in setup.round.tournament.entries.all():
        assert f'href="{base(setup)}players/{entry.pk}/"' in anonymous

    client.force_login(make_user("stranger"))  # the page would refuse: no link
    assert sheet_links(html(client.get(pairings))) == []

    client.force_login(setup.seat(0, table=2))
    mine = html(client.get(pairings))
    assert sheet_links(mine) == [sheet_path(two)] and "Your score sheet" in mine

    client.force_login(member(setup.club, Role.SCORER))
    assert sheet_links(html(client.get(pairings))) == [sheet_path(one), sheet_path(two)]


def test_tournament_page_links_standings_and_exports_control_links_the_pdf(client):
    setup = published("german_whist", 4)
    page = html(client.get(base(setup)))
    for suffix in ("standings/", "standings.csv", "standings.json"):
        assert f'href="{base(setup)}{suffix}"' in page
    client.force_login(setup.director)
    control = html(client.get(base(setup) + "rounds/1/control"))
    assert f'href="{base(setup)}rounds/1/sheets.pdf"' in control
    assert "Record a no-show or forfeit" in control


def test_director_records_a_no_show_shown_on_pairings_and_scored(client):
    setup = published("german_whist", 4)
    table = setup.table(1)
    absent, present = [p.entry for p in table.places.order_by("position")]
    url = base(setup) + "rounds/1/forfeit"
    client.force_login(setup.director)

    refused = client.post(url, {"absent-place": "", "absent-kind": "no_show"})
    assert refused.status_code == 400 and "This field is required" in refused.content.decode()
    wrong = client.post(url, {"absent-place": f"1:{absent.pk}", "absent-kind": "late"})
    assert wrong.status_code == 400 and not Forfeit.objects.exists()

    done = client.post(
        url, {"absent-place": f"1:{absent.pk}", "absent-kind": "no_show", "absent-note": "ill"}
    )
    assert done.status_code == 302
    forfeit = Forfeit.objects.get()
    assert (forfeit.entry, forfeit.kind, forfeit.note) == (absent, "no_show", "ill")
    again = client.post(url, {"absent-place": f"1:{absent.pk}", "absent-kind": "forfeit"})
    assert again.status_code == 409 and "already recorded" in again.content.decode()
    control = html(client.get(base(setup) + "rounds/1/control"))
    assert "no-show" in control and absent.name in control

    pairings = html(client.get(base(setup) + "rounds/1/"))
    assert pairings.count(">no-show<") == 1 and ">forfeit<" in pairings  # the table's status

    recompute(setup.round.tournament.pk)
    rows = {r["entry"]: r for r in RoundStandings.objects.get(round=1).rows}
    assert rows[absent.pk]["forfeits_lost"] == 1 and rows[present.pk]["forfeits_won"] == 1

    client.force_login(member(setup.club, Role.SCORER))
    assert (
        client.post(url, {"absent-place": f"1:{present.pk}", "absent-kind": "forfeit"}).status_code
        == 403
    )


def section(page: str) -> str:
    found = re.search(r'<section class="me my-table".*?</section>', page, re.S)
    return found.group(0) if found else ""


def test_a_player_finds_their_table_and_its_sheet_on_the_tournament_page(client):
    setup = published("german_whist", 5)  # two tables and a bye
    table = setup.table(2)
    user = setup.seat(1, table=2)
    client.force_login(user)
    mine = section(html(client.get(base(setup))))
    partner = table.game.seats.get(number=0).player.name
    assert "Round 1: <strong>table 2</strong>, seat 2, with " + partner in mine
    assert sheet_links(mine) == [sheet_path(table)]
    assert "Score sheet" in mine
    # The player on a bye is told so; someone not in the tournament sees nothing.
    seated = {u.pk for users in setup.seated.values() for u in users}
    bye = setup.round.byes.get().entry.player.user
    assert bye.pk not in seated
    client.force_login(bye)
    assert "you have a <strong>bye</strong>" in section(html(client.get(base(setup))))
    client.force_login(make_user())
    assert section(html(client.get(base(setup)))) == ""
    client.logout()
    assert section(html(client.get(base(setup)))) == ""


def test_an_online_player_is_sent_to_their_seat(client):
    setup = published("german_whist", 2, mode="online")
    table = setup.table(1)
    client.force_login(setup.seat(0))
    mine = section(html(client.get(base(setup))))
    assert f'href="/games/{table.game_id}/seat/0/"' in mine and ">Play<" in mine


def test_the_api_tells_a_player_their_place(client):
    setup = published("german_whist", 5)
    cup = setup.round.tournament
    url = f"/api/clubs/{setup.club.slug}/tournaments/{cup.slug}/my-place"
    table = setup.table(2)
    client.force_login(setup.seat(1, table=2))
    place = client.get(url).json()
    assert place == {
        "round": 1,
        "bye": False,
        "table": 2,
        "seat": 1,
        "game": str(table.game_id),
        "others": [table.game.seats.get(number=0).player.name],
        "page": sheet_path(table),
    }
    client.force_login(setup.round.byes.get().entry.player.user)
    assert client.get(url).json()["bye"] is True
    client.force_login(make_user())
    refused = client.get(url)
    assert refused.status_code == 404 and "no place" in refused.json()["detail"]
    client.logout()
    assert client.get(url).status_code == 401  # anonymous: log in or send a token


def test_the_pairings_carry_the_standings_version_their_socket_greets_with(client):
    """The socket's greeting refreshes the list only when the standings moved since the
    page was read: a page just loaded is not fetched again (a tap during that swap was
    lost), and one read before a change is."""
    setup = published("german_whist", 4)
    cup = setup.round.tournament
    pairings = base(setup) + "rounds/1/"

    def shown_version() -> int:
        found = re.search(r'id="pairings" data-version="(\d+)"', html(client.get(pairings)))
        assert found is not None
        return int(found.group(1))

    assert shown_version() == live.standings_facts(cup.pk)["version"]
    recompute(cup.pk)
    after = live.standings_facts(cup.pk)["version"]
    assert after > 0 and shown_version() == after
