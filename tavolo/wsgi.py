"""WSGI entry point (gunicorn tavolo.wsgi:application).

Django's handler, with a move's two requests answered on a lean path in front of the
URL resolver and DRF's dispatch (:mod:`tavolo.lean`; docs/benchmarks.md, "The lean
move path")."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")
django.setup(set_prefix=False)  # as get_wsgi_application() does

from tavolo.lean.handler import LeanHandler  # noqa: E402 - needs the apps loaded

application = LeanHandler()
