"""Round corrections are append-only too: a published round's history is kept whole."""

from django.db import migrations

from tournaments.append_only import append_only


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_clubs_tournaments_rounds")]

    operations = [
        append_only("tournaments_roundcorrection", "corrections", "round corrections")
    ]
