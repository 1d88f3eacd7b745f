"""Keeping the in-process caches of :mod:`tournaments.services.access` honest; and
connecting the receiver that hands a user's saved language to their browser at log-in
(:mod:`tournaments.web.language`)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Player, Seat
from tournaments.services import access
from tournaments.web import language  # noqa: F401 - connects its user_logged_in receiver


@receiver([post_save, post_delete], sender=Seat)
def seat_changed(sender: Any, instance: Seat, **kwargs: Any) -> None:
    access.forget_seats(instance.game_id)


@receiver([post_save, post_delete], sender=Player)
def player_changed(sender: Any, instance: Player, **kwargs: Any) -> None:
    access.forget_seats()  # which games the player sits in is not worth a query
