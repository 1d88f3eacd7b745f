"""Every string marked for translation in the code and templates is in the .po files,
and nothing else is: Django's ``makemessages`` (the same arguments as ``manage.py
update_messages``) runs on a copy of the sources, and its msgids are compared with the
committed catalogues. It needs GNU gettext's xgettext: without it the test is skipped,
except under TAVOLO_REQUIRE_SERVICES=1 (CI, whose .ci/run installs gettext), where that
is a failure.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings

from tournaments.management.commands.update_messages import (
    DOMAINS,
    IGNORED,
    make_messages,
    source_languages,
)

ROOT = Path(settings.BASE_DIR)


def _unavailable(reason: str) -> None:
    """Skip, or fail when TAVOLO_REQUIRE_SERVICES=1 (as ``service_unavailable`` in
    tests/conftest.py, which a test module cannot import by name reliably)."""
    if os.environ.get("TAVOLO_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (TAVOLO_REQUIRE_SERVICES=1, so this is a failure)")
    pytest.skip(reason)


def _copy_sources(into: Path) -> None:
    """Tavolo's own sources (not .venv, the catalogues or what makemessages skips)."""
    skipped = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for item in ROOT.iterdir():
        if item.name.startswith(".") or item.name in IGNORED:
            continue
        if item.is_dir():
            shutil.copytree(item, into / item.name, ignore=skipped)
        elif item.suffix in {".py", ".html", ".txt", ".js"}:
            shutil.copy2(item, into / item.name)


def _msgids(path: Path) -> set[tuple[str | None, str]]:
    if not path.exists():
        return set()
    return {(e.msgctxt, e.msgid) for e in polib.pofile(str(path)) if not e.obsolete}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("xgettext") is None or shutil.which("msguniq") is None:
        _unavailable("GNU gettext (xgettext) is not installed: apt-get install gettext")
    copy = tmp_path_factory.mktemp("sources")
    _copy_sources(copy)
    (copy / "locale").mkdir()
    return copy / "locale"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", source_languages())
def test_every_marked_string_is_in_the_catalogue(
    extracted: Path, domain: str, language: str, monkeypatch: Any, settings: Any
) -> None:
    copy = extracted.parent
    monkeypatch.chdir(copy)
    settings.LOCALE_PATHS = [copy / "locale"]
    make_messages(domain)
    found = _msgids(copy / "locale" / language / "LC_MESSAGES" / f"{domain}.po")
    committed = _msgids(ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po")
    committed.discard((None, ""))  # the header
    found.discard((None, ""))
    missing = sorted(found - committed, key=str)
    stale = sorted(committed - found, key=str)
    assert not missing, (
        f"marked but not in locale/{language}/LC_MESSAGES/{domain}.po (run `python manage.py "
        f"update_messages`, then translate): {missing}"
    )
    assert not stale, f"in {domain}.po but no longer in the sources: {stale}"
