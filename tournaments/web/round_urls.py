"""URLs of a tournament's rounds (``rounds:``): pairing, the directors' control page
(swap, publish, correct, forfeits, close, unpublish), and the public pairings and table
cards. Included at the site root by tavolo/urls.py; a round's printable score sheets
are ``sheets:round-pdf``."""

from django.urls import path

from tournaments.web import director_tools, round_closing_pages, round_pages

app_name = "rounds"

T = "clubs/<slug:slug>/t/<slug:tslug>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    path(T + "rounds/pair", round_pages.round_pair, name="pair"),
    path(R, round_pages.round_public, name="public"),
    path(R + "control", round_pages.round_control, name="control"),
    path(R + "swap", round_pages.round_swap, name="swap"),
    path(R + "publish", round_pages.round_publish, name="publish"),
    path(R + "close", round_closing_pages.round_close, name="close"),
    path(R + "correct", round_pages.round_correct, name="correct"),
    path(R + "forfeit", round_pages.round_forfeit, name="forfeit"),
    path(R + "cards", round_pages.round_cards, name="cards"),
    path(R + "unpublish", director_tools.unpublish, name="unpublish"),
]
