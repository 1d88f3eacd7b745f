"""Scala 40's stored standings were computed with the most penalty points winning a
table (fixed in scoring.score_direction): mark every Scala 40 tournament's standings
owed, so that the sweep (or the next result) recomputes them. Derived rows only."""

from django.db import migrations
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone


def owe_scala40_standings(apps, schema_editor):
    StandingsState = apps.get_model("scoring", "StandingsState")
    Tournament = apps.get_model("tournaments", "Tournament")
    ids = list(Tournament.objects.filter(game_type="scala40").values_list("pk", flat=True))
    StandingsState.objects.filter(tournament_id__in=ids).update(
        dirty=True,
        requested=F("requested") + 1,
        dirty_since=Coalesce(F("dirty_since"), timezone.now()),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_rating_settings"),
        ("tournaments", "0022_seasons"),
    ]

    operations = [migrations.RunPython(owe_scala40_standings, migrations.RunPython.noop)]
