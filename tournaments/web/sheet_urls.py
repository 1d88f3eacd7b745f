"""URLs of the score-sheet pages (included at the site root by tavolo/urls.py)."""

from django.urls import path

from tournaments.web import guest_sheet_pages, sheet_pages, sheet_rulings

app_name = "sheets"

urlpatterns = [
    path("s/<str:code>/", sheet_pages.sheet_page, name="sheet"),
    path("s/<str:code>/act", sheet_pages.sheet_act, name="act"),
    path("s/<str:code>/seat", guest_sheet_pages.choose_seat, name="seat"),
    path("s/<str:code>/rule", sheet_rulings.rule_page, name="rule"),
    path(
        "clubs/<slug:slug>/t/<slug:tslug>/rounds/<int:number>/sheets.pdf",
        sheet_pages.round_sheets_pdf,
        name="round-pdf",
    ),
]
