"""Plain Django views: the home page and the load-balancer health check."""

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

GAMES = [
    "Italian Whist",
    "German whist",
    "Partnership whist",
    "Three-handed whist",
    "Scopa",
    "Briscola",
    "Tresette",
    "Burraco",
    "Scala Quaranta",
]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": GAMES})


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
