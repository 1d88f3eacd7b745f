"""URLs of the game pages, the club, tournament and round pages (included at the
site root by tavolo/urls.py), and the log-in/log-out pages they need."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.web import (
    clubs,
    dashboard,
    director_tools,
    entry_pages,
    invitations,
    new_game,
    round_closing_pages,
    round_pages,
    self_entry_pages,
    tournament_pages,
    views,
)

app_name = "games"

T = "clubs/<slug:slug>/t/<slug:tslug>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    path("games/", views.game_list, name="list"),
    path("games/new", new_game.new_game, name="new"),
    path("games/new/fields", new_game.new_game_fields, name="new-fields"),
    path("games/join/<str:token>/", invitations.join, name="join"),
    path("games/<uuid:game_id>/invite", invitations.invitations_page, name="invitations"),
    path(
        "games/<uuid:game_id>/invite/seats",
        invitations.invitations_seats,
        name="invitations-seats",
    ),
    path("games/<uuid:game_id>/invite/new", invitations.invitation_new, name="invitation-new"),
    path(
        "games/<uuid:game_id>/invite/withdraw",
        invitations.invitation_withdraw,
        name="invitation-withdraw",
    ),
    path("games/<uuid:game_id>/", views.spectate, name="spectate"),
    path("games/<uuid:game_id>/board", views.spectator_board, name="board"),
    path("games/<uuid:game_id>/record.json", views.game_record, name="record"),
    path("games/<uuid:game_id>/seat/<int:seat>/", views.seat_page, name="seat"),
    path("games/<uuid:game_id>/seat/<int:seat>/board", views.seat_board, name="seat-board"),
    path("games/<uuid:game_id>/seat/<int:seat>/act", views.seat_act, name="seat-act"),
    path("games/<uuid:game_id>/seat/<int:seat>/meld-check", views.meld_check, name="meld-check"),
    # clubs
    path("clubs/", clubs.club_list, name="clubs"),
    path("clubs/new", clubs.club_new, name="club-new"),
    path("clubs/<slug:slug>/", clubs.club_page, name="club"),
    path("clubs/<slug:slug>/manage/", clubs.club_manage, name="club-manage"),
    path("clubs/<slug:slug>/manage/<str:action>", clubs.club_manage_action, name="club-manage-do"),
    # tournaments: setup and entries
    path("clubs/<slug:slug>/t/new", tournament_pages.tournament_new, name="tournament-new"),
    path("clubs/<slug:slug>/t/game-fields", tournament_pages.game_fields, name="game-fields"),
    path(T, tournament_pages.tournament_page, name="tournament"),
    path(T + "setup", tournament_pages.tournament_setup, name="tournament-setup"),
    path(T + "entries", entry_pages.entries_page, name="tournament-entries"),
    path(T + "entries/add/<str:kind>", entry_pages.entry_add, name="entry-add"),
    path(T + "entries/me", self_entry_pages.enter, name="entry-self"),
    path(T + "entries/me/withdraw", self_entry_pages.withdraw, name="entry-self-withdraw"),
    path(T + "entries/<int:entry_id>/check-in", entry_pages.entry_check_in, name="entry-check-in"),
    path(T + "entries/<int:entry_id>/withdraw", entry_pages.entry_withdraw, name="entry-withdraw"),
    path(T + "entries/<int:entry_id>/edit", entry_pages.entry_edit, name="entry-edit"),
    path(T + "entries/check-in-all", director_tools.check_in_all, name="entries-check-in-all"),
    path(T + "entries/add-several", director_tools.add_several, name="entries-add-several"),
    path(T + "entries/import", director_tools.import_csv, name="entries-import"),
    path(T + "archive", director_tools.archive, name="tournament-archive"),
    path(T + "delete", director_tools.delete, name="tournament-delete"),
    path(T + "forbidden/add", entry_pages.forbid, name="forbid"),
    path(T + "forbidden/<int:pair_id>/remove", entry_pages.allow, name="allow"),
    # rounds
    path(T + "rounds/pair", round_pages.round_pair, name="round-pair"),
    path(R, round_pages.round_public, name="round-public"),
    path(R + "control", round_pages.round_control, name="round-control"),
    path(R + "swap", round_pages.round_swap, name="round-swap"),
    path(R + "publish", round_pages.round_publish, name="round-publish"),
    path(R + "close", round_closing_pages.round_close, name="round-close"),
    path(R + "correct", round_pages.round_correct, name="round-correct"),
    path(R + "forfeit", round_pages.round_forfeit, name="round-forfeit"),
    path(R + "cards", round_pages.round_cards, name="round-cards"),
    path(R + "unpublish", director_tools.unpublish, name="round-unpublish"),
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="home"), name="logout"),
]
