"""Score-sheet lines are append-only: a sheet's whole history stays visible."""

from django.db import migrations

from tournaments.append_only import append_only


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_score_sheets")]

    operations = [append_only("tournaments_sheetentry", "sheet", "score sheets")]
