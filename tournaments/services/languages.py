"""The languages Tavolo speaks, a club's default language and a user's saved choice.

The codes are those of ``settings.LANGUAGES`` (``it``, ``en``). How a request's
language is chosen from them is in :mod:`tournaments.web.language` and
docs/translations.md.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

from tournaments.models import Preferences
from tournaments.services.errors import ServiceError

User = AbstractBaseUser | AnonymousUser


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def check_language(code: str, field: str = "language") -> str:
    """A language code Tavolo speaks; a :class:`ServiceError` otherwise."""
    code = (code or "").strip().lower()
    if code not in language_codes():
        raise ServiceError(
            _("%(code)s is not a language Tavolo speaks; choose one of %(codes)s.")
            % {"code": code or '""', "codes": ", ".join(language_codes())},
            field=field,
        )
    return code


def saved_language(user: User) -> str | None:
    """The language the user chose with the switcher, or ``None``."""
    if not user.is_authenticated:
        return None
    found = Preferences.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return found if found in language_codes() else None


def save_language(user: User, code: str) -> None:
    """Remember the user's choice, for every browser they log in from."""
    if not user.is_authenticated:
        return
    Preferences.objects.update_or_create(
        user_id=user.pk, defaults={"language": check_language(code)}
    )
