"""``tavolo.wsgi:application`` for granian (``api_bench --server granian``), warmed.

gunicorn warms the application once in its master before the workers fork
(``deploy/gunicorn.conf.py``); granian has no such hook and loads the application in
each worker, so each worker warms it here on import, before it serves a request: the
same warm-up, done per worker."""

from tavolo.warmup import warm_up
from tavolo.wsgi import application

warm_up(application)

__all__ = ["application"]
