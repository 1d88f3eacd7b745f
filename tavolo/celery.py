"""The Celery application.

Configured from Django settings (the ``CELERY_*`` names in tavolo/settings.py); tasks
are found in each installed app's ``tasks`` module. Start a worker with
``celery -A tavolo worker -l info`` (REDIS_URL must be set; without it tasks run
in-process and no worker is needed).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")

app = Celery("tavolo")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
