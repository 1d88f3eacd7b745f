"""``python manage.py update_messages``: gather every string marked for translation
into locale/<lang>/LC_MESSAGES/django.po and djangojs.po, then compile the .mo files.

One place for what Django's ``makemessages`` must look at and skip, shared by the test
that fails when a marked string is missing from a .po (tests/i18n). Needs GNU gettext
(xgettext, msgmerge, msgfmt): ``apt-get install gettext``. docs/translations.md.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

# Beside Django's own (".*" keeps .venv out): what is not Tavolo's own text.
IGNORED = [
    "staticfiles",  # collectstatic's copy, Django's admin and the API docs included
    "static/vendor",  # htmx
    "tests",
    "benchmarks",
    "deploy",
    "locale",
]
DOMAINS = ("django", "djangojs")


def source_languages() -> list[str]:
    """The languages with a catalogue: all but the one the source is written in."""
    return [code for code, _name in settings.LANGUAGES if code != "en"]


def make_messages(domain: str, **options: Any) -> None:
    call_command(
        "makemessages",
        domain=domain,
        locale=source_languages(),
        ignore_patterns=IGNORED,
        no_obsolete=True,
        verbosity=0,
        **options,
    )


class Command(BaseCommand):
    help = "Update locale/*/LC_MESSAGES/*.po from the code and templates, and compile them."

    def handle(self, *args: Any, **options: Any) -> None:
        for domain in DOMAINS:
            make_messages(domain)
        # Only Tavolo's own catalogues (not those of the packages in .venv).
        call_command(
            "compilemessages",
            locale=source_languages(),
            ignore_patterns=[".*", "staticfiles"],
            verbosity=0,
        )
        self.stdout.write("updated: locale/*/LC_MESSAGES/{django,djangojs}.po and .mo")
