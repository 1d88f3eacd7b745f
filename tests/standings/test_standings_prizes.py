"""Prize categories: the directors' page, who may define them, the final report (page,
PDF and API) and the OpenAPI schema."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import prize_service
from scoring.models import PrizeCategory
from tests.standings.test_standings_printing import pdf_text, url
from tests.support.factories import make_tournament, make_user, member, threes_cup
from tournaments.models import Entry, Membership, Role, Tournament
from tournaments.services import clubs, tournaments
from tournaments.services.errors import Forbidden, ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    club, director, t, entries = threes_cup(6, rounds=2)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    t.refresh_from_db()
    return club, director, t, entries


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_director_defines_prizes_on_the_page(cup):
    club, director, t, entries = cup
    client = logged_in(director)
    page = client.get(url(club, t, "prizes/"))
    assert page.status_code == 200 and "Add a prize" in page.content.decode()
    for data in (
        {"name": "Overall", "places": "3", "eligibility": "everyone"},
        {"name": "Best under 1004", "places": "1", "eligibility": "rating_below",
         "rating_below": "1004"},
        {"name": "Picked", "places": "1", "eligibility": "chosen",
         "chosen": f"{entries[5].number}, {entries[4].number}"},
    ):  # fmt: skip
        answer = client.post(url(club, t, "prizes/"), data)
        assert answer.status_code == 302, answer.content.decode()[-600:]
    names = list(PrizeCategory.objects.filter(tournament=t).values_list("name", "position"))
    assert names == [("Overall", 1), ("Best under 1004", 2), ("Picked", 3)]
    report = client.get(url(club, t, "report/")).content.decode()
    assert "Overall" in report and "Best under 1004" in report
    assert "Not final yet" not in report


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "", "places": "1", "eligibility": "everyone"}, "name", "required"),
        ({"name": "X", "places": "0", "eligibility": "everyone"}, "places", "greater than"),
        ({"name": "X", "places": "1", "eligibility": "rating_below"}, "rating_below",
         "whole number, such as 1400"),
        ({"name": "X", "places": "1", "eligibility": "chosen", "chosen": "99"}, "chosen",
         "No player with start number 99"),
        ({"name": "X", "places": "1", "eligibility": "chosen", "chosen": "one"}, "chosen",
         "whole numbers separated by commas"),
    ],
)  # fmt: skip
def test_bad_prizes_are_refused_next_to_the_field_and_change_nothing(cup, data, field, message):
    club, director, t, _ = cup
    answer = logged_in(director).post(url(club, t, "prizes/"), {"action": "add", **data})
    assert answer.status_code == 400
    html = answer.content.decode()
    block = html.split(f'name="{field}"', 1)[1].split('<div class="field', 1)[0]
    assert message in block and 'class="field-error"' in block
    assert f'value="{data["name"]}"' in html or not data["name"]  # what was typed stays
    assert not PrizeCategory.objects.filter(tournament=t).exists()


def test_a_second_prize_with_the_same_name_is_refused(cup):
    club, director, t, _ = cup
    prize_service.define_category(t, director, name="Best guest", places=1, eligibility="guests")
    with pytest.raises(ServiceError, match="already a prize called"):
        prize_service.define_category(
            t, director, name="best GUEST", places=2, eligibility="everyone"
        )
    assert PrizeCategory.objects.filter(tournament=t).count() == 1


def test_only_directors_define_prizes(cup):
    club, director, t, _ = cup
    data = {"name": "Overall", "places": "1", "eligibility": "everyone"}
    anonymous = Client().post(url(club, t, "prizes/"), data)
    assert anonymous.status_code in (302, 403)
    assert Client().get(url(club, t, "prizes/")).status_code == 302  # to the log-in page
    for role in (Role.PLAYER, Role.SCORER):
        assert logged_in(member(club, role)).post(url(club, t, "prizes/"), data).status_code == 403
    assert logged_in(make_user()).get(url(club, t, "prizes/")).status_code == 403
    with pytest.raises(Forbidden):
        prize_service.define_category(t, member(club, Role.SCORER), name="X", places=1,
                                      eligibility="everyone")  # fmt: skip
    assert not PrizeCategory.objects.exists()
    # Removing and the one-prize rule are the directors' too.
    category = prize_service.define_category(
        t, director, name="X", places=1, eligibility="everyone"
    )
    scorer = logged_in(member(club, Role.SCORER))
    scorer.post(url(club, t, "prizes/"), {"action": "delete", "category": category.pk})
    scorer.post(url(club, t, "prizes/"), {"action": "rule", "one_prize_each": "0"})
    assert PrizeCategory.objects.filter(pk=category.pk).exists()
    assert prize_service.one_prize_each(t)


def test_the_report_awards_guests_and_newcomers_with_one_prize_each(cup):
    club, director, t, entries = cup
    ranked = [r["entry"] for r in prize_service.report(t).rows]
    # The second-ranked player is a club member (a login, a membership); the rest are guests.
    second = next(e for e in entries if e.pk == ranked[1])
    user = make_user()
    Membership.objects.create(club=club, user=user, role=Role.PLAYER)
    second.player.user = user
    second.player.save()
    prize_service.define_category(t, director, name="Overall", places=1, eligibility="everyone")
    prize_service.define_category(t, director, name="Best guest", places=1, eligibility="guests")
    prize_service.define_category(t, director, name="Best member", places=1, eligibility="members")
    prize_service.define_category(t, director, name="Newcomers", places=2, eligibility="newcomers")
    rep = prize_service.report(t)
    won = {a["name"]: [w["entry"] for w in a["winners"]] for a in rep.awards}
    assert won == {
        "Overall": [ranked[0]],
        "Best guest": [ranked[2]],  # ranked[0] won already; ranked[1] is a member
        "Best member": [ranked[1]],
        "Newcomers": [ranked[3], ranked[4]],
    }
    prize_service.set_one_prize_each(t, director, False)
    won = {a["name"]: [w["entry"] for w in a["winners"]] for a in prize_service.report(t).awards}
    assert won["Best guest"] == [ranked[0]]


def test_the_final_report_pdf_lists_prizes_and_standings(cup):
    club, director, t, entries = cup
    prize_service.define_category(t, director, name="Overall", places=2, eligibility="everyone")
    prize_service.define_category(t, director, name="Nobody's prize", places=1,
                                  eligibility="rating_below", rating_below=10)  # fmt: skip
    answer = Client().get(url(club, t, "report.pdf"))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF-")
    text = pdf_text(answer.content)
    assert "Final report" in text and "Overall" in text and "1st" in text and "2nd" in text
    assert "Nobody eligible: not awarded" in text
    assert all(e.name in text for e in entries)


def test_the_api_reads_the_categories_and_the_report(cup):
    club, director, t, entries = cup
    prize_service.define_category(
        t, director, name="Picked", places=1, eligibility="chosen", chosen=[entries[2].number]
    )
    base = f"/api/clubs/{club.slug}/tournaments/{t.slug}"
    categories = Client().get(f"{base}/prizes/").json()
    assert categories["one_prize_each"] is True
    assert categories["categories"][0]["chosen"] == [entries[2].number]
    assert categories["categories"][0]["position"] == 1
    report = Client().get(f"{base}/report/").json()
    assert report["final"] is True and report["round"] == 2
    assert report["prizes"][0]["winners"][0]["entry"] == entries[2].pk
    assert len(report["standings"]) == 6
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/clubs/{slug}/tournaments/{tournament}/prizes/" in schema
    assert "/api/clubs/{slug}/tournaments/{tournament}/report/" in schema
    assert Client().get(f"/api/clubs/{club.slug}/tournaments/nope/report/").status_code == 404
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)
    assert Client().get(f"{base}/prizes/").status_code == 404
    assert Client().get(url(club, t, "report/")).status_code == 404


def test_a_player_of_an_earlier_tournament_at_the_club_is_no_newcomer(cup):
    club, director, t, entries = cup
    later = make_tournament(club, director, {"game_type": "three_handed_whist"})
    tournaments.register(later, by=director, player=entries[0].player)
    newcomer = clubs.add_guest(club, by=director, name="New")
    fresh = tournaments.register(later, by=director, player=newcomer)
    rows = [
        {"entry": e.pk, "rank": k, "withdrawn": False}
        for k, e in enumerate(Entry.objects.filter(tournament=later), 1)
    ]
    flags = {c.entry: c.newcomer for c in prize_service.candidates(later, rows)}
    assert flags == {later.entries.get(player=entries[0].player).pk: False, fresh.pk: True}
