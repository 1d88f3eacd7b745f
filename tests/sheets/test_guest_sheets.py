"""Guests score their own table through its link (/s/<code>/): they say which seat
they are, enter, hand the phone over (or use another phone), and a player of another
side confirms. The right is per table and round, expires when the round is closed,
is rate-limited, and every line is attributed for the director."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from tests.support.caches import forget_this_workers_keys
from tests.support.factories import published
from tests.support.sheets import cid
from tournaments.models import Round, SheetEntry
from tournaments.services import guest_sheets, round_closing, rounds, sheets
from tournaments.web.sheet_pages import sheet_path, table_code

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_limits():
    forget_this_workers_keys()
    yield
    forget_this_workers_keys()


def guest(path: str, seat: int | None = None) -> Client:
    """An anonymous phone on a table's page, having said which seat it is."""
    c = Client()
    if seat is not None:
        assert c.post(path + "seat", {"seat": seat}).status_code == 302
    return c


def form(deal, action="enter", **counts):
    return {"action": action, "deal": deal, "client_id": str(uuid.uuid4()), **counts}


def lines() -> int:
    return SheetEntry.objects.count()


def test_a_guest_says_who_they_are_enters_and_hands_the_phone_over():
    s = published("german_whist", 2)
    table = s.table()
    path = sheet_path(table)
    phone = Client()
    who = phone.get(path).content.decode()
    assert "Who are you?" in who and "Seat 1" in who and "Seat 2" in who and "Seat 0" not in who
    assert "Player 1" in who and "Player 2" in who
    names = {st["seat"]: st["player"] for st in sheets.build_state(table)["seats"]}
    phone.post(path + "seat", {"seat": 0})
    page = phone.get(path).content.decode()
    assert f"You are <strong>{names[0]}</strong> (seat 1)" in page and "Enter deal 1" in page
    assert f"{names[table.game.first_dealer]} deals" in page  # the dealer, as on the PDF
    assert phone.post(path + "act", form(1, tricks_0=7, tricks_1=6)).status_code == 302
    handover = phone.get(path).content.decode()
    assert "Hand the phone to a player of the other side: who are you?" in handover
    picker = handover.split('class="handover"')[1].split("</section>")[0]
    assert names[1] in picker and names[0] not in picker  # only the other side
    assert "Confirm deal 1" not in handover  # the entering side cannot confirm
    phone.post(path + "seat", {"seat": 1})
    other = phone.get(path).content.decode()
    assert "Confirm deal 1" in other and f"You are <strong>{names[1]}</strong>" in other
    assert phone.post(path + "act", form(1, action="confirm")).status_code == 302
    state = sheets.build_state(table)
    assert state["deals"][0]["status"] == "counted" and state["counted"] == 1
    entry, confirm = SheetEntry.objects.filter(table=table).order_by("id")
    assert (entry.kind, entry.seat, entry.side, entry.entered_by_id) == ("entry", 0, 0, None)
    assert (confirm.kind, confirm.seat, confirm.side) == ("confirm", 1, 1)
    assert entry.via_guest_link and confirm.via_guest_link
    # The device id is a cookie; only hashes are stored, of it and of the address.
    device = phone.cookies["tavolo_device"].value
    assert entry.device and entry.device == confirm.device and device not in entry.device
    assert entry.ip_hash and "127.0.0.1" not in entry.ip_hash


def test_another_phone_of_the_other_side_confirms():
    s = published("german_whist", 2)
    path = sheet_path(s.table())
    first, second = guest(path, 0), guest(path, 1)
    first.post(path + "act", form(1, tricks_0=8, tricks_1=5))
    assert "Confirm deal 1" in second.get(path).content.decode()
    second.post(path + "act", form(1, action="confirm"))
    assert sheets.build_state(s.table())["counted"] == 1
    devices = set(SheetEntry.objects.values_list("device", flat=True))
    assert len(devices) == 2  # two phones, two devices in the history


def test_a_partner_cannot_confirm_their_own_sides_entry():
    s = published("whist", 4, pairing_method="whist_drive")
    path = sheet_path(s.table())
    phone = guest(path, 0)
    phone.post(path + "act", form(1, tricks_0=7, tricks_1=6))
    phone.post(path + "seat", {"seat": 2})  # seat 3: the same team as seat 1
    before = lines()
    refused = phone.post(path + "act", form(1, action="confirm"), HTTP_X_TAVOLO_QUEUE="1")
    assert refused.status_code == 403 and "another side" in refused.json()["message"]
    assert lines() == before


