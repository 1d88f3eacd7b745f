"""WSGI entry point (gunicorn tavolo.wsgi:application): Django's own handler, its
middleware and DRF for every request."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")

application = get_wsgi_application()
