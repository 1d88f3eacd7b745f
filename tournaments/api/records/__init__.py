"""The records resource: a game's record, importing one, the fairness of its deals."""
