"""The runner's worker reuse, restart on source change, cancellation; agreement with static rules."""

import threading
import time

import pytest

from conftest import line_of, set_targets
from shardlint.analysis.config import load
from shardlint.analysis.diagnostics import Diagnostic, Related, Severity
from shardlint.analysis.lowering.agreement import disagreements
from shardlint.analysis.lowering.runner import LoweringRunner

pytestmark = pytest.mark.jax


@pytest.fixture
def runner():
    r = LoweringRunner()
    yield r
    r.close()


def test_reuse_and_restart_on_change(project, runner):
    root = project("gpu")
    cfg = load(root)
    first = runner.run(cfg)
    assert len(first.starts) == 1 and [r.status for r in first.results] == ["ok", "ok", "failed"]
    assert first.starts[0]["import_s"] > 0 and all(r.seconds > 0 for r in first.results)
    again = runner.run(cfg, ["sendrecv:unsharded"])
    assert again.starts == [] and [r.status for r in again.results] == ["failed"]
    src = root / "sendrecv.py"
    src.write_text(src.read_text().replace("return send_only(x)", "return ring(x)"))
    fixed = runner.run(cfg, ["sendrecv:unsharded"])
    assert len(fixed.starts) == 1 and [r.status for r in fixed.results] == ["ok"]
    assert str(src) in fixed.results[0].files


def test_cancel_stops_the_worker(project, runner):
    root = project("misc")
    set_targets(root, [("hang:run", "ok:ARGS"), ("ok:run", "ok:ARGS")], backend="cpu", host_devices=2, timeout=60)
    cancel = threading.Event()
    threading.Timer(4.0, cancel.set).start()
    t0 = time.monotonic()
    report = runner.run(load(root), cancel=cancel)
    assert time.monotonic() - t0 < 15
    assert [r.status for r in report.results] == ["cancelled", "cancelled"] and report.diagnostics == []
    assert [r.status for r in runner.run(load(root), ["ok:run"]).results] == ["ok"]


def _static(path, line, code="SHL002", related=()):
    return Diagnostic(str(path), line, 5, line, 9, code, "psend-outside-shard-map", Severity.ERROR, "static", related)


def test_agreement(project, runner):
    root = project("gpu")
    report = runner.run(load(root))
    src = root / "sendrecv.py"
    psend = line_of(src, 'return jax.lax.psend(x, "x", perm=PERM)')
    # JAX failed where static analysis said nothing
    found = disagreements(report.results, [], root)
    assert [(d.kind, d.target, d.line) for d in found] == [("lowering-only", "sendrecv:unsharded", psend)]
    # the same verdict: no disagreement
    assert disagreements(report.results, [_static(src, psend)], root) == []
    # a static error reached from `ring` (entry point in its def), which JAX lowered
    ring = line_of(src, "def ring")
    claim = _static(src, line_of(src, "token = jax.lax.psend"), related=(Related(str(src), ring + 1, 5, "entry"),))
    found = disagreements(report.results, [_static(src, psend), claim], root)
    assert [(d.kind, d.target) for d in found] == [("static-only", "sendrecv:ring")]
    assert "JAX lowered `sendrecv:ring` without error" in str(found[0])


def test_agreement_with_the_static_engine(project, runner):
    from shardlint.analysis.check import check

    root = project("gpu")
    cfg = load(root)
    report = runner.run(cfg)
    static = check([str(root)], cfg, use_cache=False).diagnostics
    assert [str(d) for d in disagreements(report.results, static, root)] == []
