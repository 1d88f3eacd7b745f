"""The scoring app's part of the REST API: the standings resource, laid out as every
resource of :mod:`tournaments.api` is (a package with ``views``, ``serializers`` and
``urls``). ``tavolo/urls.py`` includes :mod:`scoring.api.urls` under ``/api/``."""
