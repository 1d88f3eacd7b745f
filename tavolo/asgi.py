"""ASGI entry point: the pages over HTTP, and the live websockets (``/ws/…``).

Served by daphne (``manage.py runserver`` in development, deploy/tavolo-push.service
in production). Websockets are accepted only from this site's own pages (the Origin
must be one of ALLOWED_HOSTS) and see the session's user (AuthMiddlewareStack).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")

# Django first: the routing below imports models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tournaments.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
