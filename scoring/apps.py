from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """No model signals: services call :func:`scoring.owed.owe_standings` themselves."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
