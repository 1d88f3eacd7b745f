# shellcheck shell=bash
# Shared set-up for bin/serve, bin/test and .ci/run: source it (or run it on its own).
#
# Makes sure .venv exists, was made with Python >= 3.11, and holds the dependencies
# listed in pyproject.toml ([project].dependencies plus the extras named in
# TAVOLO_EXTRAS, default "dev"). The install is skipped when .venv/.tavolo-stamp holds
# the same hash of pyproject.toml, the extras and the interpreter version, so running
# it again costs nothing. Afterwards .venv/bin is first on PATH and the working
# directory is the repository root.
#
# The project itself is not pip-installed: a .pth file in the venv puts the checkout
# on sys.path, so every package at the root (engine, tavolo, tournaments, scoring)
# imports from the working tree, including ones added later, and so do console
# scripts such as `celery` and `gunicorn`.

set -euo pipefail

TAVOLO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TAVOLO_VENV="$TAVOLO_ROOT/.venv"
cd "$TAVOLO_ROOT"

_tavolo_log() { printf 'bootstrap: %s\n' "$*" >&2; }

_tavolo_find_python() {
    local candidates cand
    if [ -n "${TAVOLO_PYTHON:-}" ]; then
        candidates="$TAVOLO_PYTHON"
    else
        candidates="python3 python3.11 python3.12 python3.13"
    fi
    for cand in $candidates; do
        if command -v "$cand" >/dev/null 2>&1 &&
            "$cand" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$cand"
            return 0
        fi
    done
    _tavolo_log "no Python >= 3.11 found (tried: $candidates); set TAVOLO_PYTHON to one"
    return 1
}

_tavolo_bootstrap() {
    local vpy="$TAVOLO_VENV/bin/python"
    local extras="${TAVOLO_EXTRAS-dev}"
    local stamp_file="$TAVOLO_VENV/.tavolo-stamp"

    # A venv whose interpreter or pip no longer works (moved, half-made, base Python
    # removed) is rebuilt from scratch.
    if [ -e "$TAVOLO_VENV" ] && ! "$vpy" -c 'import pip, sys; sys.exit(sys.version_info < (3, 11))' \
        >/dev/null 2>&1; then
        _tavolo_log "$TAVOLO_VENV is unusable; recreating it"
        rm -rf "$TAVOLO_VENV"
    fi
    if [ ! -e "$TAVOLO_VENV" ]; then
        local py
        py="$(_tavolo_find_python)"
        _tavolo_log "creating $TAVOLO_VENV with $py ($("$py" --version 2>&1))"
        if ! "$py" -m venv "$TAVOLO_VENV"; then
            rm -rf "$TAVOLO_VENV"
            _tavolo_log "could not create the venv (on Debian/Ubuntu: apt-get install python3-venv)"
            return 1
        fi
    fi

    local want have=""
    want="$(TAVOLO_EXTRAS="$extras" "$vpy" - <<'PY'
import hashlib, os, sys
h = hashlib.sha256()
with open("pyproject.toml", "rb") as f:
    h.update(f.read())
h.update(os.environ["TAVOLO_EXTRAS"].encode())
h.update(sys.version.encode())
print(h.hexdigest())
PY
)"
    [ -f "$stamp_file" ] && have="$(cat "$stamp_file")"

    if [ "$want" != "$have" ]; then
        _tavolo_log "installing dependencies from pyproject.toml (extras: ${extras:-none})"
        TAVOLO_EXTRAS="$extras" "$vpy" - > "$TAVOLO_VENV/requirements.txt" <<'PY'
import os, tomllib
with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
reqs = list(project.get("dependencies", []))
for extra in filter(None, os.environ["TAVOLO_EXTRAS"].replace(",", " ").split()):
    reqs += project.get("optional-dependencies", {})[extra]
print("\n".join(reqs))
PY
        "$vpy" -m pip install --quiet -r "$TAVOLO_VENV/requirements.txt"
        # Put the checkout on the venv's sys.path (see the header).
        local site
        site="$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
        printf '%s\n' "$TAVOLO_ROOT" > "$site/tavolo-checkout.pth"
        printf '%s\n' "$want" > "$stamp_file"
        _tavolo_log "dependencies installed"
    fi

    export VIRTUAL_ENV="$TAVOLO_VENV"
    export PATH="$TAVOLO_VENV/bin:$PATH"
    unset PYTHONHOME
}

_tavolo_bootstrap

# Run directly (`bash bin/_bootstrap.sh`): only set up the venv.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    _tavolo_log "ready: $TAVOLO_VENV"
fi
