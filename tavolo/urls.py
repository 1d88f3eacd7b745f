"""Site URLs: pages, the health checks and the API.

Each concern of the pages has its URL module and namespace: ``accounts:``, ``games:``,
``clubs:``, ``tournaments:``, ``rounds:``, ``standings:``, ``players:``, ``seasons:`` and
``sheets:`` (tests/web/test_web_url_names.py keeps every page in the namespace of its concern)."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tournaments.web import card_style, language

from . import api, views

urlpatterns = [
    # The API first: its requests (a move's two among them) are resolved without trying
    # every page's pattern first; no page's address starts with api/.
    path("api/health/", api.HealthView.as_view(), name="api-health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's set-up script as a file of its own (no inline
    # script), so the page lives with the site's Content-Security-Policy.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("scoring.api.urls")),
    path("api/", include("tournaments.api.urls")),
    path("", views.home, name="home"),
    path("", include("tournaments.web.account_urls")),  # log-in, sign-up, reset, claims
    path("", include("tournaments.web.game_urls")),
    path("", include("tournaments.web.club_urls")),
    path("", include("tournaments.web.tournament_urls")),
    path("", include("tournaments.web.round_urls")),
    path("", include("scoring.urls")),  # standings, crosstable, report, prizes
    path("", include("scoring.people_urls")),  # a person's page, head-to-head, club ladders
    path("", include("scoring.season_urls")),  # a club's seasons
    path("", include("tournaments.web.sheet_urls")),  # score sheets: /s/<code>/, sheets.pdf
    # The language switch: Django's set_language, which also saves a user's choice.
    path("i18n/setlang/", language.set_language, name="set_language"),
    # The words of static/js in the reader's language (gettext() for the scripts).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # Italian or French cards for Scopa, Briscola and Tresette (tournaments.web.card_style).
    path("cards/style/", card_style.set_card_style, name="set_card_style"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("admin/", admin.site.urls),
]
