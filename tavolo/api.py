"""Site-wide API pieces: the JSON exception handler and the Celery health endpoint."""

from __future__ import annotations

import logging
from typing import Any

from celery.exceptions import TimeoutError as CeleryTimeoutError
from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import RedisError
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from engine.errors import EngineError
from scoring.tasks import health

logger = logging.getLogger(__name__)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus bad input from Django and the rules engine as JSON 4xx.

    DRF already answers its own errors (validation, parse errors, 404, 403 …) as
    JSON. A Django ``ValidationError`` or an engine ``EngineError`` (an illegal
    play, a malformed card …) is the client's mistake too, so it becomes a 400 with
    the message rather than a 500; a missing object becomes a 404. Anything else is
    a bug and is left to propagate.
    """
    response = drf_exception_handler(exc, context)
    if response is not None:
        return response
    if isinstance(exc, DjangoValidationError):
        detail: Any = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        return Response({"detail": detail}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, EngineError):
        return Response(
            {"detail": str(exc), "error": type(exc).__name__},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, ObjectDoesNotExist):
        return Response({"detail": str(exc) or "Not found."}, status=status.HTTP_404_NOT_FOUND)
    return None


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
