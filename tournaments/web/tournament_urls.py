"""URLs of a tournament's pages (``tournaments:``): setting it up, its public page,
entries and check-in, forbidden pairs, archiving and deleting it. Included at the
site root by tavolo/urls.py; its rounds are :mod:`tournaments.web.round_urls`."""

from django.urls import path

from tournaments.web import director_tools, entry_pages, self_entry_pages, tournament_pages

app_name = "tournaments"

C = "clubs/<slug:slug>/t/"
T = C + "<slug:tslug>/"
E = T + "entries/"

urlpatterns = [
    path(C + "new", tournament_pages.tournament_new, name="new"),
    path(C + "game-fields", tournament_pages.game_fields, name="game-fields"),
    path(T, tournament_pages.tournament_page, name="page"),
    path(T + "setup", tournament_pages.tournament_setup, name="setup"),
    path(T + "entries", entry_pages.entries_page, name="entries"),
    path(E + "add/<str:kind>", entry_pages.entry_add, name="entry-add"),
    path(E + "me", self_entry_pages.enter, name="entry-self"),
    path(E + "me/withdraw", self_entry_pages.withdraw, name="entry-self-withdraw"),
    path(E + "<int:entry_id>/check-in", entry_pages.entry_check_in, name="entry-check-in"),
    path(E + "<int:entry_id>/withdraw", entry_pages.entry_withdraw, name="entry-withdraw"),
    path(E + "<int:entry_id>/edit", entry_pages.entry_edit, name="entry-edit"),
    path(E + "check-in-all", director_tools.check_in_all, name="entries-check-in-all"),
    path(E + "add-several", director_tools.add_several, name="entries-add-several"),
    path(E + "import", director_tools.import_csv, name="entries-import"),
    path(T + "archive", director_tools.archive, name="archive"),
    path(T + "delete", director_tools.delete, name="delete"),
    path(T + "forbidden/add", entry_pages.forbid, name="forbid"),
    path(T + "forbidden/<int:pair_id>/remove", entry_pages.allow, name="allow"),
]
