"""The account pages: signing up, confirming the e-mail address, and resetting a
forgotten password (Django's own views, with our templates and a rate limit).

Signing up logs the new user in and e-mails them a confirmation link; until they
follow it they may use the site but not claim a guest record. Sign-up, password
reset and resending the link are limited per client address (429 past the limit);
the reset page says the same whether or not an account has the address.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.services import accounts, lockouts, ratelimit
from tournaments.services.errors import ServiceError
from tournaments.web import lockout_page
from tournaments.web.account_forms import NewPasswordForm, ResetRequestForm, SignUpForm
from tournaments.web.gates import login_required
from tournaments.web.pages import attach
from tournaments.web.words import sentence

log = logging.getLogger(__name__)


def too_many(request: HttpRequest) -> HttpResponse:
    """The plain 429 page, with ``Retry-After`` (an hour: the limits' window)."""
    response = render(
        request,
        "registration/too_many.html",
        {"message": sentence(ratelimit.refusal())},
        status=429,
    )
    response["Retry-After"] = str(ratelimit.limit_of("signup")[1])
    return response


def _send_link(request: HttpRequest, user: Any) -> bool:
    """E-mail the user their confirmation link; ``False`` if the mail could not go."""
    token = accounts.verification_token(user)
    link = request.build_absolute_uri(reverse("accounts:verify", args=[token]))
    try:
        accounts.send_verification(user, link)
    except Exception:  # an SMTP server down must not lose the sign-up
        log.exception("could not send the confirmation e-mail to user %s", user.pk)
        return False
    return True


@never_cache
@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    # Where to go once signed up (an invitation to a game, say): a path on this site only.
    after = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(after, {request.get_host()}, request.is_secure()):
        after = ""
    if request.user.is_authenticated:
        return redirect(after or "accounts:claim")
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if not ratelimit.hit("signup", ratelimit.client_ip(request)):
            return too_many(request)
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                user = accounts.sign_up(
                    username=data["username"],
                    display_name=data["name"],
                    email=data["email"],
                    password=data["password1"],
                )
            except ServiceError as error:
                attach(form, error, "username")
                status = error.status
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                if not _send_link(request, user):
                    messages.warning(
                        request,
                        _("We could not send the e-mail just now; send it again in a while."),
                    )
                if after:
                    messages.info(
                        request,
                        _("We sent you an e-mail: follow its link to confirm your address."),
                    )
                    return redirect(after)
                return redirect("accounts:verify-sent")
    return render(request, "registration/signup.html", {"form": form, "next": after}, status=status)


@never_cache
@login_required
def verify_sent(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "registration/verify_sent.html",
        {"verified": accounts.is_verified(request.user), "email": request.user.email},
    )


@never_cache
def verify(request: HttpRequest, token: str) -> HttpResponse:
    """The link in the e-mail: confirms the address (following it twice is fine)."""
    try:
        user = accounts.verify(token)
    except ServiceError as error:
        context = {"error": sentence(error), "expired": error.details.get("reason") == "expired"}
        return render(request, "registration/verify_done.html", context, status=400)
    mine = request.user.is_authenticated and request.user.pk == user.pk
    return render(request, "registration/verify_done.html", {"verified_user": user, "mine": mine})


@require_POST
@login_required
def verify_resend(request: HttpRequest) -> HttpResponse:
    if not ratelimit.hit("verify-mail", ratelimit.client_ip(request)):
        return too_many(request)
    if accounts.is_verified(request.user):
        messages.info(request, _("Your e-mail address is already confirmed."))
    elif not request.user.email:
        messages.warning(request, _("Your account has no e-mail address; ask the club."))
    elif _send_link(request, request.user):
        messages.success(request, _("We sent the link again to %s.") % request.user.email)
    else:
        messages.warning(request, _("We could not send the e-mail just now; try again later."))
    return redirect("accounts:verify-sent")


# ---------------------------------------------------------------------- password reset


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page, rate-limited per address. Whatever the address typed,
    the answer is the same "check your e-mail" page: it never says whether an
    account has that address."""

    template_name = "registration/password_reset_form.html"
    form_class = ResetRequestForm
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not ratelimit.hit("password-reset", ratelimit.client_ip(request)):
            return too_many(request)
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Choosing the new password. Having read the mail, the user's address counts as
    confirmed too."""

    template_name = "registration/password_reset_confirm.html"
    form_class = NewPasswordForm
    success_url = reverse_lazy("accounts:password_reset_complete")

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # A wrong or used link counts as a failed attempt at the reset door, for the
        # link's account from this address (and for the address, at a higher limit); a
        # locked-out try is refused before the link is read (services.lockouts).
        account = str(kwargs.get("uidb64", ""))
        if lockouts.link_locked(request, account):
            return lockout_page.refusal(request)
        response = super().dispatch(request, *args, **kwargs)
        if not self.validlink:
            lockouts.link_failed(request, account)
        return response

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        accounts.mark_verified(form.user)
        # Whoever reads the account's mail is its owner: lift any lock on the account.
        lockouts.forgive(form.user.get_username())
        return response
