"""The games resource: the catalog, creating a game, its summary, seating, starting."""
