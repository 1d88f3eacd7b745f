"""Ratings, pure Python (no Django): OpenSkill's Weng-Lin model and how a rating reads.

:mod:`.scale` is what every caller shares (the model's settings, the number people
read, "provisional", a table's win chances); the rating of a season of games, the Elo
comparison and the Django side are built on it.
"""
