"""The configured database is really the one in use."""

import dj_database_url
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection


@pytest.mark.postgres
def test_postgres_is_used_when_database_url_is_set(require_postgres):
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")
    # pytest-django ran the migrations into a separate test database.
    assert connection.settings_dict["NAME"].startswith("test_")


@pytest.mark.django_db
def test_migrations_applied_and_orm_round_trip():
    user = get_user_model().objects.create_user("ada", password="x" * 12)
    assert get_user_model().objects.get(username="ada").pk == user.pk


def test_database_follows_database_url():
    if settings.DATABASE_URL:
        expected = dj_database_url.parse(settings.DATABASE_URL)["ENGINE"]
        assert connection.settings_dict["ENGINE"] == expected
    else:
        assert connection.vendor == "sqlite"
