"""Redis is not a door (issue 34): with the cache and the channel layer pointing at a
Redis that is down (a port nothing listens on: connections refused, as in an outage),
logging in, API tokens and a guest's score sheet keep answering, and a lock still
holds, because the counts are in PostgreSQL."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

import pytest
from django.core.cache import cache, caches
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import service_unavailable
from tests.support.caches import unreachable_redis
from tests.support.factories import make_user, published
from tests.support.private_redis import REDIS_SERVER, private_redis
from tournaments.models import SheetEntry
from tournaments.web.sheet_pages import sheet_path

pytestmark = pytest.mark.django_db

_addresses = itertools.count(1)


@pytest.fixture(autouse=True)
def redis_down(settings: Any) -> Any:
    settings.AXES_FAILURE_LIMIT = 3
    with unreachable_redis():
        with pytest.raises(Exception):  # noqa: B017, PT011 - whatever redis-py raises
            cache.get("anything")  # it is really down
        yield


def address() -> str:
    return f"10.199.{next(_addresses) % 250}.9"


def test_logging_in_answers_and_locks_with_redis_down() -> None:
    make_user("anna")
    ip = address()
    assert Client(REMOTE_ADDR=ip).get("/accounts/login/").status_code == 200
    right = {"username": "anna", "password": "pw-anna"}
    assert Client(REMOTE_ADDR=ip).post("/accounts/login/", right).status_code == 302
    web = Client(REMOTE_ADDR=ip)
    for _ in range(2):
        answer = web.post("/accounts/login/", {"username": "anna", "password": "wrong"})
        assert answer.status_code == 200
    locked = web.post("/accounts/login/", {"username": "anna", "password": "wrong"})
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0
    assert "Too many failed attempts" in locked.content.decode()


def test_a_token_answers_with_redis_down() -> None:
    make_user("berto")
    api = APIClient(REMOTE_ADDR=address())
    body = {"username": "berto", "password": "pw-berto"}
    assert api.post("/api/auth/token", body, format="json").status_code == 200
    wrong = {"username": "berto", "password": "wrong"}
    assert api.post("/api/auth/token", wrong, format="json").status_code == 400


def test_a_guest_score_sheet_answers_with_redis_down() -> None:
    scene = published("german_whist", 2)
    phone = Client(REMOTE_ADDR=address())
    page = phone.get(sheet_path(scene.table()))
    assert page.status_code == 200 and "Who are you?" in page.content.decode()
    assert phone.get(f"/s/{'q' * 10}/").status_code == 404  # a wrong code is counted


def test_a_guest_enters_a_deal_with_redis_down() -> None:
    """Guest writes are counted (rate-limited) in PostgreSQL too."""
    scene = published("german_whist", 2)
    path = sheet_path(scene.table())
    phone = Client(REMOTE_ADDR=address())
    assert phone.post(path + "seat", {"seat": 0}).status_code == 302
    entry = {"action": "enter", "deal": 1, "client_id": str(uuid.uuid4())}
    answer = phone.post(path + "act", {**entry, "tricks_0": 7, "tricks_1": 6})
    assert answer.status_code == 302
    assert SheetEntry.objects.filter(table=scene.table()).count() == 1


def test_a_lock_holds_through_a_redis_restart() -> None:
    """A private redis-server of this test's own: stopped, then started again empty."""
    if REDIS_SERVER is None:
        service_unavailable("redis-server is not installed (Debian's redis-server)")
    make_user("carlo")
    make_user("dina")
    ip = address()
    scene = published("german_whist", 2)
    with private_redis() as server, server.settings():
        caches["default"].set("up", 1)  # it is really there
        for _ in range(3):
            Client(REMOTE_ADDR=ip).post("/accounts/login/", {"username": "carlo", "password": "x"})
        server.stop()
        right = {"username": "carlo", "password": "pw-carlo"}
        assert Client(REMOTE_ADDR=ip).post("/accounts/login/", right).status_code == 429
        other = {"username": "dina", "password": "pw-dina"}
        assert Client(REMOTE_ADDR=ip).post("/accounts/login/", other).status_code == 302
        assert Client(REMOTE_ADDR=ip).get(sheet_path(scene.table())).status_code == 200
        server.start()  # empty: it keeps nothing on disk
        assert caches["default"].get("up") is None
        assert Client(REMOTE_ADDR=ip).post("/accounts/login/", right).status_code == 429
