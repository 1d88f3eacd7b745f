"""Every variable the settings read from the environment is in docs/operations.md's list."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_SETTINGS = {"PYTEST_XDIST_WORKER", "TAVOLO_TESTING"}
"""Read by the settings, set by the test runner: not for whoever runs a server."""


def test_every_environment_variable_the_settings_read_is_documented():
    source = (ROOT / "tavolo" / "settings.py").read_text()
    read = set(re.findall(r"""["']((?:TAVOLO|DATABASE|REDIS)_[A-Z_]+)["']""", source))
    read -= NOT_SETTINGS
    assert {"DATABASE_URL", "TAVOLO_SECRET_KEY", "TAVOLO_DB_PREPARED"} <= read
    documented = set(re.findall(r"`((?:TAVOLO|DATABASE|REDIS)_[A-Z_]+)`", _operations()))
    # The e-mail row names TAVOLO_EMAIL_HOST and its siblings by their suffixes.
    suffixes = re.search(r"`TAVOLO_EMAIL_HOST`((?:, `_[A-Z_]+`(?: \([^)]*\))?)+)", _operations())
    assert suffixes is not None
    documented |= {f"TAVOLO_EMAIL{s}" for s in re.findall(r"`(_[A-Z_]+)`", suffixes[1])}
    assert sorted(read - documented) == []


def _operations() -> str:
    return (ROOT / "docs" / "operations.md").read_text()
