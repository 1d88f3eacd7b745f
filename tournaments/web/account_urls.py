"""URLs of the account pages (``accounts:``): logging in and out, the page after
logging in (the dashboard), signing up, confirming the e-mail address, resetting a
password and claiming a guest record. Included at the site root by tavolo/urls.py.

The password-reset names keep Django's spelling (``accounts:password_reset`` …); our
views and the reset e-mail reverse them in this namespace."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.web import accounts, claims, dashboard

app_name = "accounts"

urlpatterns = [
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("accounts/signup/", accounts.sign_up, name="signup"),
    path("accounts/verify/sent", accounts.verify_sent, name="verify-sent"),
    path("accounts/verify/again", accounts.verify_resend, name="verify-resend"),
    path("accounts/verify/<str:token>/", accounts.verify, name="verify"),
    path("accounts/claim/", claims.claim_page, name="claim"),
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
]
