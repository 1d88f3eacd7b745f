"""Which e-mail backend the settings choose, and the client address behind proxies."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.test import RequestFactory

from tournaments.services.ratelimit import client_ip

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json
from django.conf import settings
print(json.dumps({k: str(getattr(settings, k, "")) for k in (
    "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS", "DEFAULT_FROM_EMAIL", "EMAIL_FILE_PATH")}))
"""


def mail_settings(**env: str) -> dict[str, Any]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    clean.update(DJANGO_SETTINGS_MODULE="tavolo.settings", PYTHONPATH=str(ROOT), **env)
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_production_sends_by_smtp_configured_from_the_environment() -> None:
    s = mail_settings(
        TAVOLO_SECRET_KEY="x" * 50,
        TAVOLO_EMAIL_HOST="smtp.club.example",
        TAVOLO_EMAIL_PORT="587",
        TAVOLO_EMAIL_USER="tavolo",
        TAVOLO_EMAIL_PASSWORD="secret",
        TAVOLO_EMAIL_USE_TLS="1",
        TAVOLO_DEFAULT_FROM_EMAIL="Tavolo <tavolo@club.example>",
    )
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_USE_TLS"]) == (
        "smtp.club.example",
        "587",
        "True",
    )
    assert (s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"]) == ("tavolo", "secret")
    assert s["DEFAULT_FROM_EMAIL"] == "Tavolo <tavolo@club.example>"


def test_development_prints_mail_and_a_mail_directory_wins(tmp_path: Path) -> None:
    console = mail_settings(TAVOLO_DEBUG="1")
    assert console["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    files = mail_settings(TAVOLO_DEBUG="1", TAVOLO_EMAIL_FILE_PATH=str(tmp_path))
    assert files["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    assert files["EMAIL_FILE_PATH"] == str(tmp_path)


def test_the_client_address_behind_a_proxy_is_the_one_the_proxy_saw(settings: Any) -> None:
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9"
    )
    settings.TAVOLO_PROXY_COUNT = 0
    assert client_ip(request) == "127.0.0.1"
    settings.TAVOLO_PROXY_COUNT = 1
    assert client_ip(request) == "203.0.113.9"  # not what the client wrote itself
    settings.TAVOLO_PROXY_COUNT = 3  # fewer entries than proxies: fall back
    assert client_ip(request) == "127.0.0.1"
