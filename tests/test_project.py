"""`Project`, the language server's view of a workspace: open buffers over disk, and incremental
re-analysis that must always equal a fresh analysis of the same state."""

import textwrap
from pathlib import Path

from shardlint.analysis.check import Project
from shardlint.analysis.config import Config

HELPER_BAD = """\
import jax
def exchange(x):
    return jax.lax.psend(x, "x", [(0, 1)])
"""
HELPER_OK = """\
import jax
def exchange(x):
    return jax.lax.psum(x, "x")
"""
USER = """\
import jax
import jax.numpy as jnp
from helper import exchange
jax.jit(exchange)(jnp.ones(4))
"""
OTHER = """\
import jax
import jax.numpy as jnp
jax.jit(lambda v: jax.lax.pmean(v, "y"))(jnp.ones(2))
"""


def _state(project: Project) -> dict:
    result, _ = project.diagnostics()
    return {Path(p).name: sorted((d.line, d.code) for d in ds) for p, ds in result.items()}


def _fresh(root: Path, overlays: dict) -> dict:
    p = Project(root, Config(root=root))
    for path, text in overlays.items():
        p.open(path, text)
    return _state(p)


def test_incremental_equals_fresh_through_a_sequence_of_edits(tmp_path):
    for name, text in {"helper.py": HELPER_OK, "user.py": USER, "other.py": OTHER}.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    project = Project(tmp_path, Config(root=tmp_path))
    overlays: dict = {}
    steps = [
        ("helper.py", HELPER_BAD),      # the dependant's verdict changes through the import
        ("other.py", OTHER + "\n# a comment\n"),
        ("user.py", USER.replace("jax.jit(exchange)", "jax.pmap(exchange, axis_name='x')")),
        ("helper.py", HELPER_OK),
        ("other.py", "x = ("),          # a syntax error
        ("other.py", OTHER),
    ]
    first = _state(project)
    assert first == _fresh(tmp_path, overlays)
    assert first["helper.py"] == [(3, "SHL005")] and first["other.py"] == [(3, "SHL005")]
    seen = set()
    for name, text in steps:
        overlays[tmp_path / name] = text
        project.open(tmp_path / name, text)
        now = _state(project)
        assert now == _fresh(tmp_path, overlays), name
        seen.add(tuple(now["helper.py"]))
    assert ((3, "SHL002"),) in seen  # the edit of helper.py really changed a verdict


def test_unconnected_file_keeps_its_diagnostics_without_reanalysis(tmp_path, monkeypatch):
    for name, text in {"helper.py": HELPER_BAD, "user.py": USER, "other.py": OTHER}.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    project = Project(tmp_path, Config(root=tmp_path))
    project.diagnostics()
    from shardlint.analysis import check as checkmod

    analysed = []
    real = checkmod.analyze_sources

    def spy(files, config, roots, imported=frozenset()):
        analysed.append(sorted(Path(p).name for p in files))
        return real(files, config, roots, imported)

    monkeypatch.setattr(checkmod, "analyze_sources", spy)
    project.open(tmp_path / "other.py", OTHER + "\n")
    state = _state(project)
    assert analysed == [["other.py"]]
    assert state["helper.py"] == [(3, "SHL002")]
