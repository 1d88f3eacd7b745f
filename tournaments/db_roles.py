"""The PostgreSQL roles of a deployment and what the service's role may do.

Two roles (deploy/README.md, "The database roles"):

- the **owner** (``tavolo_owner``) owns the database and every table; it runs
  ``manage.py migrate`` and nothing else. Only an owner (or a superuser) can
  ``ALTER TABLE … DISABLE TRIGGER`` or drop the append-only triggers.
- the **app** role (``tavolo_app``), the ``DATABASE_URL`` of gunicorn and Celery, owns
  nothing: it may read and write the tables, but never UPDATE, DELETE or TRUNCATE an
  append-only table (:data:`tournaments.append_only.APPEND_ONLY_TABLES`), and, not
  being the owner, never disable a trigger. Its rows are refused twice: by the missing
  privilege, and by the triggers that refuse every role.

:func:`setup_statements` creates the roles and the database (once, as a superuser);
:func:`grant_statements` gives the app role its rights, and must run (as the owner)
after every ``migrate``, since a new table is the owner's alone until then
(``manage.py grant_app_role``). Both are generated from the one list of append-only
tables that the tests check too; ``deploy/roles-setup.sql`` and
``deploy/app-grants.sql`` hold their output for the default names.
"""

from __future__ import annotations

import re

from tournaments.append_only import APPEND_ONLY_TABLES

DEFAULT_OWNER = "tavolo_owner"
DEFAULT_APP = "tavolo_app"
DEFAULT_DATABASE = "tavolo"
_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def checked_name(name: str) -> str:
    """``name`` if it is a plain SQL identifier (written into SQL unquoted), else raise."""
    if not _NAME.match(name):
        raise ValueError(
            f"a role or database name must be lower-case letters, digits and _: {name!r}"
        )
    return name


def role_statements(role: str) -> list[str]:
    """Create a login role that can create nothing and owns nothing (no password: set
    one with psql's ``\\password``, or use peer/cert authentication)."""
    role = checked_name(role)
    return [f"CREATE ROLE {role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION"]


def setup_statements(
    owner: str = DEFAULT_OWNER, app: str = DEFAULT_APP, database: str = DEFAULT_DATABASE
) -> list[str]:
    """Once, as a superuser (``postgres``), on the maintenance database."""
    owner, app, database = checked_name(owner), checked_name(app), checked_name(database)
    return [
        *role_statements(owner),
        *role_statements(app),
        f"CREATE DATABASE {database} OWNER {owner}",
        f"REVOKE ALL ON DATABASE {database} FROM PUBLIC",
        f"GRANT CONNECT, TEMPORARY ON DATABASE {database} TO {app}",
    ]


def schema_statements(owner: str = DEFAULT_OWNER) -> list[str]:
    """Once, as a superuser, connected to the new database: only the owner creates
    objects in the public schema (PostgreSQL before 15 lets every role create there)."""
    owner = checked_name(owner)
    return [
        "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
        f"GRANT CREATE, USAGE ON SCHEMA public TO {owner}",
    ]


def grant_statements(app: str = DEFAULT_APP) -> list[str]:
    """After every ``migrate``, as the owner: read and write every table, except that
    the append-only ones take no UPDATE, DELETE or TRUNCATE (a table not created yet,
    such as the audit log before its migration, is skipped)."""
    app = checked_name(app)
    statements = [
        f"GRANT USAGE ON SCHEMA public TO {app}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {app}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {app}",
    ]
    for table in APPEND_ONLY_TABLES:
        table = checked_name(table)
        statements.append(
            "DO $$ BEGIN "
            f"IF to_regclass('public.{table}') IS NOT NULL THEN "
            f"REVOKE UPDATE, DELETE, TRUNCATE ON {table} FROM {app}; "
            "END IF; END $$"
        )
    return statements


def setup_sql(
    owner: str = DEFAULT_OWNER, app: str = DEFAULT_APP, database: str = DEFAULT_DATABASE
) -> str:
    """``deploy/roles-setup.sql``: once, as the superuser, with psql."""
    return "\n".join(
        [
            *_header("roles-setup.sql", "--print-setup"),
            "-- Once, as the superuser: sudo -u postgres psql -f deploy/roles-setup.sql",
            f"-- then give both roles a password: \\password {owner}, \\password {app}",
            "-- (or let them in by peer/cert authentication, pg_hba.conf).",
            "",
            *(f"{s};" for s in setup_statements(owner, app, database)),
            "",
            f"\\connect {database}",
            *(f"{s};" for s in schema_statements(owner)),
            "",
        ]
    )


def grants_sql(app: str = DEFAULT_APP) -> str:
    """``deploy/app-grants.sql``: after every migrate, as the owner (what
    ``manage.py grant_app_role`` runs)."""
    return "\n".join(
        [
            *_header("app-grants.sql", "--print"),
            "-- After every `manage.py migrate`, as the owner of the tables:",
            f"--     manage.py grant_app_role {app}",
            "-- runs exactly these statements in one transaction; or",
            "--     psql -U tavolo_owner -d tavolo -1 -f deploy/app-grants.sql",
            "",
            *(f"{s};" for s in grant_statements(app)),
            "",
        ]
    )


def _header(name: str, option: str) -> list[str]:
    return [
        f"-- deploy/{name}: generated by `manage.py grant_app_role {option}` from",
        "-- tournaments/db_roles.py and the list of append-only tables in",
        "-- tournaments/append_only.py. Do not edit by hand; see deploy/README.md,",
        '-- "The database roles".',
    ]
