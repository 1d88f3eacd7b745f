"""The audit log (issue 15): every act of an owner, director or scorer, append-only.

``AuditEntry`` rows are written by ``tournaments.services.audit.record`` in the act's
own transaction; the triggers of ``tournaments/append_only.py`` refuse UPDATE, DELETE
(and TRUNCATE on PostgreSQL), saying "audit entries are append-only".
"""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from tournaments.append_only import append_only


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0017_versions'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tournament_name', models.CharField(blank=True, max_length=200, verbose_name='tournament name')),
                ('actor_name', models.CharField(blank=True, max_length=200, verbose_name='actor name')),
                ('at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='at')),
                ('action', models.CharField(max_length=64, verbose_name='action')),
                ('subject', models.CharField(max_length=300, verbose_name='subject')),
                ('before', models.JSONField(blank=True, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True, verbose_name='before')),
                ('after', models.JSONField(blank=True, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True, verbose_name='after')),
                ('actor', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='actor')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.club', verbose_name='club')),
                ('tournament', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'audit entry',
                'verbose_name_plural': 'audit entries',
                'ordering': ['-at', '-id'],
                'indexes': [models.Index(fields=['club', '-at'], name='audit_club_at'), models.Index(fields=['tournament', '-at'], name='audit_tournament_at')],
            },
        ),
        append_only("tournaments_auditentry", "audit", "audit entries"),
    ]
