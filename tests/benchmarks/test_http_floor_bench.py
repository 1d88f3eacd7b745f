"""The HTTP floor benchmark (python -m benchmarks.http_floor_bench) runs; no timing is
asserted."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from benchmarks import floor_app, http_floor_bench
from benchmarks.http_client import wsgi_environ

ROOT = Path(__file__).resolve().parents[2]


def test_the_floor_application_reads_the_body_and_answers_json():
    answered = []
    environ = wsgi_environ("POST", "/x", "token", http_floor_bench.MOVE)
    environ["CONTENT_LENGTH"] = str(len(http_floor_bench.MOVE))
    body = b"".join(floor_app.application(environ, lambda *args: answered.append(args)))
    assert environ["wsgi.input"].read() == b""  # the whole body was read
    status, headers = answered[0]
    assert status == "200 OK"
    assert dict(headers)["Content-Length"] == str(len(body))
    assert json.loads(body)["version"] == 42


# ~4 s: starts gunicorn (two workers) and two client processes for half a second.
def test_the_benchmark_serves_requests_and_prints_the_floor():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.http_floor_bench", "--clients", "2",
         "--seconds", "0.5", "--workers", "1", "--threads", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    answered = re.search(r"answered (\d+) requests", result.stdout)
    assert answered and int(answered.group(1)) > 0, result.stdout
    cpu = re.search(r"gunicorn CPU per request ([\d.]+) ms", result.stdout)
    assert cpu and float(cpu.group(1)) > 0, result.stdout
    assert "the floor for two requests a move" in result.stdout
