"""URLs of the game pages (included at the site root by tavolo/urls.py), and the
log-in/log-out pages they need."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.web import views

app_name = "games"

urlpatterns = [
    path("games/", views.game_list, name="list"),
    path("games/<uuid:game_id>/", views.spectate, name="spectate"),
    path("games/<uuid:game_id>/board", views.spectator_board, name="board"),
    path("games/<uuid:game_id>/record.json", views.game_record, name="record"),
    path("games/<uuid:game_id>/seat/<int:seat>/", views.seat_page, name="seat"),
    path("games/<uuid:game_id>/seat/<int:seat>/board", views.seat_board, name="seat-board"),
    path("games/<uuid:game_id>/seat/<int:seat>/act", views.seat_act, name="seat-act"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(next_page="games:list", redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
]
