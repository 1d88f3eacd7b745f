"""The public standings pages and exports, included at the site root by tavolo/urls.py."""

from django.urls import path

from scoring import web

app_name = "standings"

T = "clubs/<slug:slug>/t/<slug:tslug>/"

urlpatterns = [
    path(T + "standings/", web.standings_page, name="page"),
    path(T + "standings/live", web.standings_live, name="live"),
    path(T + "standings.csv", web.standings_csv, name="csv"),
    path(T + "standings.json", web.standings_json, name="json"),
    path(T + "players/<int:entry_id>/", web.player_page, name="player"),
]
