""".ci/report.py counts every test case of pytest's JUnit report (issue 15: it said
2,222 passed when pytest ran 2,336, merging cases of one name, so a failed case could
show as passed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.support.fixture_tree import ROOT


def report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_report", ROOT / ".ci" / "report.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def junit(tmp_path: Path, *cases: tuple[str, str, str]) -> str:
    """A JUnit file with these (classname, name, outcome) cases."""
    body = {"passed": "", "failure": "<failure message='no'/>", "error": "<error/>"}
    body["skipped"] = "<skipped/>"
    lines = [
        f'<testcase classname="{cls}" name="{name}">{body[outcome]}</testcase>'
        for cls, name, outcome in cases
    ]
    path = tmp_path / "report.xml"
    path.write_text(f"<testsuites><testsuite>{''.join(lines)}</testsuite></testsuites>")
    return str(path)


def run(tmp_path: Path, capsys: Any, module: str, *cases: tuple[str, str, str]) -> Any:
    ci = report()
    ci.REQUIRED = [("Things", module, None)]
    status = ci.main(junit(tmp_path, *cases))
    return status, capsys.readouterr()


def test_every_parametrised_case_is_counted(tmp_path: Path, capsys: Any) -> None:
    mod = "tests.x.test_a"
    cases = [(mod, f"test_game[{game}]", "passed") for game in ("scopa", "briscola", "whist")]
    status, out = run(tmp_path, capsys, mod, *cases, ("tests.x.test_b", "test_b", "skipped"))
    assert status == 0
    assert "tests: 3 passed, 0 failed, 1 skipped" in out.out
    assert "Things: 3 of 3 passed" in out.out


def test_a_failed_parametrised_case_is_not_reported_as_passed(tmp_path: Path, capsys: Any) -> None:
    mod = "tests.x.test_a"
    status, out = run(
        tmp_path,
        capsys,
        mod,
        (mod, "test_game[scopa]", "passed"),
        (mod, "test_game[briscola]", "failure"),
    )
    assert status == 1
    assert "tests: 1 passed, 1 failed, 0 skipped" in out.out
    assert "test_game[briscola] failure" in out.err


def test_one_name_reported_twice_keeps_its_worst_outcome(tmp_path: Path, capsys: Any) -> None:
    """A test that passed and then failed in its teardown has two <testcase> entries of
    one name: the error must neither vanish nor be hidden by the pass."""
    mod = "tests.x.test_a"
    status, out = run(
        tmp_path, capsys, mod, (mod, "test_one", "error"), (mod, "test_one", "passed")
    )
    assert status == 1
    assert "tests: 1 passed, 1 failed, 0 skipped" in out.out
    assert "test_one error" in out.err
