"""Site-wide API pieces: the JSON exception handler and the Celery health endpoint."""

from __future__ import annotations

import logging
from typing import Any

from celery.exceptions import TimeoutError as CeleryTimeoutError
from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError as DRFValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from engine.errors import EngineError, IllegalEvent, InvalidOption
from scoring.tasks import health
from tournaments.services.errors import ServiceError

logger = logging.getLogger(__name__)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus bad input from Django, the rules engine and the game
    service as JSON 4xx.

    DRF already answers its own errors (validation, parse errors, 404, 403 …) as
    JSON; its field errors also get one ``detail`` in words, beside them in
    ``errors``. A Django ``ValidationError`` or an engine ``EngineError`` (an illegal
    play, a malformed card …) is the client's mistake too, so it becomes a 400 with
    the message rather than a 500: ``{"detail", "error", "code", "params"}`` (the
    English message, the engine's error class, and the message's rule code and
    parameters, from which a client writes it in its own language: docs/engine.md,
    "Rule codes"), plus the ``option`` an ``InvalidOption`` names or the ``rule`` an
    illegal event breaks. A missing object becomes a 404, a body over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` a 413 (not Django's HTML 400). A game-service
    ``ServiceError`` carries its own status (403 ``Forbidden``, 409 ``Conflict`` …)
    and details, which join the message: ``{"detail": message, **details}`` (a
    conflict says the game's current ``version``; a rejected record the event
    ``index`` and ``reason``). Anything else is a bug and is left to propagate.

    Messages are the engine's and the service's own, written for players: they name
    the seat, the event and the rule, never a card the requester may not see, and
    nothing here adds the game's state to them.
    """
    response = drf_exception_handler(exc, context)
    if response is not None:
        if isinstance(exc, DRFValidationError):
            # Field errors ({"field": ["message"]}) also get one "detail" in words, so
            # every error body has a "detail" a client can show as it is.
            response.data = {"detail": _in_words(response.data), "errors": response.data}
        return response
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(
            {"detail": f"the request body is larger than {limit} bytes"},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, SuspiciousOperation):  # too many form fields or files …
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ServiceError):
        body: dict[str, Any] = {"detail": str(exc), **exc.details}
        return Response(body, status=exc.status, headers=getattr(exc, "headers", None))
    if isinstance(exc, DjangoValidationError):
        detail: Any = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        return Response({"detail": detail}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, EngineError):
        body = {
            "detail": str(exc),
            "error": type(exc).__name__,
            "code": exc.code,
            "params": exc.params,
        }

        if isinstance(exc, InvalidOption) and exc.option is not None:
            body["option"] = exc.option
        if isinstance(exc, IllegalEvent):
            body["rule"] = exc.rule
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ObjectDoesNotExist):
        return Response({"detail": str(exc) or "Not found."}, status=status.HTTP_404_NOT_FOUND)
    return None


def _in_words(errors: Any) -> str:
    """DRF's field errors as one line: ``"event_id: This field is required."``."""
    if isinstance(errors, dict):
        return "; ".join(
            _in_words(value) if key == "non_field_errors" else f"{key}: {_in_words(value)}"
            for key, value in errors.items()
        )
    if isinstance(errors, list):
        return " ".join(_in_words(item) for item in errors)
    return str(errors)


class HealthSerializer(serializers.Serializer):
    status = serializers.CharField(help_text='"ok", or "unavailable" when no worker answered')
    worker = serializers.CharField(required=False, help_text="node name of the worker that ran it")
    eager = serializers.BooleanField(
        required=False, help_text="true when the task ran in-process (no REDIS_URL)"
    )
    detail = serializers.CharField(required=False)


class HealthView(APIView):
    """Run the ``scoring.tasks.health`` Celery task and return its result.

    Without REDIS_URL the task runs in-process (eager). With it, the task goes
    through Redis to a worker; if none answers within TAVOLO_TASK_TIMEOUT seconds
    (or the broker is down) the answer is 503 instead of a hang.
    """

    permission_classes = [AllowAny]

    @extend_schema(responses={200: HealthSerializer, 503: HealthSerializer})
    def get(self, request: Request) -> Response:
        timeout = settings.TAVOLO_TASK_TIMEOUT
        try:
            result = health.delay()
            payload = result.get(timeout=timeout)
        except CeleryTimeoutError:
            detail = f"no Celery worker answered within {timeout:g}s"
        except (BrokerError, RedisError) as exc:
            detail = f"Celery broker unavailable: {exc}"
        else:
            return Response(payload)
        logger.warning("api/health: %s", detail)
        return Response(
            {"status": "unavailable", "detail": detail},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
        )
