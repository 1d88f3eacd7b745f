"""The bench's scratch PostgreSQL database and its gunicorn server (production
configuration, ``deploy/gunicorn.conf.py``): made, started, stopped and dropped by
:mod:`benchmarks.api_bench` (and the tests that start a server the same way)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from benchmarks.http_client import HOST, Client

ROOT = Path(__file__).resolve().parent.parent
BENCH_DATABASE = "tavolo_bench"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tavolo"
USERNAME = "bench"
SEATS = 4  # the most players any game of api_players.GAME_OPTIONS seats
USERNAMES = [USERNAME] + [f"{USERNAME}{n}" for n in range(1, SEATS)]
"""One account per seat: a seat is played only by its own player (issue 15), so each
seat of a bench game is taken by its own user, who plays it with their own token."""
SERVER_START_TIMEOUT = 60.0


# ---------------------------------------------------------------------- the database


def bench_database_url(base_url: str, name: str = BENCH_DATABASE) -> str:
    """``base_url`` pointed at database ``name`` (PostgreSQL on this machine only)."""
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"the bench database name must be letters, digits and _, not {name!r}")
    parts = urlsplit(base_url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise SystemExit(f"api_bench needs PostgreSQL; DATABASE_URL is {base_url!r}")
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"api_bench only uses a database on this machine, not {parts.hostname}")
    return urlunsplit(parts._replace(path="/" + name))


def _admin(database_url: str, *statements: str) -> None:
    """Run ``statements`` in autocommit on the server's maintenance database."""
    import psycopg

    parts = urlsplit(database_url)
    admin = urlunsplit(parts._replace(path="/postgres", scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


def recreate_database(database_url: str) -> None:
    """DROP and CREATE the bench database."""
    name = urlsplit(database_url).path.lstrip("/")
    _admin(
        database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
    )


def drop_database(database_url: str) -> None:
    name = urlsplit(database_url).path.lstrip("/")
    _admin(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(
    database_url: str,
    secret_key: str,
    health_checks: bool = True,
    redis_url: str | None = None,
) -> dict[str, str]:
    """The server's environment. ``redis_url``: served with the site's Redis (its cache
    and the channel layer that pushes each move to its watchers, as in production);
    by default none, so the run is self-contained (the in-memory layer, which in a
    gunicorn worker has nobody to push to)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(
        DATABASE_URL=database_url,
        TAVOLO_SECRET_KEY=secret_key,
        TAVOLO_ALLOWED_HOSTS=f"{HOST},localhost",
        TAVOLO_DB_HEALTH_CHECKS="1" if health_checks else "0",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def create_users(env: dict[str, str], password: str) -> None:
    code = (
        "from django.contrib.auth import get_user_model; "
        f"[get_user_model().objects.create_user(name, password={password!r}) "
        f"for name in {USERNAMES!r}]"
    )
    manage(env, "shell", "-c", code)


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: workers finish requests
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


SERVERS = ("gunicorn", "granian")
"""The HTTP servers the bench can run the site under: gunicorn (production, the
default) and, as an experiment, granian (a Rust HTTP server with a WSGI interface;
``pip install granian``), with the same number of worker processes and Python threads."""


def server_command(server: str, port: int, workers: int, threads: int) -> list[str]:
    """The command line serving ``tavolo.wsgi`` on ``port`` with ``server``."""
    if server == "granian":
        granian = Path(sys.executable).with_name("granian")
        return [
            str(granian) if granian.exists() else "granian",
            "--interface",
            "wsgi",
            "--host",
            HOST,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--blocking-threads",
            str(threads),
            "--no-ws",
            "--log-level",
            "warning",
            "benchmarks.granian_app:application",
        ]
    if server != "gunicorn":
        raise SystemExit(f"unknown server {server!r}: one of {', '.join(SERVERS)}")
    # The production configuration (preloaded, warmed workers); only the address, the
    # pool's size and the logging are the benchmark's own.
    return [
        gunicorn_executable(),
        "--config",
        str(ROOT / "deploy" / "gunicorn.conf.py"),
        "tavolo.wsgi",
        "--workers",
        str(workers),
        "--bind",
        f"{HOST}:{port}",
        "--worker-class",
        "gthread" if threads > 1 else "sync",
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]


def gunicorn_executable() -> str:
    """This environment's gunicorn (beside its Python), else the one on the PATH."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    return str(gunicorn) if gunicorn.exists() else "gunicorn"


def start_server(
    env: dict[str, str], workers: int, threads: int, server: str = "gunicorn"
) -> Server:
    port = free_port()
    command = server_command(server, port, workers, threads)
    return launch(command, port, dict(env, TAVOLO_ACCESS_LOG=""), server, "/healthz")


def launch(
    command: list[str], port: int, env: dict[str, str] | None, name: str, probe: str
) -> Server:
    """Start ``command`` (a server on ``port``, its output in a log file) and wait until
    ``GET probe`` answers 200; ``SystemExit`` with the log if it exits or stays silent."""
    log = Path(tempfile.mkstemp(prefix=f"bench-{name}-", suffix=".log")[1])
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    started = Server(process, port, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{name} exited with {process.returncode}:\n{log.read_text()}")
        try:
            status, _ = Client(port).request("GET", probe)
            if status == 200:
                return started
        except OSError:
            pass
        time.sleep(0.2)
    started.stop()
    raise SystemExit(f"{name} did not answer within {SERVER_START_TIMEOUT:g}s:\n{log.read_text()}")
