"""In Chromium, on a 360 px phone: a player signs up, confirms their address with
the link the site e-mailed (read from the live site's mail directory), logs out and
in again, and claims the results their club recorded for them as a guest, with the
one-time code the director issued on the club's management page (also at 360 px).

Screenshots of every step go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import email
import json
import re
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Run in the live site's database: a director owning a club, and a guest of the club
# entered in a tournament.
MAKE_CLUB = """
import json
from django.contrib.auth import get_user_model
from tournaments.services import clubs, tournaments
director = get_user_model().objects.create_user("DIRECTOR", password="tavolo-demo")
club = clubs.create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=director)
guest = clubs.add_guest(club, by=director, name="Pina GUESTNAME")
cup = tournaments.create_tournament(
    club, by=director, settings={"name": "Coppa SUFFIX", "game_type": "german_whist"}
)
cup = tournaments.set_status(cup, by=director, status="open")
tournaments.register(cup, by=director, player=guest)
print(json.dumps({"club": club.slug, "guest": guest.pk}))
"""

PASSWORD = "tramonto-sul-lago-42"


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


def _mail_to(directory: Path, address: str, timeout: float = 10.0) -> str:
    """The body of the newest e-mail the live site wrote for ``address``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted(directory.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True):
            for raw in path.read_text(errors="replace").split("-" * 79):
                message = email.message_from_string(raw.strip())
                if address in str(message.get("To", "")):
                    payload = message.get_payload(decode=True)
                    return payload.decode() if isinstance(payload, bytes) else str(payload)
        time.sleep(0.2)
    pytest.fail(f"no e-mail to {address} in {directory}")


def test_a_player_signs_up_confirms_and_claims_their_guest_results_on_a_phone(
    live_site, page, phone_page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    director, username = f"director-{suffix}", f"pina{suffix}"
    address = f"{username}@example.org"
    made = _json_line(
        live_site.shell(
            MAKE_CLUB.replace("DIRECTOR", director)
            .replace("SUFFIX", suffix)
            .replace("GUESTNAME", f"G{suffix}")
        )
    )
    club = made["club"]

    # 0. On a desktop, the log-in page links to signing up and to a forgotten password.
    page.goto("/accounts/login/")
    expect(page.get_by_role("link", name="Forgot your password?")).to_be_visible()
    snap(page, "login-desktop")

    # 1. The director, on a phone too, issues the guest's code on the management page.
    page.set_viewport_size({"width": 360, "height": 740})
    log_in(page, director)
    page.goto(f"/clubs/{club}/manage/")
    _no_sideways_scroll(page)
    snap(page, "director-manage-guests")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Claim code for Pina G{suffix}").click()
    code = page.locator(".claim-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code), code
    expect(page.locator(".claim-for")).to_contain_text(f"Pina G{suffix}")
    _no_sideways_scroll(page)
    snap(page, "director-claim-code")
    page.set_viewport_size({"width": 1280, "height": 800})
    snap(page, "director-claim-code-desktop")

    # 2. The player signs up on their phone, from the navigation.
    phone = phone_page
    phone.goto("/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Sign up", exact=True).click()
    phone.get_by_label("User name").fill(username)
    phone.get_by_label("Your name").fill("Pina Rossi")
    phone.get_by_label("E-mail address").fill(address)
    phone.get_by_label("Password", exact=True).fill("short")
    phone.get_by_label("Password again").fill("short")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Sign up").click()
    # A weak password: the error sits under the field, what was typed stays.
    expect(phone.locator(".field--error .field-error").first).to_contain_text("too short")
    expect(phone.get_by_label("Your name")).to_have_value("Pina Rossi")
    _no_sideways_scroll(phone)
    snap(phone, "signup-weak-password")
    phone.get_by_label("Password", exact=True).fill(PASSWORD)
    phone.get_by_label("Password again").fill(PASSWORD)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Sign up").click()
    expect(phone.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    expect(phone.locator("header nav")).to_contain_text("Pina Rossi")
    _no_sideways_scroll(phone)
    snap(phone, "signup-check-your-email")

    # 3. The link in the e-mail confirms the address.
    body = _mail_to(Path(live_site.env["TAVOLO_EMAIL_FILE_PATH"]), address)
    link = re.search(r"https?://\S+/accounts/verify/\S+", body)
    assert link, body
    phone.goto(link.group(0))
    expect(phone.get_by_role("heading", name=re.compile("confirmed"))).to_be_visible()
    snap(phone, "email-confirmed")

    # 4. Log out and in again.
    with phone.expect_navigation():
        phone.get_by_role("button", name="Log out").click()
    expect(phone.get_by_role("link", name="Sign up", exact=True)).to_be_visible()
    log_in(phone, username, PASSWORD)

    # 5. Claim the results with the director's code, typed as a person would.
    with phone.expect_navigation():
        phone.locator("header nav").get_by_role("link", name="Pina Rossi").click()
    expect(phone.get_by_role("heading", name="Claim your results")).to_be_visible()
    expect(phone.locator(".my-tournaments")).not_to_contain_text(f"Coppa {suffix}")
    _no_sideways_scroll(phone)
    snap(phone, "claim-page")
    phone.get_by_label("Your code").fill(code.lower().replace("-", " "))
    with phone.expect_navigation():
        phone.get_by_role("button", name="Claim my results").click()
    expect(phone.locator(".notice")).to_contain_text(f"Circolo {suffix}")
    expect(phone.locator(".my-tournaments")).to_contain_text(f"Coppa {suffix}")
    _no_sideways_scroll(phone)
    snap(phone, "claimed")

    # 6. The tournament's page lists the player under their own name now.
    with phone.expect_navigation():
        phone.locator(".my-tournaments").get_by_role("link", name=f"Coppa {suffix}").click()
    expect(phone.locator("main")).to_contain_text("Pina Rossi")
    snap(phone, "tournament-after-claim")


MAKE_PLAYER = """
from tournaments.services import accounts
accounts.sign_up(username="USERNAME", display_name="Gino Verdi", email="ADDRESS",
                 password="OLD-PASSWORD")
"""


def test_a_forgotten_password_is_reset_through_the_emailed_link_on_a_phone(
    live_site, phone_page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    username, address = f"gino{suffix}", f"gino{suffix}@example.org"
    live_site.shell(
        MAKE_PLAYER.replace("USERNAME", username)
        .replace("ADDRESS", address)
        .replace("OLD-PASSWORD", PASSWORD)
    )
    phone = phone_page
    phone.goto("/accounts/login/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Forgot your password?").click()
    _no_sideways_scroll(phone)
    snap(phone, "reset-form")
    phone.get_by_label("E-mail address").fill(address)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Send me the link").click()
    expect(phone.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    snap(phone, "reset-sent")

    body = _mail_to(Path(live_site.env["TAVOLO_EMAIL_FILE_PATH"]), address)
    link = re.search(r"https?://\S+/accounts/reset/\S+", body)
    assert link, body
    phone.goto(link.group(0))
    expect(phone.get_by_role("heading", name="Choose a new password")).to_be_visible()
    phone.get_by_label("New password", exact=True).fill("una-nuova-parola-77")
    phone.get_by_label("New password again").fill("una-nuova-parola-77")
    _no_sideways_scroll(phone)
    snap(phone, "reset-choose")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Save the new password").click()
    expect(phone.get_by_role("heading", name="Your password is changed")).to_be_visible()
    log_in(phone, username, "una-nuova-parola-77")
    expect(phone.locator("header nav")).to_contain_text("Gino Verdi")
