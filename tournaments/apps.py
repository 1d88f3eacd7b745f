from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from tournaments import signals  # noqa: F401 - connects the receivers
        from tournaments.services import game_changes, live, table_driver

        # What a committed change of a game sets off, in order: every open page hears
        # of it, then the table plans its bots' and clocks' moves.
        game_changes.react_with(live.announce_game, table_driver.drive)
