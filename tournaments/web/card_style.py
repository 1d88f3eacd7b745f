"""The viewer's choice of cards for the Italian games (Scopa, Briscola, Tresette):
Italian suits (the default) or French.

Kept like the language (:mod:`tournaments.web.language`): a cookie is the choice for
every request, so a board poll reads no database row; a logged-in user's choice is
also saved on :class:`~tournaments.models.Preferences` and becomes the cookie of
every browser they log in from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from tournaments.models import Preferences
from tournaments.web import cards

COOKIE = "tavolo_cards"
COOKIE_AGE = 365 * 24 * 60 * 60
SAVED_ON_LOGIN = "tavolo_saved_card_style"


def remember_cookie(response: HttpResponse, style: str) -> None:
    response.set_cookie(COOKIE, style, max_age=COOKIE_AGE, samesite="Lax")


class CardStyleMiddleware:
    """The cookie's choice holds while the request's cards are drawn; a user who
    just logged in gets their saved choice as the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with cards.preferring(request.COOKIES.get(COOKIE, cards.ITALIAN)):
            response = self.get_response(request)
        saved = getattr(request, SAVED_ON_LOGIN, None)
        if saved:
            remember_cookie(response, saved)
        return response


@receiver(user_logged_in)
def _saved_choice_on_login(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    saved = Preferences.objects.filter(user_id=user.pk).values_list("card_style", flat=True)
    style = saved.first()
    if request is not None and style in cards.STYLES:
        setattr(request, SAVED_ON_LOGIN, style)


@require_POST
def set_card_style(request: HttpRequest) -> HttpResponse:
    """The small form's answer (no JavaScript needed): the cookie, the saved choice of
    a logged-in user, and back to the page it was sent from."""
    style = request.POST.get("style", "")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    if style in cards.STYLES:
        remember_cookie(response, style)
        if request.user.is_authenticated:
            Preferences.objects.update_or_create(
                user_id=request.user.pk, defaults={"card_style": style}
            )
    return response
