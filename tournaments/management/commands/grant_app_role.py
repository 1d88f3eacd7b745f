"""``manage.py grant_app_role [ROLE]``: give the service's database role its rights.

Run it as the owner of the tables (the ``DATABASE_URL`` that ran ``migrate``) after
every migrate: the role (default ``tavolo_app``) may read and write every table but
never UPDATE, DELETE or TRUNCATE an append-only one (tournaments/db_roles.py).
``--print`` prints those statements instead; ``--print-setup`` prints the one-time
set-up of the roles (deploy/roles-setup.sql).
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction

from tournaments import db_roles


class Command(BaseCommand):
    help = (
        "Grant the service's PostgreSQL role its rights, refusing UPDATE, DELETE and "
        "TRUNCATE on the append-only tables (run as the tables' owner after migrate)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("role", nargs="?", default=db_roles.DEFAULT_APP)
        parser.add_argument("--owner", default=db_roles.DEFAULT_OWNER)
        parser.add_argument("--database", default=db_roles.DEFAULT_DATABASE)
        parser.add_argument("--print", action="store_true", help="print the grants' SQL")
        parser.add_argument(
            "--print-setup", action="store_true", help="print the one-time set-up SQL"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["print_setup"]:
                sql = db_roles.setup_sql(options["owner"], options["role"], options["database"])
                self.stdout.write(sql, ending="")
                return
            if options["print"]:
                self.stdout.write(db_roles.grants_sql(options["role"]), ending="")
                return
            statements = db_roles.grant_statements(options["role"])
        except ValueError as error:
            raise CommandError(str(error)) from None
        if connection.vendor != "postgresql":
            raise CommandError("grant_app_role is for PostgreSQL (DATABASE_URL)")
        with transaction.atomic(), connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement, params=None)
        self.stdout.write(
            f"{options['role']}: granted; no UPDATE, DELETE or TRUNCATE on "
            + ", ".join(db_roles.APPEND_ONLY_TABLES)
        )
