"""Installed packages that cannot reach JAX are not run (analysis/distributions.py): each is laid
out in a site-packages folder as pip installs it (the package, its .dist-info with METADATA and
RECORD), and the analysis interpreter's import path is that folder."""

from __future__ import annotations

import json
import logging
import os
import signal
import textwrap
from pathlib import Path

import pytest

from shardlint.analysis import engine, environment
from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table
from shardlint.analysis.distributions import Installed


def install(site: Path, dist: str, files: dict[str, str], requires: tuple[str, ...] = (),
            top_level: bool = False) -> None:
    """`files` (paths relative to site-packages) as distribution `dist` 1.0 installs them."""
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(textwrap.dedent(text))
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: %s\nVersion: 1.0\n%s" % (
        dist, "".join(f"Requires-Dist: {r}\n" for r in requires)))
    (info / "RECORD").write_text("".join(f"{rel},,\n" for rel in files) + f"{info.name}/METADATA,,\n")
    if top_level:
        (info / "top_level.txt").write_text("\n".join(sorted({rel.split("/")[0].removesuffix(".py")
                                                               for rel in files})) + "\n")


@pytest.fixture
def site(tmp_path, monkeypatch):
    site = tmp_path / "site-packages"
    site.mkdir()
    def info(python):
        return (str(site),), "0.10.2"

    monkeypatch.setattr(environment, "_interpreter_info", info)
    monkeypatch.setattr(engine, "_interpreter_info", info)
    return site


AXIS = {"names/__init__.py": """\
    def axis_name():
        return "data"
    """}

PROGRAM = """\
import jax
import numpy as np
from functools import partial
from jax.sharding import Mesh, PartitionSpec as P
import names

mesh = Mesh(np.array(jax.devices()[:4]), ("model",))

@partial(jax.shard_map, mesh=mesh, in_specs=P("model"), out_specs=P())
def total(x):
    return jax.lax.psum(x, names.axis_name())

total(jax.numpy.ones(8))
"""


def errors(project: Path, text: str) -> list[tuple[int, str]]:
    project.mkdir(exist_ok=True)
    (project / "prog.py").write_text(textwrap.dedent(text))
    cfg = parse_table({"backend": "gpu"}, project, None)
    return sorted((d.line, d.code) for d in check([project], cfg, use_cache=False).diagnostics
                  if d.severity.value == "error")


def test_a_package_that_requires_jax_is_run(site, tmp_path):
    install(site, "names", AXIS, requires=("jax>=0.4",))
    assert errors(tmp_path / "p", PROGRAM) == [(11, "SHL006")]


def test_a_jax_free_package_is_not_run(site, tmp_path):
    """What a JAX-free function returns is not worked out: the axis is unknown, no error."""
    install(site, "names", AXIS)
    assert errors(tmp_path / "p", PROGRAM) == []


def test_a_package_that_mentions_jax_is_run(site, tmp_path):
    """An optional backend declares no requirement: the text decides."""
    install(site, "names", {"names/__init__.py": AXIS["names/__init__.py"] + "# a jax backend loads lazily\n"})
    assert errors(tmp_path / "p", PROGRAM) == [(11, "SHL006")]


def test_a_jax_free_package_runs_what_the_program_hands_it(site, tmp_path):
    """A callback, and a decorator factory's wrapper: the program's functions still run."""
    install(site, "tasks", {"tasks/__init__.py": """\
        def apply(fn, x):
            return fn(x)

        def command(name):
            def wrap(fn):
                registry = {name: fn}
                return registry[name].__name__
            return wrap
        """})
    assert errors(tmp_path / "p", """\
        import jax
        import tasks

        def handed(x):
            return jax.lax.psum(x, "i")

        def decorated(x):
            return jax.lax.pmean(x, "i")

        @tasks.command("main")
        def main():
            return jax.jit(decorated)(jax.numpy.ones(4))

        tasks.apply(jax.jit(handed), jax.numpy.ones(4))
        main()
        """) == [(5, "SHL005"), (8, "SHL005")]


def test_which_packages_are_jax_free(site):
    install(site, "plain", {"plain/__init__.py": "X = 1\n", "plain/sub.py": "def f(): pass\n"})
    install(site, "PyThing", {"thing/__init__.py": "X = 1\n"}, top_level=True)  # named unlike its package
    install(site, "single", {"single.py": "X = 1\n"})
    install(site, "wrapper", {"wrapper/__init__.py": "X = 1\n"}, requires=("middle; extra == 'all'",))
    install(site, "middle", {"middle/__init__.py": "X = 1\n"}, requires=("jaxlib",))
    install(site, "twice", {"shared/__init__.py": "X = 1\n"})
    install(site, "again", {"shared/extra.py": "X = 1\n"})
    (site / "nometa").mkdir()
    (site / "nometa" / "__init__.py").write_text("X = 1\n")
    (site / "ns" / "part").mkdir(parents=True)
    (site / "ns" / "part" / "__init__.py").write_text("X = 1\n")
    installed = Installed([str(site)])
    free = {name: installed.jax_free(str(site / path)) for name, path in [
        ("plain", "plain/sub.py"), ("thing", "thing/__init__.py"), ("single", "single.py"),
        ("wrapper", "wrapper/__init__.py"), ("middle", "middle/__init__.py"), ("shared", "shared/extra.py"),
        ("nometa", "nometa/__init__.py"), ("ns", "ns/part/__init__.py")]}
    assert free == {"plain": True, "thing": True, "single": True, "wrapper": False, "middle": False,
                    "shared": False, "nometa": False, "ns": False}


class Overran(BaseException):
    """Not an Exception: the engine's guard around an entry point must not catch it."""


def test_a_parser_run_on_unknown_text_stops_at_the_budget(site, tmp_path, caplog):
    """The standard library's pure-Python JSON decoder, installed where the analysis reads it
    and fed a file's unknown text, recursed on every branch of every character for hours (an
    interpreter probe that listed the standard library put it there). Each entry point has a
    budget of function runs: the check ends, and what the program does after the parse is
    still checked."""
    os.symlink(Path(json.__file__).parent, site / "json")

    def overran(*_):
        raise Overran

    previous = signal.signal(signal.SIGALRM, overran)
    signal.alarm(120)
    try:
        with caplog.at_level(logging.INFO, logger="shardlint.analysis.engine"):
            found = errors(tmp_path / "p", """\
                import json
                import jax

                def load(path):
                    with open(path) as f:
                        return json.load(f)

                keys = load("keys.json")

                def step(x):
                    return jax.lax.psum(x, "i")

                jax.jit(step)(jax.numpy.ones(4))
                """)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert found == [(11, "SHL005")]
    assert "analysing module prog: load() ran past 2000 function runs and was cut there" in caplog.text