def test_a_guest_cannot_rule_or_correct():
    s = published("german_whist", 2)
    path = sheet_path(s.table())
    phone = guest(path, 0)
    phone.post(path + "act", form(1, tricks_0=7, tricks_1=6))
    before = lines()
    for action in ("resolve", "correct"):
        answer = phone.post(
            path + "act",
            {**form(1, action=action, tricks_0=6, tricks_1=7), "confirmed": "1", "reason": "x"},
            HTTP_X_TAVOLO_QUEUE="1",
        )
        assert answer.status_code == 403
    assert lines() == before
    assert guest(path).get(path + "rule?deal=1").status_code == 403


def test_a_seat_said_at_one_table_says_nothing_at_another():
    s = published("german_whist", 4)
    one, two = sheet_path(s.table(1)), sheet_path(s.table(2))
    phone = guest(one, 0)
    before = lines()
    refused = phone.post(two + "act", form(1, tricks_0=7, tricks_1=6), HTTP_X_TAVOLO_QUEUE="1")
    assert refused.status_code == 403 and "seat" in refused.json()["message"]
    assert "Who are you?" in phone.get(two).content.decode()
    assert lines() == before
    # Entering through table 1's code writes table 1's sheet, and nothing else.
    phone.post(one + "act", form(1, tricks_0=7, tricks_1=6))
    assert list(SheetEntry.objects.values_list("table_id", flat=True)) == [s.table(1).pk]


def test_a_seat_outside_the_table_is_refused():
    s = published("german_whist", 2)
    path = sheet_path(s.table())
    phone = Client()
    for seat in ("2", "-1", "x"):
        assert phone.post(path + "seat", {"seat": seat}).status_code == 400
    assert "Who are you?" in phone.get(path).content.decode()


@pytest.mark.parametrize("how", ["forged", "unknown", "past the largest id"])
def test_a_forged_or_unknown_code_is_a_404_and_writes_nothing(how):
    s = published("german_whist", 2)
    code = table_code(s.table().pk)
    if how == "forged":
        code = code[:-1] + ("a" if code[-1] != "a" else "b")
    elif how == "unknown":
        code = table_code(s.table().pk + 1000)  # well signed, no such table
    else:
        code = table_code(2**63)  # well signed, past what a bigint holds
    phone = Client()
    assert phone.get(f"/s/{code}/").status_code == 404
    assert phone.post(f"/s/{code}/seat", {"seat": 0}).status_code == 404
    before = lines()
    answer = phone.post(f"/s/{code}/act", form(1, tricks_0=7, tricks_1=6))
    assert answer.status_code == 404 and lines() == before


def test_a_closed_rounds_code_says_so_and_writes_nothing():
    s = published("german_whist", 2)
    table = s.table()
    path = sheet_path(table)
    phone, player = guest(path, 0), Client()
    player.force_login(s.seat(1))
    phone.post(path + "act", form(1, tricks_0=7, tricks_1=6))
    round_closing.close_round(s.round, by=s.director)
    page = phone.get(path)
    assert page.status_code == 200 and "Round 1 is closed" in page.content.decode()
    assert "Enter deal" not in page.content.decode()
    assert "Round 1 is closed" in Client().get(path).content.decode()
    before = lines()
    for client, data in (
        (phone, form(2, tricks_0=7, tricks_1=6)),
        (phone, form(1, action="confirm")),
        (player, form(1, action="confirm")),
    ):
        answer = client.post(path + "act", data)
        assert answer.status_code == 409 and "closed" in answer.content.decode()
    assert phone.post(path + "seat", {"seat": 1}).status_code == 409
    assert lines() == before
    # The player reads the sheet, without a form; the director still rules.
    read = player.get(path).content.decode()
    assert "Round 1 is closed" in read and "Confirm deal 1" not in read
    director = Client()
    director.force_login(s.director)
    assert "Confirm deal 1" in director.get(path).content.decode()
    director.post(path + "act", form(1, action="confirm"))
    assert lines() == before + 1


def test_publishing_the_next_round_closes_the_last_one_and_its_old_codes():
    s = published("german_whist", 2)
    old = sheet_path(s.table())
    director = Client()
    director.force_login(s.director)
    director.post(old + "act", form(1, tricks_0=7, tricks_1=6))  # a director's entry counts
    phone = guest(old, 0)
    nxt = rounds.publish(rounds.pair_next_round(s.round.tournament, by=s.director), by=s.director)
    assert Round.objects.get(pk=s.round.pk).is_closed and not nxt.is_closed
    before = lines()
    answer = phone.post(old + "act", form(1, action="confirm"), HTTP_X_TAVOLO_QUEUE="1")
    assert answer.status_code == 409 and "closed" in answer.json()["message"]
    assert lines() == before
    # The new round's code works.
    new = sheet_path(nxt.tables.first())
    assert guest(new, 0).post(new + "act", form(1, tricks_0=7, tricks_1=6)).status_code == 302


