"""Rules the test tree keeps, checked on its source:

1. No fixture shadows another: a fixture name defined in a conftest.py is defined
   again in no test module or conftest.py below it (nor twice in one module). An
   override makes a test's meaning depend on where its file sits; a fixture that
   must differ gets a name of its own.
2. No test module at the root of tests/: each lives in its feature's folder.
3. Every folder of tests/ is a package, and the helpers are imported as
   ``tests.support.<module>``: no module outside tests/support/ but the tests and
   the conftest files.
4. Every test module (and test) that CI requires to have run, in ``.ci/report.py``,
   exists: a module moved without updating it would fail CI only when it ran.
"""

from __future__ import annotations

import ast
import importlib.util
from collections import defaultdict
from pathlib import Path

from tests.support.fixture_tree import ROOT, TESTS, fixture_definitions, shadowed_fixtures


def test_no_fixture_shadows_another() -> None:
    clashes = shadowed_fixtures(fixture_definitions(TESTS))
    assert not clashes, "\n".join(
        f"fixture {name!r}: {outer} is overridden by {inner}" for name, outer, inner in clashes
    )


def test_the_shadow_check_finds_an_override(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    (tmp_path / "web").mkdir()
    fixture = "import pytest\n\n@pytest.fixture{args}\ndef {name}():\n    return 1\n"
    (tmp_path / "conftest.py").write_text(fixture.format(args="", name="club"))
    (tmp_path / "api" / "conftest.py").write_text(fixture.format(args="", name="cup"))
    (tmp_path / "api" / "test_a.py").write_text(
        fixture.format(args="(name='cup')", name="a_cup") + fixture.format(args="", name="club")
    )
    # The same name in two sibling folders overrides nothing.
    (tmp_path / "web" / "test_b.py").write_text(fixture.format(args="", name="cup"))
    clashes = shadowed_fixtures(fixture_definitions(tmp_path))
    assert {(name, Path(inner).name) for name, _outer, inner in clashes} == {
        ("club", "test_a.py"),
        ("cup", "test_a.py"),
    }


def test_no_test_module_at_the_root_of_tests() -> None:
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []


def test_every_folder_is_a_package_and_helpers_live_in_support() -> None:
    folders = [d for d in [TESTS, *TESTS.rglob("*")] if d.is_dir() and any(d.glob("*.py"))]
    assert [str(d.relative_to(ROOT)) for d in folders if not (d / "__init__.py").exists()] == []
    stray = [
        str(p.relative_to(ROOT))
        for p in TESTS.rglob("*.py")
        if p.parent != TESTS / "support"
        and p.name not in ("__init__.py", "conftest.py")
        and not p.name.startswith("test_")
    ]
    assert stray == [], "helpers belong in tests/support/"


def test_helpers_are_imported_by_their_package_name() -> None:
    """``from club_support import …`` worked only through sys.path tricks."""
    helpers = {p.stem for p in (TESTS / "support").glob("*.py")}
    flat: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                top = node.module.split(".")[0]
                flat_helper = top in helpers and not (ROOT / top).exists()  # engine is real
                if flat_helper or top.startswith("test_") or top == "conftest":
                    flat[str(path.relative_to(ROOT))].append(node.module)
    assert dict(flat) == {}


def test_the_modules_ci_requires_exist() -> None:
    spec = importlib.util.spec_from_file_location("ci_report", ROOT / ".ci" / "report.py")
    assert spec and spec.loader
    report = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(report)
    missing = []
    for what, module, must_have in report.REQUIRED:
        path = ROOT.joinpath(*module.split(".")).with_suffix(".py")
        if not path.exists():
            missing.append(f"{what}: no {path.relative_to(ROOT)}")
        elif must_have and f"def {must_have}(" not in path.read_text():
            missing.append(f"{what}: {must_have} is not in {path.relative_to(ROOT)}")
    assert missing == []
