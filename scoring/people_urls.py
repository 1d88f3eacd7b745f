"""The people pages (``players:``): a person's page, the head-to-head page of two
people, a club's ladder and its rating settings
(directors). Included at the site root by tavolo/urls.py."""

from django.urls import path

from scoring import people_pages, rating_settings_page

app_name = "players"

urlpatterns = [
    path("players/<int:player_id>/", people_pages.person_page, name="page"),
    path(
        "players/<int:player_id>/versus/<int:other_id>/",
        people_pages.versus_page,
        name="versus",
    ),
    path("clubs/<slug:slug>/ladder/", people_pages.ladder_page, name="ladder"),
    path(
        "clubs/<slug:slug>/ladder/settings",
        rating_settings_page.rating_settings_page,
        name="rating-settings",
    ),
]
