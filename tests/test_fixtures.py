"""Every fixture under tests/fixtures: the static engine reports exactly the `# expect:`
annotations — the same (file, line, code) set, nothing more. No JAX is imported here."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from jaxtruth.run import discover  # noqa: E402
from jaxtruth.verdict import engine_diagnostics  # noqa: E402

FIXTURES = discover()


def test_corpus_is_large_and_balanced():
    positives = [f for f in FIXTURES if f.expected()]
    assert len(FIXTURES) >= 120
    assert len(positives) >= 40 and len(FIXTURES) - len(positives) >= 40


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.id for f in FIXTURES])
def test_engine_reports_exactly_the_expectations(fx):
    got = {(f, line, code) for f, line, code, _ in engine_diagnostics(fx)}
    want = fx.expected()
    assert sorted(got) == sorted(want), (
        f"missing: {sorted(want - got)}  unexpected: {sorted(got - want)}")
