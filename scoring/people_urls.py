"""The people pages (``players:``): a person's page, the head-to-head page of two
people and a club's ladder. Included at the site root by tavolo/urls.py."""

from django.urls import path

from scoring import people_pages

app_name = "players"

urlpatterns = [
    path("players/<int:player_id>/", people_pages.person_page, name="page"),
    path(
        "players/<int:player_id>/versus/<int:other_id>/",
        people_pages.versus_page,
        name="versus",
    ),
    path("clubs/<slug:slug>/ladder/", people_pages.ladder_page, name="ladder"),
]
