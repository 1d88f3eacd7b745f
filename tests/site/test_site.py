"""The pages, the health checks and the API schema, through Django's test client."""

from __future__ import annotations

import pytest
from celery.exceptions import TimeoutError as CeleryTimeoutError
from django.core.exceptions import ValidationError as DjangoValidationError

from engine.errors import EngineError
from tavolo import celery_app
from tavolo.api import exception_handler

pytestmark = pytest.mark.django_db


def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "Tavolo runs club card-game tournaments" in html
    for game in ["Italian Whist", "Scopa", "Briscola", "Tresette", "Burraco", "Scala Quaranta"]:
        assert game in html


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] in {"sqlite", "postgresql"}


def test_openapi_schema(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Tavolo API"
    assert "/api/health/" in schema["paths"]


def test_swagger_ui_is_served_from_local_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn." not in html  # nothing loaded from a CDN


def test_api_health_runs_the_celery_task(client, request):
    if celery_app.conf.task_always_eager:
        expect_eager, worker = True, None
    else:  # REDIS_URL is set: the task needs a real worker
        worker = request.getfixturevalue("celery_worker_process")
        expect_eager = False

    response = client.get("/api/health/")

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok"
    assert body["eager"] is expect_eager
    if worker is not None:
        assert body["worker"] == worker.nodename


def test_api_health_answers_503_when_no_worker_answers(client, monkeypatch):
    class NeverReady:
        def get(self, timeout):
            raise CeleryTimeoutError("The operation timed out.")

    monkeypatch.setattr("tavolo.api.health.delay", lambda: NeverReady())
    response = client.get("/api/health/")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"
    assert "no Celery worker answered" in response.json()["detail"]


def test_unknown_url_is_404(client):
    assert client.get("/no-such-page/").status_code == 404
    assert client.get("/api/no-such-endpoint/").status_code == 404


def test_api_health_is_read_only(client):
    assert client.post("/api/health/").status_code == 405


@pytest.mark.parametrize(
    ("exc", "status"),
    [
        (DjangoValidationError("bad value"), 400),
        (DjangoValidationError({"seat": ["no such seat"]}), 400),
        (EngineError("you must follow suit"), 400),
    ],
)
def test_bad_input_becomes_json_4xx_not_500(exc, status):
    response = exception_handler(exc, {})
    assert response is not None
    assert response.status_code == status
    assert response.data["detail"]


def test_bugs_are_not_disguised_as_client_errors():
    assert exception_handler(RuntimeError("bug"), {}) is None
