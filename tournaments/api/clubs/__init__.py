"""The clubs resource: clubs, their members and roles, players (guests) and teams."""
