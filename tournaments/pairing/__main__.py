"""``python -m tournaments.pairing < round.json > tables.json``

Reads one round as JSON on standard input (see :mod:`tournaments.pairing.model`) and
writes ``{"tables": [[...], ...], "byes": [...]}`` on standard output. Bad input gets
one line on standard error naming the bad field, and exit status 2; no traceback.
"""

from __future__ import annotations

import sys

from . import pair_json
from .model import PairingInputError

USAGE = "usage: python -m tournaments.pairing < round.json > tables.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        if args[0] in ("-h", "--help"):
            print(USAGE)
            print(__doc__.split("\n\n", 1)[1].strip() if __doc__ else "")
            return 0
        print(f"error: unexpected arguments {' '.join(args)!r}\n{USAGE}", file=sys.stderr)
        return 2
    data = sys.stdin.buffer.read()
    try:
        result = pair_json(data)
    except PairingInputError as exc:
        where = f" at {exc.path}" if exc.path else ""
        print(f"error: invalid round{where}: {exc.message}", file=sys.stderr)
        return 2
    except Exception as exc:  # a director sees one line, never a traceback
        print(f"error: internal error while pairing ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 1
    sys.stdout.write(result + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
