"""URLs of the game pages (``games:``): casual games, their invitations, watching a
table and playing a seat. Included at the site root by tavolo/urls.py."""

from django.urls import path

from tournaments.web import invitations, new_game, seat_look, table_pause, views

app_name = "games"

G = "games/<uuid:game_id>/"
SEAT = G + "seat/<int:seat>/"

urlpatterns = [
    path("games/", views.game_list, name="list"),
    path("games/new", new_game.new_game, name="new"),
    path("games/new/fields", new_game.new_game_fields, name="new-fields"),
    path("games/join/<str:token>/", invitations.join, name="join"),
    path(G + "invite", invitations.invitations_page, name="invitations"),
    path(G + "invite/seats", invitations.invitations_seats, name="invitations-seats"),
    path(G + "invite/new", invitations.invitation_new, name="invitation-new"),
    path(G + "invite/withdraw", invitations.invitation_withdraw, name="invitation-withdraw"),
    path(G + "invite/bot", invitations.invitation_bot, name="invitation-bot"),
    path(G, views.spectate, name="spectate"),
    path(G + "board", views.spectator_board, name="board"),
    path(G + "record.json", views.game_record, name="record"),
    path(G + "look", seat_look.seat_look, name="seat-look"),
    path(G + "pause", table_pause.table_pause, name="table-pause"),
    path(SEAT, views.seat_page, name="seat"),
    path(SEAT + "board", views.seat_board, name="seat-board"),
    path(SEAT + "act", views.seat_act, name="seat-act"),
    path(SEAT + "meld-check", views.meld_check, name="meld-check"),
]
