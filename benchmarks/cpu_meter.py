"""CPU accounting from /proc (Linux): what gunicorn, the PostgreSQL backends of one
database and the whole machine used between two instants (:mod:`benchmarks.api_bench`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _process_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used, 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every process."""
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else []:
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        found.append((int(entry.name), int(stat[1]), cmdline))
    return found


def _machine_busy() -> float:
    """CPU seconds all CPUs have spent busy since boot (everything but idle and iowait)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    return (sum(values) - values[3] - values[4]) / TICK


@dataclass
class CpuMeter:
    """CPU used by gunicorn (master and workers), by the PostgreSQL backends serving
    the bench database, and by the whole machine, between start() and stop()."""

    server_pid: int
    database: str
    start_server: float = 0.0
    start_database: float = 0.0
    start_machine: float = 0.0
    database_pids: set[int] = field(default_factory=set)

    def _server(self) -> float:
        pids = [pid for pid, ppid, _ in _processes() if ppid == self.server_pid]
        return sum(_process_cpu(pid) for pid in [self.server_pid, *pids])

    def _database(self) -> float:
        marker = f" {self.database} "
        self.database_pids |= {
            pid for pid, _, cmd in _processes() if cmd.startswith("postgres:") and marker in cmd
        }
        return sum(_process_cpu(pid) for pid in self.database_pids)

    def start(self) -> None:
        self.start_server = self._server()
        self.start_database = self._database()
        self.start_machine = _machine_busy()

    def stop(self) -> dict[str, float]:
        return {
            "server": self._server() - self.start_server,
            "database": self._database() - self.start_database,
            "machine": _machine_busy() - self.start_machine,
        }
