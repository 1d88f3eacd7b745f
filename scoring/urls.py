"""The public standings pages and exports, included at the site root by tavolo/urls.py."""

from django.urls import path

from scoring import print_pages, web

app_name = "standings"

T = "clubs/<slug:slug>/t/<slug:tslug>/"

urlpatterns = [
    path(T + "standings/", web.standings_page, name="page"),
    path(T + "standings/live", web.standings_live, name="live"),
    path(T + "standings.csv", web.standings_csv, name="csv"),
    path(T + "standings.json", web.standings_json, name="json"),
    path(T + "players/<int:entry_id>/", web.player_page, name="player"),
    path(T + "standings.pdf", print_pages.standings_pdf, name="pdf"),
    path(T + "crosstable/", print_pages.crosstable_page, name="crosstable"),
    path(T + "crosstable.pdf", print_pages.crosstable_pdf, name="crosstable-pdf"),
    path(T + "report/", print_pages.report_page, name="report"),
    path(T + "report.pdf", print_pages.report_pdf, name="report-pdf"),
    path(T + "prizes/", print_pages.prizes_page, name="prizes"),
]
