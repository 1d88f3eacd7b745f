"""One account holds one seat of a game (issue 15).

Before the constraint is added, a game still being set up that seats one player twice
loses the player's later seat(s) (seats may change in set-up anyway; the player takes
one again, or is invited). A started or finished game that does so cannot be repaired
automatically: the migration stops and names those games, so that a director decides
(void it, or correct its table) before running it again.
"""

from django.db import migrations, models
from django.db.models import Count, Min


def _drop_setup_duplicates(apps, schema_editor):
    Seat = apps.get_model("tournaments", "Seat")
    twice = (
        Seat.objects.values("game_id", "player_id")
        .annotate(n=Count("id"), first=Min("number"))
        .filter(n__gt=1)
    )
    stuck = []
    for row in twice:
        seats = Seat.objects.filter(game_id=row["game_id"], player_id=row["player_id"])
        if seats.filter(game__status="setup").exists():
            seats.exclude(number=row["first"]).delete()
        else:
            stuck.append(str(row["game_id"]))
    if stuck:
        raise RuntimeError(
            "these started or finished games seat one player at two seats, which is no "
            "longer allowed; void or correct them, then migrate again: " + ", ".join(stuck)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_audit_log"),
    ]

    operations = [
        migrations.RunPython(_drop_setup_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(
                fields=("game", "player"), name="seat_one_per_player"
            ),
        ),
    ]
