"""WSGI entry point (gunicorn tavolo.wsgi:application)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")

application = get_wsgi_application()