def test_a_round_paired_past_a_table_still_playing_stays_open_for_that_table():
    """The director confirmed pairing the next round while a table was still at play:
    its players can still score it through their table's link."""
    s = published("german_whist", 2)
    old = sheet_path(s.table())
    phone = guest(old, 0)
    nxt = rounds.publish(
        rounds.pair_next_round(s.round.tournament, by=s.director, confirm_unfinished=True),
        by=s.director,
    )
    assert not Round.objects.get(pk=s.round.pk).is_closed and not nxt.is_closed
    before = lines()
    assert phone.post(old + "act", form(1, tricks_0=7, tricks_1=6)).status_code == 302
    assert lines() == before + 1
    round_closing.close_round(s.round, by=s.director)  # the director closes it once done
    answer = phone.post(old + "act", form(2, tricks_0=7, tricks_1=6), HTTP_X_TAVOLO_QUEUE="1")
    assert answer.status_code == 409 and lines() == before + 1


def test_guest_writes_are_rate_limited_per_table(monkeypatch):
    monkeypatch.setattr(guest_sheets, "PER_TABLE", 2)
    s = published("german_whist", 4)
    path = sheet_path(s.table(1))
    a = guest(path, 0)
    a.post(path + "act", form(1, tricks_0=7, tricks_1=6))
    a.post(path + "act", form(1, tricks_0=8, tricks_1=5))  # a typo fixed: 2 writes
    before = lines()
    answer = a.post(path + "act", form(1, tricks_0=7, tricks_1=6), HTTP_X_TAVOLO_QUEUE="1")
    assert (
        answer.status_code == 429
        and "Too many entries from this table" in (answer.json()["message"])
    )
    page = guest(path, 1).post(path + "act", form(1, action="confirm"))
    assert page.status_code == 429 and 'role="alert"' in page.content.decode()
    assert lines() == before
    # Another table is not held up by this one; a login is not limited.
    other = sheet_path(s.table(2))
    assert guest(other, 0).post(other + "act", form(1, tricks_0=7, tricks_1=6)).status_code == 302
    player = Client()
    player.force_login(s.seat(1))
    assert player.post(path + "act", form(1, action="confirm")).status_code == 302


def test_guest_writes_are_rate_limited_per_address(monkeypatch):
    monkeypatch.setattr(guest_sheets, "PER_IP", 1)
    s = published("german_whist", 4)
    one, two = sheet_path(s.table(1)), sheet_path(s.table(2))
    assert guest(one, 0).post(one + "act", form(1, tricks_0=7, tricks_1=6)).status_code == 302
    before = lines()
    answer = guest(two, 0).post(
        two + "act", form(1, tricks_0=7, tricks_1=6), HTTP_X_TAVOLO_QUEUE="1"
    )
    assert answer.status_code == 429 and "this network" in answer.json()["message"]
    elsewhere = guest(two, 0).post(
        two + "act", form(1, tricks_0=7, tricks_1=6), REMOTE_ADDR="10.0.0.9"
    )
    assert elsewhere.status_code == 302 and lines() == before + 1


def test_the_director_sees_who_entered_what_how_and_from_which_device():
    s = published("german_whist", 2)
    table = s.table()
    path = sheet_path(table)
    names = {st["seat"]: st["player"] for st in sheets.build_state(table)["seats"]}
    guest(path, 1).post(path + "act", form(1, tricks_0=7, tricks_1=6))
    player = Client()
    player.force_login(s.seat(0))
    player.post(path + "act", form(1, action="confirm"))
    history = sheets.history(table, s.director)
    assert [(h["kind"], h["seat"], h["guest"], h["name"]) for h in history] == [
        ("entry", 1, True, names[1]),
        ("confirm", 0, False, names[0]),
    ]
    assert history[0]["by"] is None and history[0]["device"] and history[0]["at"]
    director = Client()
    director.force_login(s.director)
    page = director.get(path).content.decode()
    shown = page.split("sheet-history")[1]
    assert f"seat 2 <strong>{names[1]}</strong>" in shown
    assert "as a guest, through the table link" in shown
    assert f"device {history[0]['device'][:8]}" in shown
    assert f"logged in as {s.seat(0).username}" in shown
    assert "side 0" not in shown and "seat 0" not in shown


def test_a_refused_tally_keeps_what_was_typed_and_shows_an_error():
    s = published("german_whist", 2)
    path = sheet_path(s.table())
    phone = guest(path, 0)
    before = lines()
    page = phone.post(path + "act", form(1, tricks_0=7, tricks_1=7))
    html = page.content.decode()
    assert page.status_code == 400 and lines() == before
    error = re.search(r'<p class="sheet-error"[^>]*role="alert"[^>]*>([^<]+)</p>', html)
    assert error and "13" in error.group(1)
    assert 'name="tricks_0"' in html and re.search(r'name="tricks_0"[^>]*value="7"', html)
    assert re.search(r'name="tricks_1"[^>]*value="7"', html)
    assert 'aria-invalid="true"' in html
    assert 'class="notice" role="status">' not in html.split("<main>")[1].split("<h1>")[0]


