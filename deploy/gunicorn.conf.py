"""gunicorn's configuration for Tavolo's web service (``gunicorn -c deploy/gunicorn.conf.py
tavolo.wsgi``), used by ``deploy/tavolo-web.service`` and by ``benchmarks.api_bench``.

- 2 workers of 8 threads (gthread): see deploy/README.md, "gunicorn workers and threads".
- ``preload_app``: Django, every view module and every game's rules are imported and a
  few requests sent through the stack (:func:`tavolo.warmup.warm_up`) once, in the
  master, before the workers fork: no worker's first request pays for imports (they
  made the worst request 3–9 s under load). A worker that restarts (``max_requests``
  is not set; a crash) inherits the same warm memory. The price: ``kill -HUP`` reloads
  this file but not the code — deploy new code with ``systemctl restart tavolo-web``.
- ``gc.freeze()`` after the warm-up: the ~170,000 objects the master made (modules,
  Django, the URL conf, the rules) leave the collector's generations, so a worker's
  full collection walks only what the worker made since. A full collection had taken
  60–80 ms (a move that happened to run it, 300 ms on a busy machine); 16 ms after
  (docs/benchmarks.md at 8dfeb90, "Full garbage collections"). The frozen objects are also not
  written to by the collector, so the workers keep sharing those pages with the
  master.
"""

import gc
import os

bind = os.environ.get("TAVOLO_BIND", "127.0.0.1:8001")
worker_class = "gthread"
workers = int(os.environ.get("TAVOLO_WEB_WORKERS", "2"))
threads = int(os.environ.get("TAVOLO_WEB_THREADS", "8"))
timeout = 30
backlog = 256
preload_app = True
accesslog = os.environ.get("TAVOLO_ACCESS_LOG", "-") or None  # "": none (the benchmark)
errorlog = "-"


def when_ready(server):  # noqa: ARG001 - gunicorn's hook signature
    """In the master, after the application is loaded and before any worker forks."""
    from tavolo.warmup import warm_up
    from tavolo.wsgi import application

    warm_up(application)
    gc.freeze()
