"""Server-rendered pages for playing and watching games (Django templates + htmx).

Views stay thin: they check access (one decorator from :mod:`tournaments.web.gates`),
call the services, and hand plain data to the templates. What a table looks like is
built in :mod:`tournaments.web.tables`; how a submitted form becomes an event in
:mod:`tournaments.web.actions`.
"""
