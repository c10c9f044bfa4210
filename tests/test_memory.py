"""Memory over a long editing session: the server's Project keeps trees only for what it
analysed last (within its budget), the cyclic collector comes back on once the server is idle,
and nothing grows with the number of edits."""

from __future__ import annotations

import ast
import gc
import time

from shardlint.analysis import check as checkmod
from shardlint.analysis.check import Project
from shardlint.analysis.config import Config

HEADER = """import jax
from jax import lax


@jax.jit
def step(v):
    tok = lax.create_token()
    return lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1)])

"""
BLOCK = '''
def layer_{i}(x):
    return jax.nn.relu(x) * {i}
'''


def _trees() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is ast.Module)


def _idle() -> None:
    """Wait for the project's idle tidy (the collector back on)."""
    deadline = time.monotonic() + 5
    while not gc.isenabled() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gc.isenabled()


def test_a_long_editing_session_keeps_no_old_trees(tmp_path):
    big = tmp_path / "big.py"
    text = HEADER + "".join(BLOCK.format(i=i) for i in range(200)) + "\nstep(jax.numpy.zeros(4))\n"
    big.write_text(text)
    for i in range(5):
        (tmp_path / f"lib{i}.py").write_text(f"import jax\nX{i} = jax.numpy.ones({i})\n")
    project = Project(tmp_path, Config(root=tmp_path))
    project.diagnostics()
    _idle()
    counts = []
    for n in range(60):
        text = ("\n" + text) if n % 2 == 0 else text[1:]
        project.open(big, text)
        result, _ = project.diagnostics()
        assert [d.code for d in result[str(big)]] == ["SHL001"]
        if n % 20 == 19:
            _idle()
            counts.append(_trees())
    assert counts[0] == counts[-1], counts  # flat: no tree per edit survives
    assert counts[-1] <= 1 + len(project._sources)
    assert sum(sf.parsed for sf in project._sources.values()) <= 1  # only the file analysed last


def test_trees_beyond_the_budget_are_released(tmp_path, monkeypatch):
    for i in range(4):
        (tmp_path / f"m{i}.py").write_text("import jax\n" + "x = jax.numpy.ones(3)\n" * 50)
    monkeypatch.setattr(Project, "TREE_BUDGET_CHARS", 2000)
    project = Project(tmp_path, Config(root=tmp_path))
    project.diagnostics()
    _idle()
    assert sum(sf.parsed for sf in project._sources.values()) == 1  # one file's source fits


def test_the_collector_stays_off_through_a_burst_and_tidies(monkeypatch):
    collector = checkmod._Collector()
    monkeypatch.setattr(collector, "IDLE_S", 0.02)
    assert gc.isenabled()
    with collector.pause():
        assert not gc.isenabled()
    assert not gc.isenabled()  # still off right after: the answer goes out first
    _idle()


def test_stored_state_is_freed_with_the_project(tmp_path):
    (tmp_path / "m.py").write_text(HEADER + "step(jax.numpy.zeros(4))\n")
    project = Project(tmp_path, Config(root=tmp_path))
    project.diagnostics()
    _idle()
    before = _trees()
    del project
    assert _trees() < before
