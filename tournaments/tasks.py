"""Celery tasks of online play: a bot's move and the clock's check at a deadline.

Both only call :func:`tournaments.services.table_driver.run`, which checks the plan is
still current and writes at most one event however many workers run it. The sweep
(:func:`sweep_tables`, on Celery beat every ``table_driver.SWEEP_SECONDS``) runs the
plans whose task was lost.
"""

from __future__ import annotations

from celery import shared_task

from tavolo.celery import app as celery_app
from tournaments.services import table_driver

celery_app.conf.beat_schedule = {
    **(celery_app.conf.beat_schedule or {}),
    "sweep-tables": {
        "task": "tournaments.tasks.sweep_tables",
        "schedule": table_driver.SWEEP_SECONDS,
    },
}


@shared_task(name="tournaments.tasks.bot_move", ignore_result=True)
def bot_move(game_id: str, version: int, seat: int | None = None) -> bool:
    """The bot at ``seat`` moves, if the game is still at ``version``."""
    return table_driver.run("bot", game_id, version, seat)


@shared_task(name="tournaments.tasks.clock_check", ignore_result=True)
def clock_check(game_id: str, version: int, seat: int | None = None) -> bool:
    """The clock makes its move for a seat out of time, if the game is still at
    ``version`` and a deadline has come (else it plans the check again)."""
    return table_driver.run("timeout", game_id, version, seat)


@shared_task(name="tournaments.tasks.sweep_tables", ignore_result=True)
def sweep_tables() -> int:
    """Run the overdue automatic moves whose tasks were lost."""
    return table_driver.sweep()
