"""The lean path of a move: ``POST /api/games/<id>/events`` and the ``GET
/api/games/<id>/legal?seat=N`` a client makes after it, answered in front of Django's
URL resolver, middleware wrappers and DRF's dispatch (``tavolo.wsgi`` serves it).

- :mod:`tavolo.lean.handler`: the WSGI handler: which requests are lean, and handing
  every other one (and every lean one it cannot answer as the usual path would) to
  Django untouched;
- :mod:`tavolo.lean.stack`: the hooks of the site's middleware that act on these
  requests, the same instances' methods in the same order;
- :mod:`tavolo.lean.endpoints`: the two endpoints, DRF's steps by hand (authentication,
  permission, body, the same services, the exception handler, the JSON renderer).

What it leaves out and why that is safe: docs/benchmarks.md, "The lean move path".
"""
