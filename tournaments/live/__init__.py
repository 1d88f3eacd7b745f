"""Websockets (Django Channels): the push side of live updates.

:mod:`.consumers` lets a page join the group of a game or of a tournament;
:mod:`.routing` maps ``/ws/…`` addresses to them; :mod:`tournaments.services.live`
publishes. See docs/playing-online.md and docs/operations.md ("Push processes").
"""
