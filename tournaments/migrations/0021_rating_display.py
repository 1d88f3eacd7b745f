"""Ratings in tournaments (issue 18): whether the pairings and standings show ratings,
when a round shows its tables' expected results, and where an entry's rating came from.

Ratings entered before this migration were typed by a director: they stay as they are,
marked as typed, so no computed rating replaces them. (The lead renumbers this migration
at merge.)
"""

from django.db import migrations, models


def mark_typed_ratings(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    Entry.objects.exclude(rating=0).update(rating_source="typed")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0020_online_play'),
    ]

    operations = [
        migrations.AddField(
            model_name='entry',
            name='rating_games',
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name='rating games'),
        ),
        migrations.AddField(
            model_name='entry',
            name='rating_source',
            field=models.CharField(choices=[('none', 'No rating'), ('typed', 'Typed by a director'), ('club', "The club's rating"), ('all_clubs', 'The all-clubs rating')], default='none', max_length=10, verbose_name='rating source'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='expected_results',
            field=models.CharField(choices=[('hidden', 'Not shown'), ('after', 'Once a table has its result'), ('always', 'From the moment the round is published')], default='hidden', max_length=10, verbose_name='expected results'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='show_ratings',
            field=models.BooleanField(default=False, verbose_name='show ratings'),
        ),
        migrations.RunPython(mark_typed_ratings, migrations.RunPython.noop),
    ]