def test_the_same_for_a_login_and_an_error_message_is_styled_as_an_error():
    s = published("german_whist", 2)
    path = sheet_path(s.table())
    player = Client()
    player.force_login(s.seat(0))
    page = player.post(path + "act", form(1, tricks_0=9, tricks_1=9))
    assert page.status_code == 400
    assert re.search(r'name="tricks_1"[^>]*value="9"', page.content.decode())


def test_a_ruling_is_confirmed_on_a_page_of_its_own():
    s = published("german_whist", 2)
    table = s.table()
    path = sheet_path(table)
    names = {st["seat"]: st["player"] for st in sheets.build_state(table)["seats"]}
    guest(path, 0).post(path + "act", form(1, tricks_0=7, tricks_1=6))
    guest(path, 1).post(path + "act", form(1, tricks_0=8, tricks_1=5))
    director = Client()
    director.force_login(s.director)
    sheet = director.get(path).content.decode()
    assert f"{names[0]}&#x27;s tricks: 7 or 8" in sheet
    assert f"Count {names[0]}'s tally…" in sheet
    first = SheetEntry.objects.filter(table=table, kind="entry").order_by("id").first()
    before = lines()
    # Without the confirmation, nothing is ruled.
    refused = director.post(path + "act", {**form(1, action="resolve"), "chose": first.pk})
    assert refused.status_code == 400 and lines() == before
    confirm = director.get(path + f"rule?deal=1&chose={first.pk}").content.decode()
    assert "Yes, count it" in confirm and f"Count {names[0]}'s tally?" in confirm
    assert f"{names[1]}&#x27;s tricks: 6 or 5" in confirm
    assert lines() == before  # looking at it rules nothing
    cid_value = re.search(r'name="client_id" value="([^"]+)"', confirm).group(1)
    director.post(
        path + "act",
        {"action": "resolve", "deal": 1, "client_id": cid_value, "chose": first.pk,
         "confirmed": "1"},
    )  # fmt: skip
    assert sheets.build_state(table)["deals"][0]["status"] == "counted"
    # The director's own tally goes through the same page.
    own = director.post(path + "rule", {"deal": 2, "tricks_0": "6", "tricks_1": "7"})
    assert own.status_code == 404  # deal 2 waits for no ruling
    assert director.get(path + "rule?deal=1&chose=999999").status_code == 404


def test_a_sheet_read_through_the_api_says_what_differs_in_words():
    s = published("german_whist", 2)
    table = s.table()
    sheets.submit(table, 1, {"tricks": [7, 6]}, s.seat(0), cid())
    sheets.submit(table, 1, {"tricks": [8, 5]}, s.seat(1), cid())
    deal = sheets.sheet_state(table, s.director)["deals"][0]
    assert deal["differs"] == ["tricks[0]", "tricks[1]"]
    assert len(deal["differences"]) == 2 and deal["differences"][0].endswith("tricks: 7 or 8")


def test_a_directors_own_tally_is_confirmed_too_and_a_garbled_one_kept():
    s = published("german_whist", 2)
    table = s.table()
    path = sheet_path(table)
    guest(path, 0).post(path + "act", form(1, tricks_0=7, tricks_1=6))
    guest(path, 1).post(path + "act", form(1, tricks_0=8, tricks_1=5))
    director = Client()
    director.force_login(s.director)
    garbled = director.post(
        path + "rule", {"action": "resolve", "deal": 1, "tricks_0": "9", "tricks_1": "x"}
    )
    html = garbled.content.decode()
    assert garbled.status_code == 400 and "whole number" in html
    assert re.search(r'name="tricks_0"[^>]*value="9"', html)
    before = lines()
    preview = director.post(
        path + "rule", {"action": "resolve", "deal": 1, "tricks_0": "9", "tricks_1": "4"}
    ).content.decode()
    assert "Count your tally?" in preview and lines() == before
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', preview))
    assert hidden["confirmed"] == "1" and hidden["tricks_0"] == "9"
    director.post(path + "act", hidden)
    assert sheets.build_state(table)["deals"][0]["tally"]["tricks"] == [9, 4]


def test_an_online_tables_code_is_a_404():
    s = published("german_whist", 2, mode="online")
    code = table_code(s.table().pk)
    phone = Client()
    assert phone.get(f"/s/{code}/").status_code == 404
    assert phone.post(f"/s/{code}/seat", {"seat": 0}).status_code == 404
    assert phone.post(f"/s/{code}/act", form(1, tricks_0=7, tricks_1=6)).status_code == 404
    assert not SheetEntry.objects.exists()
