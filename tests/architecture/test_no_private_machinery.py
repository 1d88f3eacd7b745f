"""No production module goes below psycopg's cursor or reads Django's private names:
requests go through Django's handler, reads through the ORM or a Django cursor, and
prepared statements are psycopg's own (the database's ``OPTIONS``)."""

from __future__ import annotations

import ast

from tests.support.import_graph import ROOT, modules

BELOW_THE_CURSOR = ("psycopg.pq", "psycopg.generators", "psycopg.waiting")
PRIVATE_NAMES = {"Transformer", "_iterable_class", "klass_info", "get_related_populators"}


def _found(path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        imported: list[str] = []
        if isinstance(node, ast.Import):
            imported = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            if node.module == "psycopg":
                imported += [f"psycopg.{alias.name}" for alias in node.names]
        found += [name for name in imported if name.startswith(BELOW_THE_CURSOR)]
        found += [name.rpartition(".")[2] for name in imported if name.endswith(".Transformer")]
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE_NAMES:
            found.append(node.attr)
        if isinstance(node, ast.Name) and node.id in PRIVATE_NAMES:
            found.append(node.id)
        if isinstance(node, ast.Constant) and node.value in PRIVATE_NAMES:
            found.append(node.value)  # a subscript: compiler.klass_info["model"] …
    return found


def test_no_module_goes_below_psycopgs_cursor_or_reads_djangos_private_names():
    offenders = {
        str(path.relative_to(ROOT)): sorted(set(found))
        for name, path in sorted(modules().items())
        if (found := _found(path))
    }
    assert offenders == {}


def test_the_check_sees_what_it_looks_for(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from psycopg import pq\n"
        "from psycopg.adapt import Transformer\n"
        "import psycopg.generators\n"
        "rows = queryset._iterable_class\n"
        "model = compiler.klass_info['model']\n"
    )
    assert sorted(set(_found(probe))) == [
        "Transformer",
        "_iterable_class",
        "klass_info",
        "psycopg.generators",
        "psycopg.pq",
    ]
