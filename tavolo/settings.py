"""Django settings for Tavolo, read from the environment.

With nothing set, Tavolo runs self-contained: SQLite in ``db.sqlite3`` beside this
package, Celery tasks executed in-process (eager), a local-memory cache.

Every variable read from the environment, with its default and what it is for, is
listed in one place: docs/operations.md, "PostgreSQL and Redis".
"""

from __future__ import annotations

import os
import secrets
import sys
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def _env_flag(name: str) -> bool:
    return _env(name).lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in _env(name, default).split(",") if item.strip()]


DEBUG = _env_flag("TAVOLO_DEBUG")
HTTPS = _env_flag("TAVOLO_HTTPS")

# The key signs sessions, password-reset links, e-mail verification and the score
# sheets' table codes. With DEBUG off it must come from the environment, whatever else
# is set (TAVOLO_TESTING included): a key written in this repository would let anyone
# forge those. The test suite (pytest imported before the settings) makes a random key
# of its own and leaves it in the environment, so the worker and server processes it
# starts sign with the same key.
SECRET_KEY = _env("TAVOLO_SECRET_KEY")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "django-insecure-tavolo-development-key-never-use-in-production"
    elif "pytest" in sys.modules:
        SECRET_KEY = os.environ["TAVOLO_SECRET_KEY"] = secrets.token_urlsafe(50)
    else:
        raise ImproperlyConfigured(
            "TAVOLO_SECRET_KEY is not set. Set it to a long random string in production "
            "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or set TAVOLO_DEBUG=1 for local development."
        )

ALLOWED_HOSTS = _env_list("TAVOLO_ALLOWED_HOSTS", "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = _env_list("TAVOLO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # First: its runserver serves the ASGI app (pages and websockets, static files in
    # DEBUG), so ./bin/serve and the browser tests push moves as production does.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    # Locks out password guessing (log-in pages, admin, API tokens): docs/security.md.
    "axes",
    "channels",
    "tournaments",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else Accept-Language (docs/translations.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.web.club_time.ClubTimeZoneMiddleware",  # club pages on the club's clock
    # A club's default language when the browser asked for none; the API in English;
    # a user's saved choice becomes the browser's cookie when they log in.
    "tournaments.web.language.LanguageMiddleware",
    # Italian or French cards for the Italian games: the viewer's cookie.
    "tournaments.web.card_style.CardStyleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The Content-Security-Policy header (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # Turns a locked-out log-in into a 429 page (AXES_LOCKOUT_CALLABLE); keep it last.
    "axes.middleware.AxesMiddleware",
    # A door refusing for too many failed attempts (a score sheet's code …): 429.
    "tournaments.web.lockout_page.LockedOutMiddleware",
]

ROOT_URLCONF = "tavolo.urls"
WSGI_APPLICATION = "tavolo.wsgi.application"
ASGI_APPLICATION = "tavolo.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------
DATABASE_URL = _env("DATABASE_URL")
PREPARE_THRESHOLD = 5  # psycopg's default: prepared once a connection ran it this often
if DATABASE_URL:
    DATABASES = {
        # Persistent connections (60 s), health-checked: before a request's first query
        # Django runs SELECT 1 on a kept connection and reconnects if the server closed
        # it (a PostgreSQL restart, a failover, pg_terminate_backend), so the database
        # blinking costs no request a 500 (tests/site/test_database_blink.py). The check
        # costs one round trip per request (docs/benchmarks.md, "Database health
        # checks"); TAVOLO_DB_HEALTH_CHECKS=0 turns it off.
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=60,
            conn_health_checks=_env("TAVOLO_DB_HEALTH_CHECKS", "1").lower()
            not in {"0", "false", "no", "off"},
        )
    }
    # Server-side prepared statements, as psycopg and Django offer them: parameters
    # bound on the server, and a statement a connection has run PREPARE_THRESHOLD times
    # prepared there, so the server parses and plans the reads every request makes (a
    # game, the club, the tournament, the standings) once per connection.
    # TAVOLO_DB_PREPARED=0: Django's client-side binding, nothing prepared (for a pooler
    # that cannot keep prepared statements: PgBouncer in transaction mode before 1.21).
    postgresql = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    if postgresql and _env("TAVOLO_DB_PREPARED", "1").lower() not in {"0", "false", "no", "off"}:
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=PREPARE_THRESHOLD
        )
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            # Writers take the lock when their transaction begins, so two moves racing
            # on one game queue up instead of failing with "database is locked".
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker/results and the cache ----------------------------------------
REDIS_URL = _env("REDIS_URL")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Parallel test processes (pytest-xdist) share one Redis but not one database:
            # their keys (a tournament's "recompute queued" mark, its lock) must not meet.
            "KEY_PREFIX": "tavolo" + os.environ.get("PYTEST_XDIST_WORKER", ""),
        }
    }
