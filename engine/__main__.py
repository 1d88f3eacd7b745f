"""``python -m engine check RECORD.json ...`` — the conformance check (RECORDS.md)."""

from __future__ import annotations

import argparse
import sys

from engine.record import run_check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="replay game records and check their expectations")
    check.add_argument("records", nargs="+", metavar="RECORD.json")
    args = parser.parse_args(argv)
    if args.command == "check":
        return run_check(args.records)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    sys.exit(main())
