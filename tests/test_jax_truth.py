"""JAX is the judge: every fixture is run under real JAX (4 fake CPU devices, cross-platform
lowering for cuda/tpu) and

- the `# expect:` annotations must agree with JAX: JAX fails ⟺ an error-severity rule is
  expected, and the line JAX blames carries one;
- the engine must agree with JAX: JAX fails ⟺ the engine reports an error in the fixture, and
  the blamed line carries an engine error.

A summary (precision, recall, blamed-line agreement) is printed at the end of the session."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shardlint.analysis.diagnostics import Severity  # noqa: E402

from jaxtruth.run import LABELS, discover, judged, label_path, run_all  # noqa: E402
from jaxtruth.verdict import EITHER, engine_diagnostics, is_error_code  # noqa: E402

pytestmark = pytest.mark.jax

FIXTURES = discover()
RUNNABLE = [f for f in FIXTURES if judged(f)]
_SCORES: dict[str, tuple[bool, bool, bool | None]] = {}  # id -> (jax failed, engine error, blamed hit)


@pytest.fixture(scope="module")
def outcomes(request):
    pytest.importorskip("jax")
    result = run_all(RUNNABLE)
    yield result
    _summary(request.config)


def _summary(config):
    if not _SCORES:
        return
    tp = sum(1 for j, e, _ in _SCORES.values() if j and e)
    fp = sum(1 for j, e, _ in _SCORES.values() if not j and e)
    fn = sum(1 for j, e, _ in _SCORES.values() if j and not e)
    hits = [b for j, e, b in _SCORES.values() if j and e and b is not None]
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    blamed = sum(hits) / len(hits) if hits else 1.0
    line = (f"JAX truth: {len(_SCORES)} fixtures, JAX rejects {tp + fn}; engine precision "
            f"{precision:.3f} recall {recall:.3f}, blamed line agreement {blamed:.3f} "
            f"({sum(hits)}/{len(hits)})")
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        print(line)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        reporter.write_sep("-", line)


def _ids(fixtures):
    return [f.id for f in fixtures]


def _version_skip(fx):
    if not judged(fx):
        pytest.skip(f"no label and no interpreter with jax {fx.jax_version()} here")


def test_every_label_belongs_to_a_fixture():
    """A label no fixture has (the fixture changed or went) is stale: delete it."""
    current = {label_path(f).name for f in FIXTURES}
    stale = sorted(p.name for p in LABELS.glob("*.json") if p.name not in current)
    assert not stale, f"stale labels in {LABELS}: {stale}"


@pytest.mark.parametrize("fx", FIXTURES, ids=_ids(FIXTURES))
def test_annotations_agree_with_jax(fx, outcomes):
    _version_skip(fx)
    o = outcomes[fx.id]
    expected = fx.expected()
    errors = {(f, line) for f, line, code in expected if is_error_code(code)}
    either = {(f, line) for f, line, code in expected if code in EITHER}
    if o.ok:
        assert not errors - either, f"JAX lowers this fixture, yet errors are expected at {sorted(errors)}"
    else:
        assert errors, f"JAX fails ({o.type}: {o.message}) but no error is expected"
        assert o.blamed is not None, f"JAX fails ({o.type}: {o.message}) outside the fixture's files"
        assert tuple(o.blamed) in errors, (
            f"JAX blames {o.blamed} ({o.type}: {o.message}); errors are expected at {sorted(errors)}")


@pytest.mark.parametrize("fx", FIXTURES, ids=_ids(FIXTURES))
def test_engine_agrees_with_jax(fx, outcomes):
    _version_skip(fx)
    o = outcomes[fx.id]
    errors = {(f, line) for f, line, _, sev in engine_diagnostics(fx) if sev == Severity.ERROR}
    blamed_hit = None if o.ok or o.blamed is None else tuple(o.blamed) in errors
    _SCORES[fx.id] = (not o.ok, bool(errors), blamed_hit)
    if o.ok:
        assert not errors, f"JAX lowers this fixture; the engine reports errors at {sorted(errors)}"
    else:
        assert errors, f"JAX fails ({o.type}: {o.message} at {o.blamed}); the engine reports no error"
        assert blamed_hit is not False, f"JAX blames {o.blamed}; the engine's errors are at {sorted(errors)}"
