"""Plain Django views: the home page, the favicon and the load-balancer health check."""

from functools import cache

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.games import all_profiles


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = [profile.home_title or profile.title for profile in all_profiles()]
    return render(request, "home.html", {"games": games})


@cache
def _favicon() -> bytes:
    return (settings.BASE_DIR / "static" / "favicon.ico").read_bytes()


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for whatever the page links (the pages link
    the SVG icon, ``static/favicon.svg``; this is the same card as a small ICO)."""
    response = HttpResponse(_favicon(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 {"status": "ok"} when the database answers a trivial query, else 503."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return JsonResponse({"status": "error", "detail": f"database: {exc}"}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})
