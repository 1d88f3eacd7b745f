"""Guests score their own table: a round can be closed (its sheets become read-only
for guests and players), and every sheet line says which seat wrote it, whether it
came through the table's link without a login, and hashes of the device and IP.

SQLite rebuilds a table to add a column, which drops its triggers: the append-only
triggers of migration 0006 are put back there (PostgreSQL keeps them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from tournaments.append_only import append_only

SHEET_TRIGGERS = append_only("tournaments_sheetentry", "sheet", "score sheets")


def sqlite_triggers_again(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for op in ("update", "delete"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS tavolo_sheet_no_{op};")
        SHEET_TRIGGERS.code(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_tournament_details"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="closed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="closed_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="sheetentry",
            name="device",
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddField(
            model_name="sheetentry",
            name="ip_hash",
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddField(
            model_name="sheetentry",
            name="seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="sheetentry",
            name="via_guest_link",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(sqlite_triggers_again, migrations.RunPython.noop),
    ]
