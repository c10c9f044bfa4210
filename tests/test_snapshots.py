"""Snapshots of what a user sees for every fixture under tests/fixtures: each diagnostic's code,
severity, place, message and related locations, and every fix offered for it (title,
applicability, and its edits as a unified diff of the files they touch). A script fixture
`x.py` keeps its snapshot in `x.snap` beside it; a folder fixture `case/` in `case.snap`.

A message, a related location or a fix that changes shows up here as a diff. When the change is
intended, rewrite the snapshots with `pytest tests/test_snapshots.py --snapshot-update` and
review them with `git diff`."""

from __future__ import annotations

import difflib
import sys
import sysconfig
from pathlib import Path

import pytest

from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table
from shardlint.analysis.diagnostics import Diagnostic
from shardlint.analysis.fixes import apply_edits, fixes_for

sys.path.insert(0, str(Path(__file__).resolve().parent))

from jaxtruth.run import FIXTURES as FIXTURE_ROOT, Fixture, discover  # noqa: E402

FIXTURES = discover()


def snapshot_path(fx: Fixture) -> Path:
    return fx.path.with_suffix(".snap") if fx.path.is_file() else fx.path.with_name(fx.path.name + ".snap")


def _rel(fx: Fixture, path: str) -> str:
    p = Path(path).resolve()
    try:
        return p.relative_to(fx.root.resolve()).as_posix()
    except ValueError:
        return f"<outside>/{p.name}"


def _read(path: str) -> str:
    return Path(path).read_bytes().decode("utf-8")


def _diff(fx: Fixture, fix) -> list[str]:
    by_file: dict[str, list] = {}
    for e in fix.edits:
        by_file.setdefault(str(Path(e.path).resolve()), []).append(e)
    out = []
    for path in sorted(by_file):
        old = _read(path)
        new = apply_edits(old, by_file[path])
        name = _rel(fx, path)
        for line in difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                         f"a/{name}", f"b/{name}"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return out


_SITE_DIRS = sorted({sysconfig.get_paths()[k] for k in ("purelib", "platlib")}, key=len, reverse=True)


def _portable(message: str) -> str:
    """A message as on any machine: an installed library's files under `<site-packages>`."""
    for d in _SITE_DIRS:
        message = message.replace(d, "<site-packages>")
    return message


def render(fx: Fixture, diags: list[Diagnostic], config) -> str:
    lines = []
    for d in diags:
        lines.append(f"{_rel(fx, d.path)}:{d.line}:{d.column}-{d.end_line}:{d.end_column} "
                     f"{d.code} {d.severity.value} {d.rule}\n")
        lines.append(f"  {_portable(d.message)}\n")
        for r in d.related:
            lines.append(f"  related {_rel(fx, r.path)}:{r.line}:{r.column}: {r.message}\n")
        for fix in fixes_for(d, _read, config):
            lines.append(f"  fix [{fix.applicability}] {fix.title}\n")
            lines.extend("    " + line if line.strip() else line for line in _diff(fx, fix))
        lines.append("\n")
    return "".join(lines) or "(no diagnostics)\n"


def current(fx: Fixture) -> str:
    config = parse_table(fx.config_table(), fx.root.resolve(), None)
    result = check([fx.path.resolve()], config, use_cache=False)
    return render(fx, result.diagnostics, config)


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.id for f in FIXTURES])
def test_snapshot(fx, request):
    got = current(fx)
    snap = snapshot_path(fx)
    if request.config.getoption("snapshot_update"):
        if not snap.is_file() or snap.read_bytes().decode("utf-8") != got:
            snap.write_bytes(got.encode("utf-8"))
        return
    assert snap.is_file(), f"{snap.name} is missing: run pytest {__file__} --snapshot-update"
    want = snap.read_bytes().decode("utf-8")
    if got != want:
        delta = "".join(difflib.unified_diff(want.splitlines(keepends=True), got.splitlines(keepends=True),
                                             f"{snap.name} (stored)", f"{snap.name} (now)"))
        pytest.fail(f"{fx.id} renders differently from its snapshot "
                    f"(--snapshot-update rewrites it if intended):\n{delta}", pytrace=False)


def test_no_orphan_snapshots(request):
    """A snapshot whose fixture is gone is dropped (by --snapshot-update) rather than kept."""
    wanted = {snapshot_path(fx) for fx in FIXTURES}
    orphans = sorted(p for p in FIXTURE_ROOT.rglob("*.snap") if p not in wanted)
    if request.config.getoption("snapshot_update"):
        for p in orphans:
            p.unlink()
        return
    assert not orphans, f"snapshots without a fixture: {[p.relative_to(FIXTURE_ROOT).as_posix() for p in orphans]}"
