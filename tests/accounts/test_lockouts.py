"""Password and code guessing is bounded (issues 15 and 34): every door that checks a
password, a token or a code locks out an account from an address after a few
failures, an account from anywhere and a whole address only at higher limits
(tournaments/services/lockouts.py). Each test uses client addresses of its own and low
limits, so no test's failures reach another's."""

from __future__ import annotations

import itertools
import time
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.support.factories import make_user, signed_up
from tournaments.services import lockouts
from tournaments.web.sheet_codes import TAG, table_code

pytestmark = pytest.mark.django_db

LIMIT = 3
ACCOUNT_LIMIT = 5 * LIMIT  # as in production: 10, 50, 100
ADDRESS_LIMIT = 10 * LIMIT
_addresses = itertools.count(1)


@pytest.fixture(autouse=True)
def low_limit(settings: Any) -> None:
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.TAVOLO_ACCOUNT_FAILURES = ACCOUNT_LIMIT
    settings.TAVOLO_ADDRESS_FAILURES = ADDRESS_LIMIT


def address() -> str:
    """A client address no other test of this run uses."""
    n = next(_addresses)
    return f"10.{n // 250 % 250}.{n % 250}.{int(time.time()) % 250}"


def web(ip: str | None = None) -> Client:
    return Client(REMOTE_ADDR=ip or address())


def api(ip: str | None = None) -> APIClient:
    return APIClient(REMOTE_ADDR=ip or address())


def log_in(client: Client, username: str, password: str, path: str = "/accounts/login/") -> Any:
    return client.post(path, {"username": username, "password": password})


def token(client: APIClient, username: str, password: str) -> Any:
    return client.post(
        "/api/auth/token", {"username": username, "password": password}, format="json"
    )


def assert_refused_page(answer: Any) -> None:
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert "Too many failed attempts" in answer.content.decode()


def assert_refused_json(answer: Any) -> None:
    assert answer.status_code == 429
    assert int(answer["Retry-After"]) > 0
    assert "Too many failed attempts" in answer.json()["detail"]


# ---------------------------------------------------------------------- the log-in page


