"""Scoring: standings and victory points, and the Celery tasks that compute them."""