else:
    # No broker: tasks run in the calling process, results stay in memory.
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Push: the channel layer that carries "game X moved" to every push process --------
# With Redis, its publish/subscribe layer: a group message is one PUBLISH that every
# push process subscribed to the group receives at once (measured against the list-based
# RedisChannelLayer in docs/benchmarks.md, "Live updates"). Nothing is queued for a
# page that is not connected: a page that reconnects fetches its board once anyway.
# Without Redis, one process's memory (runserver, tests): publishes from other threads
# are handed to that process's event loop (tournaments/services/live.py).
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": _env(
                "TAVOLO_CHANNEL_LAYER", "channels_redis.pubsub.RedisPubSubChannelLayer"
            ),
            "CONFIG": {
                "hosts": [REDIS_URL],
                # Publish/subscribe ignores the database number: the prefix keeps the
                # groups of two sites (or two parallel test runs) on one Redis apart.
                "prefix": "tavolo"
                + urlparse(REDIS_URL).path.strip("/")
                + os.environ.get("PYTEST_XDIST_WORKER", ""),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
TAVOLO_TASK_TIMEOUT = float(_env("TAVOLO_TASK_TIMEOUT", "5"))

# --- E-mail: sign-up verification and password reset ---------------------------------
DEFAULT_FROM_EMAIL = _env("TAVOLO_DEFAULT_FROM_EMAIL", "Tavolo <webmaster@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_FILE_PATH = _env("TAVOLO_EMAIL_FILE_PATH")
if EMAIL_FILE_PATH:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
elif DEBUG:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    # pytest-django swaps in the locmem backend (mail.outbox) for the test suite.
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _env("TAVOLO_EMAIL_HOST", "localhost")
    EMAIL_PORT = int(_env("TAVOLO_EMAIL_PORT", "25"))
    EMAIL_HOST_USER = _env("TAVOLO_EMAIL_USER")
    EMAIL_HOST_PASSWORD = _env("TAVOLO_EMAIL_PASSWORD")
    EMAIL_USE_TLS = _env_flag("TAVOLO_EMAIL_USE_TLS")
    EMAIL_TIMEOUT = 20

# --- Auth, i18n, static -------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "accounts:login"
# django-axes checks every password first: a locked-out address or account is refused
# before the password is even hashed (docs/security.md, "Password guessing").
AUTHENTICATION_BACKENDS = [
    "tournaments.services.lockouts.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600  # a reset link works for three days
TAVOLO_VERIFY_EMAIL_SECONDS = 3 * 24 * 3600  # so does a sign-up's verification link
TAVOLO_CLAIM_CODE_DAYS = 14  # a guest's claim code works for two weeks
# (attempts, seconds) per client address (sign-up, reset, resending the link) or per
# user (claim codes): see tournaments/services/ratelimit.py.
TAVOLO_PROXY_COUNT = int(_env("TAVOLO_PROXY_COUNT", "0"))
TAVOLO_RATE_LIMITS = {
    "signup": (10, 3600),
    "password-reset": (5, 3600),
    "verify-mail": (5, 3600),
    "claim": (10, 3600),
}
# Wrong passwords (log-in page, admin, API token: one door), reset links and sheet
# codes, each door counted on its own (tournaments/services/lockouts.py,
# docs/security.md): TAVOLO_LOGIN_FAILURES failures for one account from one address,
# TAVOLO_ACCOUNT_FAILURES for one account from any address, TAVOLO_ADDRESS_FAILURES
# from one address for any accounts, within TAVOLO_LOGIN_COOLOFF_MINUTES, lock what
# they counted (429 with Retry-After, even with the right password) until that many
# minutes have passed since the last counted failure. Failures while locked out are
# not counted, so a lock always ends. Counted in PostgreSQL (FailureCount), so every
# worker sees the same counts, and a lock holds while Redis is down or restarts.
AXES_HANDLER = "tournaments.services.lockouts.CountingHandler"
AXES_FAILURE_LIMIT = int(_env("TAVOLO_LOGIN_FAILURES", "10"))
TAVOLO_ACCOUNT_FAILURES = int(_env("TAVOLO_ACCOUNT_FAILURES", "50"))
TAVOLO_ADDRESS_FAILURES = int(_env("TAVOLO_ADDRESS_FAILURES", "100"))
AXES_COOLOFF_TIME = timedelta(minutes=int(_env("TAVOLO_LOGIN_COOLOFF_MINUTES", "15")))
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "tournaments.services.ratelimit.client_ip"
AXES_LOCKOUT_CALLABLE = "tournaments.web.lockout_page.locked_out"
AXES_ENABLE_ADMIN = False  # axes' own tables stay empty: the counts are FailureCount rows
AXES_VERBOSE = False  # no start-up banner on stdout (management commands print there)
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "password", "code", "token"]
# What the password door counts (CountingHandler, each with its limit above).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username", "ip_address"]

# After logging in: the dashboard (a director's evening, a player's own games).
LOGIN_REDIRECT_URL = "accounts:dashboard"

# Italian and English (docs/translations.md). The site's own default is English; a
# club's pages default to the club's language (Club.language, Italian unless set).
# No language prefix in URLs: the choice lives in a cookie, so a shared link shows
# each reader the page in their own language.
LANGUAGE_CODE = "en"
LANGUAGES = [("it", "Italiano"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a year: the choice outlives a browser restart
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]  # tavolo.css, tavolo.js, vendor/htmx.min.js

# --- Django REST framework and the OpenAPI schema ------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's token authentication, with a valid token's user kept in process for a
        # few seconds (tavolo/authentication.py says how a deleted token stops working).
        # First, so an anonymous write is answered 401 with `WWW-Authenticate: Token`
        # (DRF asks the first class for that header; the session class has none).
        "tavolo.authentication.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Anyone may read; changing anything needs a logged-in user or a token.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tavolo.api.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tavolo API",
    "DESCRIPTION": (
        "Club card-game tournaments.\n\n"
        "**Seat numbers are 0-based indices.** Every `seat` field, `seat` query parameter "
        "and seat in a path (`/seats/{number}`, `/invitations/{seat}`), the `to_act` and "
        "`first_dealer` values, the sides of `scores` and `winner`, and the seat numbers in "
        "error messages count from 0: seat 0 is the one the web pages, table cards and "
        'PDF score sheets call "Seat 1". Tables, rounds and deals count from 1.'
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The schema tells the truth (issue 15): request components of their own (a string
    # that may not be blank says minLength 1), request bodies closed to unknown fields.
    "COMPONENT_SPLIT_REQUEST": True,
    # Request bodies closed to unknown fields (tournaments/api/shared/schema.py); every
    # operation that takes credentials documents its 401 (tavolo/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.shared.schema.closed_request_bodies",
        "tavolo.schema.document_unauthorized",
    ],
    # Swagger UI and Redoc come from drf-spectacular-sidecar's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Security (production) -----------------------------------------------------------
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
if not DEBUG:
    # Cookies are only marked secure, and HTTP only redirected, when Tavolo is
    # actually served over HTTPS; otherwise logging in over plain HTTP would break.
    SESSION_COOKIE_SECURE = HTTPS
    CSRF_COOKIE_SECURE = HTTPS
    LANGUAGE_COOKIE_SECURE = HTTPS
    SECURE_SSL_REDIRECT = HTTPS
    if HTTPS:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
        SECURE_HSTS_SECONDS = int(_env("TAVOLO_HSTS_SECONDS", "3600"))
        # /healthz is probed over plain HTTP by local monitors.
        SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# The Content-Security-Policy of every page (django-csp): scripts and styles only from
# our own static files (no inline scripts, handlers or style attributes), no plugins,
# no framing, forms post only here. The Swagger UI (/api/docs/) loads its script from
# the same static files (drf-spectacular's split view), so it lives with this policy.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        # 'self' also allows the page's own host over ws:/wss: (CSP level 3): the live
        # websockets (tests/browser/test_browser_live.py fails on any violation).
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# Everything goes to stderr (journald under systemd). Django's own "django" logger
# loses its handlers and just propagates here, so nothing is printed twice.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": _env("TAVOLO_LOG_LEVEL", "INFO")},
    "loggers": {"django": {"handlers": [], "level": "INFO", "propagate": True}},
}
