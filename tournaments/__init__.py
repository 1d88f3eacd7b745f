"""Tournaments: clubs, events, tables and rounds (models arrive with later issues)."""
