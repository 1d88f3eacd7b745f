"""What every resource of the API shares (see :mod:`tournaments.api` for the layout):

- :mod:`.parsers`: the bounded JSON parser every view reads bodies with;
- :mod:`.strict`: strict request fields and :class:`~.strict.StrictSerializer`;
- :mod:`.fields`: the JSON value fields of the game resources, and the integer limits;
- :mod:`.errors`: the error bodies, the schema entries of error statuses, the JSON 404s;
- :mod:`.views`: the base views (finding a game, club, tournament, entry or round, and
  the permission checks the views share);
- :mod:`.paths`: the URL prefixes the resources' ``urls.py`` build on.
"""
