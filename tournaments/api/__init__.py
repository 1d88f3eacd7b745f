"""The game service's REST API: thin DRF views over :mod:`tournaments.services`."""
