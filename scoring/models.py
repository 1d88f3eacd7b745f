"""Scoring models (none yet)."""
