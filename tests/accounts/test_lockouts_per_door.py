"""One person's mistakes lock one person (issue 34), at the production limits: ten
wrong passwords lock that account from that address only; wrong codes at one table
lock that table's sheet only; a whole address is locked only at a much higher count;
and the counts are in PostgreSQL, so emptying Redis lifts no lock."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from tests.support.caches import forget_this_workers_keys
from tests.support.factories import make_user, published
from tournaments.services import lockouts
from tournaments.web.sheet_codes import TAG, table_code
from tournaments.web.sheet_pages import sheet_path

pytestmark = pytest.mark.django_db

_addresses = itertools.count(1)


@pytest.fixture(autouse=True)
def production_limits(settings: Any) -> None:
    """The defaults of tavolo/settings.py (the test session raises them)."""
    settings.AXES_FAILURE_LIMIT = 10
    settings.TAVOLO_ACCOUNT_FAILURES = 50
    settings.TAVOLO_ADDRESS_FAILURES = 100


def address() -> str:
    n = next(_addresses)
    return f"10.{200 + n // 250 % 50}.{n % 250}.{int(time.time()) % 250}"


def log_in(ip: str, username: str, password: str) -> Any:
    return Client(REMOTE_ADDR=ip).post(
        "/accounts/login/", {"username": username, "password": password}
    )


def token(ip: str, username: str, password: str) -> Any:
    return APIClient(REMOTE_ADDR=ip).post(
        "/api/auth/token", {"username": username, "password": password}, format="json"
    )


def test_ten_wrong_passwords_lock_one_account_at_one_address_and_no_one_else() -> None:
    make_user("alice")
    make_user("bice")
    club_wifi = address()
    for _ in range(9):
        assert log_in(club_wifi, "alice", "wrong").status_code == 200
    refused = log_in(club_wifi, "alice", "wrong")  # the tenth
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Please wait 15 minutes" in refused.content.decode()
    assert log_in(club_wifi, "alice", "pw-alice").status_code == 429  # even the right one
    # Another member on the same Wi-Fi logs in, by the form and by the API.
    assert log_in(club_wifi, "bice", "pw-bice").status_code == 302
    assert token(club_wifi, "bice", "pw-bice").status_code == 200
    # Alice from her phone's own network too: one address's mistakes lock that address.
    assert log_in(address(), "alice", "pw-alice").status_code == 302


def test_the_token_and_the_form_share_one_count_per_account_and_address() -> None:
    make_user("carla")
    ip = address()
    for _ in range(5):
        token(ip, "carla", "wrong")
    for _ in range(4):
        log_in(ip, "carla", "wrong")
    assert token(ip, "carla", "wrong").status_code == 429  # the tenth, at either door
    assert log_in(ip, "carla", "pw-carla").status_code == 429


def test_wrong_codes_at_one_table_lock_that_tables_sheet_only() -> None:
    scene = published("german_whist", 4)
    three, four = scene.table(1), scene.table(2)
    club_wifi = address()
    phone = Client(REMOTE_ADDR=club_wifi)
    head = table_code(three.pk)[:-TAG]
    limit = 10 * lockouts.CODE_FACTOR
    for n in range(limit - 1):
        assert phone.get(f"/s/{head}{n:08d}/").status_code == 404
    assert phone.get(f"/s/{head}{'z' * TAG}/").status_code == 429  # the limit's failure
    assert phone.get(sheet_path(three)).status_code == 429  # that table's right code too
    # The next table's sheet opens, from the same Wi-Fi.
    assert phone.get(sheet_path(four)).status_code == 200
    # And the log-in door is not the code door.
    make_user("dario")
    assert log_in(club_wifi, "dario", "pw-dario").status_code == 302


def test_the_address_wide_limit_still_trips_at_its_higher_number() -> None:
    make_user("bruno")
    ip = address()
    for n in range(99):  # one wrong password each for 99 accounts
        log_in(ip, f"nobody-{n}", "wrong")
    assert log_in(ip, "bruno", "pw-bruno").status_code == 302  # 99: not yet
    assert log_in(ip, "nobody-x", "wrong").status_code == 429  # the hundredth
    assert log_in(ip, "bruno", "pw-bruno").status_code == 429
    assert token(ip, "bruno", "pw-bruno").status_code == 429
    assert log_in(address(), "bruno", "pw-bruno").status_code == 302  # elsewhere: fine


def test_the_code_doors_address_wide_limit_trips_at_its_higher_number() -> None:
    """Counted through the service (a thousand pages would take long): wrong codes at
    twenty tables, fewer than each table's limit, lock the address's code door at
    CODE_FACTOR times the address limit, and only that door."""
    ip = address()
    request = RequestFactory().get("/", REMOTE_ADDR=ip)
    per_table = 10 * lockouts.CODE_FACTOR - 1
    tables = itertools.cycle(range(1_000_001, 1_000_021))
    for _ in range(100 * lockouts.CODE_FACTOR - 1):
        lockouts.code_failed(request, next(tables))
    assert per_table * 20 > 100 * lockouts.CODE_FACTOR  # no table reached its own limit
    lockouts.refuse_code_if_locked(request, 1_000_001)  # not yet
    lockouts.code_failed(request, None)  # a code naming no table: the thousandth
    with pytest.raises(lockouts.LockedOut):
        lockouts.refuse_code_if_locked(request, 5)
    assert not lockouts.is_locked(request, "anyone")


def test_a_lock_survives_emptying_redis() -> None:
    make_user("elsa")
    ip = address()
    for _ in range(10):
        log_in(ip, "elsa", "wrong")
    assert log_in(ip, "elsa", "pw-elsa").status_code == 429
    forget_this_workers_keys()  # what a restart of Redis without its data does
    assert log_in(ip, "elsa", "pw-elsa").status_code == 429
    assert token(ip, "elsa", "pw-elsa").status_code == 429
