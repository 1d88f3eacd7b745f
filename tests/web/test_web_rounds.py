"""Round pages: control (pair → preview → swap → publish, corrections), the public
pairings and the table cards; the whole flow through the views; drafts never public."""

from __future__ import annotations

import pytest

from tests.support.factories import (
    director_of,
    enter_guests,
    make_club,
    make_tournament,
    make_user,
    member,
)
from tournaments.models import Entry, Game, Player, Role, RoundCorrection, Team, TeamMember
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def url(cup, suffix: str = "") -> str:
    return f"/clubs/{cup.club.slug}/t/{cup.slug}/{suffix}"


def seating(round_) -> list[list[int]]:
    return [[p.entry_id for p in t.places.order_by("position")] for t in round_.tables.all()]


# ---------------------------------------------------------------------- the whole flow


def test_create_enter_check_in_pair_swap_publish_pairings_cards(client, club, director):
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/t/new",
        {
            "name": "Flow Cup", "status": "open", "game_type": "german_whist",
            "table_sizes": "2", "option_deals": "1", "mode": "physical",
            "entry_kind": "individual", "rounds_planned": "3", "pairing_method": "swiss",
            "first_round": "rating", "late_entry_score": "0",
        },
    )  # fmt: skip
    assert response.status_code == 302
    cup = club.tournaments.get(name="Flow Cup")
    names = ["Ada", "Bea", "Cris", "Dino", "Enzo"]
    for n, name in enumerate(names):
        data = {"guest-name": name, "guest-rating": str(1500 - n)}
        assert client.post(url(cup, "entries/add/guest"), data).status_code == 302
    for entry in cup.entries.all():
        response = client.post(
            url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200
    assert cup.entries.filter(status=Entry.Status.CHECKED_IN).count() == 5

    response = client.post(url(cup, "rounds/pair"))
    assert response.status_code == 302 and response["Location"] == url(cup, "rounds/1/control")
    page = html(client.get(response["Location"]))
    assert "Paired, not published" in page and "Publish round 1" in page
    assert page.count('<li class="ptable') == 2 and "Bye" in page and "score gap" in page
    round_ = cup.rounds.get(number=1)
    (a, b), (c, d) = seating(round_)

    response = client.post(
        url(cup, "rounds/1/swap"), {"pick": [str(b), str(c)]}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert html(response).lstrip().startswith('<div id="preview"')  # only the preview
    assert seating(round_) == [[a, c], [b, d]]

    response = client.post(url(cup, "rounds/1/publish"))
    assert response.status_code == 302 and response["Location"] == url(cup, "rounds/1/")
    round_.refresh_from_db()
    assert round_.is_published
    client.logout()
    page = html(client.get(url(cup, "rounds/1/")))
    assert "Table 1" in page and "Table 2" in page and "Sitting out" in page
    for table in round_.tables.all():
        assert f'href="/games/{table.game_id}/"' in page
    for name in names:
        assert name in page
    assert page.index(Entry.objects.get(pk=a).name) < page.index(Entry.objects.get(pk=c).name)

    # The table cards are printed for the room: in the club's language (Italian here),
    # whatever the browser asks for.
    cards = html(client.get(url(cup, "rounds/1/cards")))
    assert cards.count('class="table-card"') == 2 and "data-print" in cards
    for table in round_.tables.all():
        for seat in table.game.seats.all():
            seat_no = f'<span class="seat-no">Posto {seat.number + 1}</span>'
            assert f'{seat_no} <span class="seat-name">{seat.player.name}</span>' in cards


# ---------------------------------------------------------------------- drafts are hidden


def test_a_draft_round_is_never_public(client, club, director, cup):
    enter_guests(cup, director, 4)
    round_service.pair_next_round(cup, by=director)
    for user in (None, make_user(), member(club, Role.PLAYER), member(club, Role.SCORER)):
        if user:
            client.force_login(user)
        assert client.get(url(cup, "rounds/1/")).status_code == 404
        assert client.get(url(cup, "rounds/1/cards")).status_code == 404
        assert "Round 1" not in html(client.get(url(cup)))
    client.force_login(director)
    response = client.get(url(cup, "rounds/1/"))
    assert response.status_code == 302 and response["Location"] == url(cup, "rounds/1/control")
    assert client.get(url(cup, "rounds/1/cards")).status_code == 404
    assert "draft, not public" in html(client.get(url(cup)))


def test_unknown_round_is_404(client, director, cup):
    assert client.get(url(cup, "rounds/7/")).status_code == 404
    client.force_login(director)
    assert client.get(url(cup, "rounds/7/control")).status_code == 404


def test_control_is_for_directors(client, club, director, cup):
    enter_guests(cup, director, 4)
    round_service.pair_next_round(cup, by=director)
    control = url(cup, "rounds/1/control")
    response = client.get(control)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for user in (make_user(), member(club, Role.PLAYER), member(club, Role.SCORER)):
        client.force_login(user)
        assert client.get(control).status_code == 403
        assert client.post(url(cup, "rounds/1/publish")).status_code == 403
        assert client.post(url(cup, "rounds/pair")).status_code == 403
    assert not cup.rounds.get().is_published
    client.force_login(director_of(make_club()))  # another club's director
    assert client.get(control).status_code == 403


# ---------------------------------------------------------------------- control


def test_pairing_with_nobody_checked_in_is_refused_on_the_page(client, director, cup):
    enter_guests(cup, director, 4, check_in=False)
    client.force_login(director)
    response = client.post(url(cup, "rounds/pair"))
    assert response.status_code == 409 and "check entries in" in html(response)
    assert not cup.rounds.exists()


def test_pairing_again_replaces_the_draft(client, director, cup):
    enter_guests(cup, director, 4)
    first = round_service.pair_next_round(cup, by=director)
    client.force_login(director)
    assert "Pair again" in html(client.get(url(cup, "rounds/1/control")))
    response = client.post(url(cup, "rounds/pair"))
    assert response["Location"] == url(cup, "rounds/1/control")
    assert cup.rounds.count() == 1 and cup.rounds.get().pk != first.pk


@pytest.mark.parametrize("picks", [[], ["one"], ["1", "2", "3"]])
def test_a_swap_needs_exactly_two_entrants(client, director, cup, picks):
    enter_guests(cup, director, 4)
    round_ = round_service.pair_next_round(cup, by=director)
    before = seating(round_)
    client.force_login(director)
    if picks == ["one"]:
        picks = [str(before[0][0])]
    response = client.post(url(cup, "rounds/1/swap"), {"pick": picks}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert 'class="banner"' in html(response)
    assert seating(round_) == before


def test_a_swap_with_someone_not_in_the_round_is_refused(client, director, cup):
    enter_guests(cup, director, 4)
    (absent,) = enter_guests(cup, director, 1, check_in=False)
    round_ = round_service.pair_next_round(cup, by=director)
    before = seating(round_)
    client.force_login(director)
    response = client.post(url(cup, "rounds/1/swap"), {"pick": [str(before[0][0]), str(absent.pk)]})
    assert response.status_code == 400 and "is not in round 1" in html(response)
    assert seating(round_) == before


def test_a_swap_without_htmx_redirects_to_control(client, director, cup):
    enter_guests(cup, director, 4)
    round_ = round_service.pair_next_round(cup, by=director)
    (a, b), (c, d) = seating(round_)
    client.force_login(director)
    response = client.post(url(cup, "rounds/1/swap"), {"pick": [str(a), str(d)]})
    assert response.status_code == 302 and response["Location"] == url(cup, "rounds/1/control")
    assert seating(round_) == [[d, b], [c, a]]


def together(round_, director, a: int, b: int) -> None:
    """Swap so that entries ``a`` and ``b`` share a table (tables of two)."""
    row = next(r for r in seating(round_) if a in r)
    if b not in row:
        partner = next(e for e in row if e != a)
        round_service.swap(round_, by=director, first=partner, second=b)


def test_preview_highlights_rematches_and_forbidden_pairs(client, director, cup):
    entries = {e.pk: e for e in enter_guests(cup, director, 4)}
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    (x, y), (z, w) = seating(cup.rounds.get(number=1))
    tournament_service.forbid(cup, by=director, first=entries[x], second=entries[z])
    draft = round_service.pair_next_round(cup, by=director, confirm_unfinished=True)
    client.force_login(director)
    page = html(client.get(url(cup, "rounds/2/control")))
    assert "<dt>Rematches</dt><dd>0</dd>" in page and "Rematch:" not in page

    together(draft, director, x, y)  # both tables of round 1 again
    page = html(client.get(url(cup, "rounds/2/control")))
    assert "<dt>Rematches</dt><dd>2</dd>" in page and page.count("Rematch:") == 2
    assert page.count('class="flag flag--rematch"') == 4 and "ptable--rematch" in page
    assert f"Rematch: {entries[x].name} – {entries[y].name}" in page or (
        f"Rematch: {entries[y].name} – {entries[x].name}" in page
    )

    together(draft, director, x, z)  # the forbidden pair at one table
    page = html(client.get(url(cup, "rounds/2/control")))
    assert "<dt>Forbidden pairs</dt><dd>1</dd>" in page and "Should be kept apart:" in page
    assert page.count('class="flag flag--forbidden"') == 2 and "ptable--forbidden" in page
    assert 'class="fact--bad"' in page


def test_publishing_twice_is_a_conflict(client, director, cup):
    enter_guests(cup, director, 4)
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    client.force_login(director)
    response = client.post(url(cup, "rounds/1/publish"))
    assert response.status_code == 409 and "is published" in html(response)
    response = client.post(url(cup, "rounds/1/swap"), {"pick": ["1", "2"]}, HTTP_HX_REQUEST="true")
    assert response.status_code in (400, 409)


# ---------------------------------------------------------------------- corrections


@pytest.fixture
def published(director, cup):
    enter_guests(cup, director, 4)
    round_ = round_service.pair_next_round(cup, by=director)
    return round_service.publish(round_, by=director)


def test_a_correction_re_seats_and_is_listed(client, director, cup, published):
    (a, b), (c, d) = seating(published)
    old_games = set(published.tables.values_list("game_id", flat=True))
    client.force_login(director)
    page = html(client.get(url(cup, "rounds/1/control")))
    assert "Correct this round" in page and "No correction." in page and 'name="pick"' not in page
    data = {"fix-first": str(b), "fix-second": str(c), "fix-reason": "Bea arrived late"}
    response = client.post(url(cup, "rounds/1/correct"), data)
    assert response.status_code == 302
    assert seating(published) == [[a, c], [b, d]]
    (correction,) = RoundCorrection.objects.filter(round=published)
    assert correction.reason == "Bea arrived late" and correction.made_by == director
    assert Game.objects.filter(pk__in=old_games, status=Game.Status.VOID).count() == 2
    page = html(client.get(url(cup, "rounds/1/control")))
    assert "Bea arrived late" in page and "new games at tables 1, 2" in page


@pytest.mark.parametrize("bad", ["no reason", "same twice", "stranger"])
def test_a_bad_correction_shows_the_error_and_changes_nothing(
    client, director, cup, published, bad
):
    (a, b), (c, d) = seating(published)
    data = {"fix-first": str(b), "fix-second": str(c), "fix-reason": "because"}
    if bad == "no reason":
        data["fix-reason"] = "  "
    elif bad == "same twice":
        data["fix-second"] = str(b)
    else:
        data["fix-second"] = "999999"
    client.force_login(director)
    response = client.post(url(cup, "rounds/1/correct"), data)
    assert response.status_code == 400 and 'class="field-error"' in html(response)
    assert seating(published) == [[a, b], [c, d]]
    assert not RoundCorrection.objects.exists()


def test_a_correction_on_a_draft_is_a_conflict(client, director, cup):
    enter_guests(cup, director, 4)
    round_ = round_service.pair_next_round(cup, by=director)
    (a, b), (c, d) = seating(round_)
    client.force_login(director)
    data = {"fix-first": str(b), "fix-second": str(c), "fix-reason": "why"}
    response = client.post(url(cup, "rounds/1/correct"), data)
    assert response.status_code == 409
    assert seating(round_) == [[a, b], [c, d]]


# ---------------------------------------------------------------------- teams


def test_team_pairings_show_sides_and_cards_show_teams(client, club, director):
    cup = make_tournament(
        club, director,
        {"name": "Pairs", "game_type": "whist", "table_sizes": [4], "entry_kind": "team"},
    )  # fmt: skip
    for n in range(2):
        team = Team.objects.create(club=club, name=f"Team {n}")
        for k in range(2):
            player = Player.objects.create(name=f"P{n}{k}", club=club)
            TeamMember.objects.create(team=team, player=player, position=k)
        entry = tournament_service.register(cup, by=director, team=team)
        tournament_service.check_in(entry, by=director)
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    page = html(client.get(url(cup, "rounds/1/")))
    assert "side 1 (seats 1 &amp; 3)" in page and "side 2 (seats 2 &amp; 4)" in page
    assert "P00 &amp; P01" in page
    cards = html(client.get(url(cup, "rounds/1/cards")))
    assert cards.count('class="seat-no"') == 4
    assert '<span class="seat-team">Team' in cards
