"""The game service's REST API: thin DRF views over :mod:`tournaments.services`.

The layout, one rule for every resource (``tests/architecture/test_api_layout.py``
checks it):

- A resource is a package ``tournaments/api/<resource>/`` (the standings, which
  belong to the scoring app, are ``scoring/api/standings/``) of four modules:

  - ``__init__.py``: a docstring saying what the resource is, and nothing else;
  - ``serializers.py``: every serializer and field class the resource declares, its
    request and response shapes (they also make the OpenAPI schema). A shape another
    resource owns is imported here from that resource's ``serializers``, nested in
    one of ours or re-exported (``import X as X``), so the views need no other;
  - ``views.py``: the views, and the functions that turn models into response bodies
    (``summary``, ``entry_detail`` …), which another resource's views may import.
    Views import serializers only from their own resource's ``serializers`` or from
    ``shared``;
  - ``urls.py``: its ``urlpatterns``, whole paths under ``/api/`` built on
    :mod:`tournaments.api.shared.paths`, every URL named ``api-…``.

- :mod:`tournaments.api.shared` holds what the resources share and nothing of one
  resource: the bounded JSON parser, strict request fields, JSON value fields, the
  error bodies and the schema's error statuses, the base views and their permission
  checks, the URL prefixes.
- :mod:`tournaments.api.urls` includes every resource's ``urls``, then the JSON 404s
  of any other URL under ``games/`` and ``clubs/``.
- No module grows past ~400 lines: a resource that would is split in two resources
  (the game API is ``games``, ``play``, ``records``, ``casual`` and ``tokens``).

The resources: ``tokens`` (``auth/token``); ``games``, ``play``, ``records`` and
``casual`` (``games/…``); ``clubs`` and ``claims`` (``clubs/{slug}/…``,
``players/claim``); ``tournaments``, ``entries``, ``my_entry``, ``seating``,
``director_tools``, ``rounds`` and ``sheets`` (``clubs/{slug}/tournaments/{t}/…``).
"""
