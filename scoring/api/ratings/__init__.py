"""The ratings resource: a player's ratings with their history, a club's ladder."""
