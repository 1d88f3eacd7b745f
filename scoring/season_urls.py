"""The season pages (``seasons:``): a club's season table, its CSV and PDF, and the
directors' forms. Included at the site root by tavolo/urls.py."""

from django.urls import path

from scoring import season_pages

app_name = "seasons"

S = "clubs/<slug:slug>/seasons/"

urlpatterns = [
    path(S + "new", season_pages.season_new, name="new"),
    path(S + "<slug:sslug>/", season_pages.season_page, name="page"),
    path(S + "<slug:sslug>/edit", season_pages.season_edit, name="edit"),
    path(S + "<slug:sslug>/delete", season_pages.season_delete, name="delete"),
    path(S + "<slug:sslug>/table.csv", season_pages.season_csv, name="csv"),
    path(S + "<slug:sslug>/table.pdf", season_pages.season_pdf, name="pdf"),
]
