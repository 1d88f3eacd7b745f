"""Players' own accounts: signing up, and verifying the e-mail address.

Signing up makes a user, their :class:`~tournaments.models.Player` (named with the
display name they chose) and an :class:`~tournaments.models.Account` that stays
unverified until they follow the link e-mailed to them. The link carries a token
signed with the site's secret (Django's :mod:`django.core.signing`), naming the user
and the address it was sent to, and expires after ``TAVOLO_VERIFY_EMAIL_SECONDS``
(three days unless set): a changed token, one for another address, or an old one is
refused and changes nothing.

An unverified user may log in, play and enter tournaments like anyone; what needs a
verified address is claiming a guest record (:mod:`tournaments.services.claims`),
because that hands them a person's results.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Account, Player
from tournaments.services.errors import Conflict, ServiceError

User = AbstractBaseUser | AnonymousUser

VERIFY_SALT = "tavolo.accounts.verify-email"
DEFAULT_VERIFY_SECONDS = 3 * 24 * 3600


def verify_seconds() -> int:
    return int(getattr(settings, "TAVOLO_VERIFY_EMAIL_SECONDS", DEFAULT_VERIFY_SECONDS))


def is_verified(user: User) -> bool:
    """A logged-in user whose address is verified, or who did not sign up on the site
    (made by a director or in the admin: someone vouched for them)."""
    if not user.is_authenticated:
        return False
    verified_at = Account.objects.filter(user_id=user.pk).values_list("verified_at", flat=True)
    found = list(verified_at)
    return not found or found[0] is not None


def display_name(user: User) -> str:
    player = Player.objects.filter(user_id=user.pk).values_list("name", flat=True).first()
    return player or (user.get_username() if user.is_authenticated else "")


def username_taken(username: str) -> bool:
    model = get_user_model()
    return model.objects.filter(**{f"{model.USERNAME_FIELD}__iexact": username}).exists()


def email_taken(email: str) -> bool:
    return get_user_model().objects.filter(email__iexact=email).exists()


def sign_up(*, username: str, display_name: str, email: str, password: str) -> Any:
    """A new user with their player and an unverified account. The password must
    already have passed the validators (the form checks it, next to its field)."""
    username, display_name, email = username.strip(), display_name.strip(), email.strip()
    if not display_name:
        raise ServiceError(_("please give the name other players know you by"), field="name")
    if username_taken(username):
        raise Conflict(_("that user name is taken; please choose another"), field="username")
    if email_taken(email):
        raise Conflict(
            _("an account already uses that e-mail address; log in, or reset its password"),
            field="email",
        )
    with transaction.atomic():
        user = get_user_model().objects.create_user(username, email=email, password=password)
        Account.objects.create(user=user)
        Player.objects.create(user=user, name=display_name[:120])
    return user


def verification_token(user: Any) -> str:
    return signing.dumps({"u": user.pk, "e": user.email.lower()}, salt=VERIFY_SALT)


def send_verification(user: Any, link: str) -> None:
    """E-mail ``link`` (the verification page with :func:`verification_token`)."""
    context = {
        "user": user,
        "name": display_name(user),
        "link": link,
        "days": verify_seconds() // 86400,
    }
    subject = render_to_string("registration/verify_email_subject.txt", context).strip()
    body = render_to_string("registration/verify_email.txt", context)
    send_mail(subject, body, None, [user.email])


def verify(token: str) -> Any:
    """Mark the token's user verified (again is fine); a :class:`ServiceError` for a
    token that was changed, is for another address, or has expired."""
    try:
        data = signing.loads(token, salt=VERIFY_SALT, max_age=verify_seconds())
    except signing.SignatureExpired:
        raise ServiceError(
            _("this link has expired; log in and ask for a new one"), reason="expired"
        ) from None
    except signing.BadSignature:
        raise ServiceError(
            _("this link is not valid; copy the whole address from the e-mail"), reason="invalid"
        ) from None
    model = get_user_model()
    user = model.objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or user.email.lower() != str(data.get("e", "")):
        raise ServiceError(
            _("this link is not valid; copy the whole address from the e-mail"), reason="invalid"
        )
    with transaction.atomic():
        account, _created = Account.objects.select_for_update().get_or_create(user=user)
        if account.verified_at is None:
            account.verified_at = timezone.now()
            account.save(update_fields=["verified_at"])
    return user


def mark_verified(user: Any) -> None:
    """The user proved they read mail at their address (e.g. a completed password reset)."""
    Account.objects.filter(user=user, verified_at__isnull=True).update(verified_at=timezone.now())