def test_the_log_in_page_locks_an_account_and_refuses_even_the_right_password() -> None:
    user = make_user("alice")
    client = web()
    for _ in range(LIMIT - 1):
        assert log_in(client, "alice", "wrong").status_code == 200  # the form again
    assert_refused_page(log_in(client, "alice", "wrong"))
    # The right password now: still refused, and not logged in.
    answer = log_in(client, "alice", "pw-alice")
    assert_refused_page(answer)
    assert "_auth_user_id" not in client.session
    # Guessed from enough addresses, the account itself is locked: from another
    # address too (one address's failures alone lock only that address's tries).
    for _ in range(ACCOUNT_LIMIT // LIMIT - 1):
        guesser = web()
        for _ in range(LIMIT):
            log_in(guesser, "alice", "wrong")
    assert_refused_page(log_in(web(), "alice", "pw-alice"))
    assert lockouts.is_locked(_request_from(address()), user.username)


def test_the_log_in_page_locks_an_address_guessing_many_accounts() -> None:
    make_user("bruno")
    ip = address()
    for n in range(ADDRESS_LIMIT):  # the address's own, higher limit
        log_in(web(ip), f"nobody-{n}", "wrong")
    assert_refused_page(log_in(web(ip), "bruno", "pw-bruno"))
    # Bruno from elsewhere is fine: his account was never guessed.
    assert log_in(web(), "bruno", "pw-bruno").status_code == 302


def test_the_locked_page_is_translated() -> None:
    make_user("carlo")
    client = Client(REMOTE_ADDR=address(), HTTP_ACCEPT_LANGUAGE="it")
    for _ in range(LIMIT):
        log_in(client, "carlo", "wrong")
    answer = log_in(client, "carlo", "pw-carlo")
    assert answer.status_code == 429 and "Troppi tentativi" in answer.content.decode()


def test_a_lock_ends_after_the_cool_off(settings: Any) -> None:
    """Waits out a one-second cool-off (about 1.5 s): the lock is a cache entry that
    expires, in whatever cache is configured (local memory or Redis)."""
    settings.AXES_COOLOFF_TIME = timedelta(seconds=1)
    make_user("dora")
    ip = address()
    for _ in range(LIMIT):
        log_in(web(ip), "dora", "wrong")
    assert_refused_page(log_in(web(ip), "dora", "pw-dora"))
    # Tries while locked are not counted, so they do not make the lock last longer.
    assert_refused_page(log_in(web(ip), "dora", "wrong"))
    deadline = time.monotonic() + 10
    while lockouts.is_locked(_request_from(ip), "dora") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert log_in(web(ip), "dora", "pw-dora").status_code == 302


def test_a_password_reset_lifts_the_accounts_lock() -> None:
    from tests.support.accounts import link_in_last_mail

    signed_up("elena")
    ip = address()
    for _ in range(LIMIT):
        log_in(web(ip), "elena", "wrong")
    assert_refused_page(log_in(web(ip), "elena", "wrong"))
    client = web()
    client.post("/accounts/password-reset/", {"email": "elena@example.org"})
    form = client.get(link_in_last_mail(), follow=True)
    new = "una-nuova-parola-77"
    done = client.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done.status_code == 302
    assert log_in(web(ip), "elena", new).status_code == 302  # the locked address too


# ---------------------------------------------------------------------- the admin


def test_the_admin_log_in_is_limited_too() -> None:
    make_user("franca", staff=True)
    client = web()
    for _ in range(LIMIT):
        log_in(client, "franca", "wrong", "/admin/login/")
    assert_refused_page(log_in(client, "franca", "pw-franca", "/admin/login/"))


# ---------------------------------------------------------------------- the API token


def test_the_token_endpoint_locks_an_account_with_json_and_retry_after() -> None:
    make_user("gino")
    ip = address()
    client = api(ip)
    for _ in range(LIMIT - 1):
        assert token(client, "gino", "wrong").status_code == 400
    assert_refused_json(token(client, "gino", "wrong"))
    assert_refused_json(token(client, "gino", "pw-gino"))  # right password, still locked
    assert_refused_json(token(api(ip), "gino", "pw-gino"))  # from any client at the address
    # The web log-in of the same account is locked as well: one count per account and
    # address, whichever door (form, admin, token) the password was typed at.
    assert_refused_page(log_in(web(ip), "gino", "pw-gino"))


def test_the_token_endpoint_locks_an_address() -> None:
    make_user("ivo")
    ip = address()
    for n in range(ADDRESS_LIMIT):  # the address's own, higher limit
        token(api(ip), f"nobody-{n}", "wrong")
    assert_refused_json(token(api(ip), "ivo", "pw-ivo"))
    assert token(api(), "ivo", "pw-ivo").status_code == 200


# ---------------------------------------------------------------------- links and codes


def test_wrong_reset_links_lock_the_address() -> None:
    ip = address()
    client = web(ip)
    for n in range(LIMIT - 1):
        answer = client.get(f"/accounts/reset/MQ/bad-{n}/", follow=True)
        assert answer.status_code == 200 and b"does not work" in answer.content
    assert_refused_page(client.get("/accounts/reset/MQ/bad-last/"))  # the limit's failure
    assert_refused_page(client.get("/accounts/reset/MQ/bad-again/"))
    # A door of its own: the address's log-ins are not locked by wrong links.
    make_user("lina")
    assert log_in(web(ip), "lina", "pw-lina").status_code == 302


def test_wrong_sheet_codes_lock_the_address_at_a_higher_limit() -> None:
    """A club's phones share one Wi-Fi address, and the codes cannot be guessed in a
    few hundred tries: the sheets' door locks one table's code for an address only at
    CODE_FACTOR times the limit."""
    ip = address()
    client = web(ip)
    limit = LIMIT * lockouts.CODE_FACTOR
    head = table_code(1)[:-TAG]  # codes naming table 1, with wrong tags
    for n in range(limit - 1):
        assert client.get(f"/s/{head}{'a' * 6}{n:02d}/").status_code == 404
    # Past the log-in's limit already: that door is a door of its own, not locked.
    make_user("nora")
    assert log_in(web(ip), "nora", "pw-nora").status_code == 302
    assert_refused_page(client.get(f"/s/{head}{'a' * 8}/"))  # the failure that reaches the limit
    # A well-signed code of that table is refused too while it is locked here.
    assert_refused_page(client.get(f"/s/{table_code(1)}/"))
    assert web().get(f"/s/{head}{'b' * 8}/").status_code == 404  # other addresses are not locked


def _request_from(ip: str) -> Any:
    from django.test import RequestFactory

    return RequestFactory().get("/", REMOTE_ADDR=ip)
