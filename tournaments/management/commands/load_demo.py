"""``manage.py load_demo``: load demonstration data for a local server.

Run by ``bin/serve`` on every start, so it must be idempotent. There is no demo
data yet: the tournament models do not exist. It says so and changes nothing.
"""

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load demonstration data (idempotent). Nothing to load yet."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("demo data: nothing to load yet")
