"""URLs of the account pages (included at the site root by tavolo/urls.py): signing
up, confirming the e-mail address, resetting a password, claiming a guest record,
and a director issuing a guest's claim code. The password-reset names are Django's
own (``password_reset`` …), which its views and e-mail templates expect."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.web import accounts, claims

urlpatterns = [
    path("accounts/signup/", accounts.sign_up, name="accounts-signup"),
    path("accounts/verify/sent", accounts.verify_sent, name="accounts-verify-sent"),
    path("accounts/verify/again", accounts.verify_resend, name="accounts-verify-resend"),
    path("accounts/verify/<str:token>/", accounts.verify, name="accounts-verify"),
    path("accounts/claim/", claims.claim_page, name="accounts-claim"),
    path(
        "accounts/password-reset/",
        accounts.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent",
        auth_views.PasswordResetDoneView.as_view(
            template_name="registration/password_reset_done.html"
        ),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path(
        "clubs/<slug:slug>/manage/guests/<int:player_id>/claim-code",
        claims.issue_code,
        name="club-claim-code",
    ),
]
