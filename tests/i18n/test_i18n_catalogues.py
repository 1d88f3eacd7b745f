"""The translation catalogues are complete and the committed .mo files match them.

Read with polib, so GNU gettext need not be installed: every entry of
locale/<lang>/LC_MESSAGES/django.po and djangojs.po is translated and none is fuzzy
or obsolete, each translation keeps its placeholders, and the committed .mo (what
Django reads) holds exactly the .po's translations. docs/translations.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
CATALOGUES = [
    LOCALE / code / "LC_MESSAGES" / f"{domain}.po"
    for code in LANGUAGES
    for domain in ("django", "djangojs")
]
# Python's %(name)s / %s / %d and Django's {{ name }} placeholders; "%%" is a percent.
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdfr]|%[sdfr]|\{\{\s*[\w.]+\s*\}\}|\{\w*\}")


def ids(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.name}"


def where(entry: polib.POEntry) -> str:
    places = ", ".join(f"{f}:{line}" for f, line in entry.occurrences[:2])
    return f"{entry.msgid!r} ({places})"


@pytest.mark.parametrize("path", CATALOGUES, ids=ids)
def test_every_entry_is_translated_and_none_is_fuzzy(path: Path) -> None:
    assert path.exists(), f"{path} is missing: python manage.py update_messages"
    catalogue = polib.pofile(str(path))
    untranslated = [where(e) for e in catalogue.untranslated_entries()]
    fuzzy = [where(e) for e in catalogue.fuzzy_entries()]
    obsolete = [where(e) for e in catalogue.obsolete_entries()]
    assert not untranslated, f"{ids(path)}: {len(untranslated)} untranslated: {untranslated}"
    assert not fuzzy, f"{ids(path)}: fuzzy (check, then drop the flag): {fuzzy}"
    assert not obsolete, f"{ids(path)}: obsolete entries (delete them): {obsolete}"
    assert catalogue.metadata.get("Language") == path.parent.parent.name


@pytest.mark.parametrize("path", CATALOGUES, ids=ids)
def test_translations_keep_their_placeholders(path: Path) -> None:
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:  # the first form answers msgid, the others msgid_plural
            pairs = [
                (entry.msgid if int(n) == 0 else entry.msgid_plural, text)
                for n, text in entry.msgstr_plural.items()
            ]
        for source, translation in pairs:
            if sorted(set(PLACEHOLDER.findall(source))) != sorted(
                set(PLACEHOLDER.findall(translation))
            ):
                wrong.append(f"{source!r} -> {translation!r}")
    assert not wrong, f"{ids(path)}: placeholders differ: {wrong}"


def _translations(catalogue: polib._BaseFile) -> dict[tuple[str | None, str], object]:
    found: dict[tuple[str | None, str], object] = {}
    for entry in catalogue:
        if not entry.msgid or entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            plural = {int(n): text for n, text in entry.msgstr_plural.items()}
            found[(entry.msgctxt, entry.msgid)] = (entry.msgid_plural, plural)
        elif entry.msgstr:
            found[(entry.msgctxt, entry.msgid)] = entry.msgstr
    return found


@pytest.mark.parametrize("path", CATALOGUES, ids=ids)
def test_the_committed_mo_says_what_the_po_says(path: Path) -> None:
    """The .mo files are committed (a fresh machine may lack msgfmt, which Django's
    compilemessages needs): after editing a .po, run compilemessages and commit both."""
    compiled = path.with_suffix(".mo")
    assert compiled.exists(), f"{compiled} is missing: python manage.py compilemessages"
    expected = _translations(polib.pofile(str(path)))
    assert _translations(polib.mofile(str(compiled))) == expected, (
        f"{compiled} is out of date with {path.name}: python manage.py compilemessages"
    )
