"""Static analysis never imports or runs user code. The project below writes a marker file from
every place Python runs code on import (module level, decorators, default arguments, class
bodies, metaclasses, package `__init__`, conftest, site hooks, stdlib-shadowing modules in the
working folder, the configured lowering targets); checking it, in every way shardlint can be
run, leaves no marker, while importing it does."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import pytest

from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import check

WRITE = "open({marker!r}, 'a').write({tag!r} + '\\n')"

FILES = {
    "main.py": '''\
import jax
import jax.numpy as jnp
from jax import lax

import helpers
from pkg.layers import Layer, deco, with_default

{w_main}


@deco
def step(x):
    return lax.psend(x, "x", [(0, 1)])


out = jax.jit(step)(jnp.ones(4))
y = jax.jit(with_default)(jnp.ones(4))
Layer()(jnp.ones(4))
helpers.run()

if __name__ == "__main__":
    {w_dunder_main}
''',
    "helpers.py": '''\
import jax
from jax import lax

{w_helpers}


def run():
    {w_helpers_run}
    return jax.jit(lambda v: lax.psum(v, "i"))(1.0)
''',
    "pkg/__init__.py": "{w_pkg_init}\n",
    "pkg/layers.py": '''\
import jax
from jax import lax


def deco(f):
    {w_decorator}
    return f


def with_default(x, y=[{w_default_expr}]):
    return lax.precv(x, x, "x", [(0, 1)])


class Meta(type):
    def __new__(mcs, name, bases, ns):
        {w_metaclass}
        return super().__new__(mcs, name, bases, ns)


class Layer(metaclass=Meta):
    {w_class_body}

    def __init_subclass__(cls):
        {w_init_subclass}

    def __call__(self, x):
        return lax.all_gather(x, "model")


class Sub(Layer):
    pass
''',
    "conftest.py": "{w_conftest}\n",
    "test_layers.py": '''\
import jax
from jax import lax

{w_test_module}


def test_step():
    {w_test_body}
    assert jax.jit(lambda v: lax.ppermute(v, "x", [(0, 1)]))(1.0)
''',
    "sitecustomize.py": "{w_sitecustomize}\n",
    "usercustomize.py": "{w_usercustomize}\n",
    "json.py": "{w_json_shadow}\n",
    "ast.py": "{w_ast_shadow}\n",
    "tokenize.py": "{w_tokenize_shadow}\n",
    "targets.py": '''\
import jax.numpy as jnp

{w_target_module}


def example_args():
    {w_target_args}
    return (jnp.ones(4),)
''',
}

PYPROJECT = '''\
[tool.shardlint]
python = "{python}"

[tool.shardlint.lowering]
backend = "gpu"

[[tool.shardlint.lowering.targets]]
function = "main:step"
args = "targets:example_args"
'''


def make_project(root: Path, marker: Path, python: str) -> set[str]:
    tags = set()

    class Writer(dict):
        def __missing__(self, key):
            tag = key[2:]
            tags.add(tag)
            return WRITE.format(marker=str(marker), tag=tag)

    for name, template in FILES.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(template.format_map(Writer()))
    (root / "pyproject.toml").write_text(PYPROJECT.format(python=python))
    return tags


@pytest.fixture
def project(tmp_path: Path):
    root = tmp_path / "proj"
    root.mkdir()
    marker = tmp_path / "marker.txt"
    # A wrapper interpreter: the engine runs it to learn sys.path, from the project folder.
    wrapper = tmp_path / "python-wrapper"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} \"$@\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    tags = make_project(root, marker, str(wrapper))
    return root, marker, tags


def test_importing_the_project_does_write_the_marker(project):
    root, marker, tags = project
    for shadowed in ("json", "ast", "tokenize"):  # the folder a process starts in comes first
        subprocess.run([sys.executable, "-c", f"import {shadowed}"], cwd=root, capture_output=True, timeout=60)
    for stmt in ("import main", "import helpers; helpers.run()", "import test_layers",
                 "import targets; targets.example_args()"):  # the project after the stdlib
        subprocess.run([sys.executable, "-c", f"import sys; sys.path.append({str(root)!r}); {stmt}"],
                       cwd=root.parent, capture_output=True, timeout=120)
    written = set(marker.read_text().split()) if marker.exists() else set()
    # Everything but the code behind `if __name__ == "__main__"`, a test body, the site hooks
    # (only for the interpreter's own site dir) and conftest (pytest's): the fixture is live.
    assert {"main", "helpers", "helpers_run", "pkg_init", "decorator", "default_expr", "metaclass",
            "class_body", "init_subclass", "test_module", "json_shadow", "ast_shadow",
            "tokenize_shadow", "target_module", "target_args"} <= written


def assert_no_marker(marker: Path) -> None:
    assert not marker.exists(), f"user code ran: {marker.read_text().split()}"


# Both run from the project folder, as editors start the server (`python -m shardlint.server`
# with the workspace as the working folder).
ENVS = {
    "console": lambda root: [str(Path(sys.executable).with_name("shardlint")), "check"],
    "module": lambda root: [sys.executable, "-m", "shardlint.server.cli", "check"],
}


@pytest.mark.parametrize("how", sorted(ENVS))
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_check_runs_no_user_code(project, how, fmt):
    root, marker, _ = project
    for extra in (["--no-cache"], [], ["--python", sys.executable], ["--jax-version", "0.6.2"]):
        p = subprocess.run([*ENVS[how](root), "--format", fmt, *extra, "."], cwd=root,
                           capture_output=True, text=True, timeout=180)
        assert_no_marker(marker)
        assert p.returncode == 1, p.stdout + p.stderr
        # The engine did analyse the project: the psend under jit is found.
        assert "SHL002" in p.stdout


def test_in_process_check_runs_no_user_code(project, monkeypatch):
    root, marker, _ = project
    monkeypatch.chdir(root)
    monkeypatch.syspath_prepend(str(root))
    before = set(sys.modules)
    cfg = cfgmod.load(root)
    result = check(["."], cfg, use_cache=False)
    assert {d.code for d in result.diagnostics} >= {"SHL002"}
    assert_no_marker(marker)
    user_modules = {"main", "helpers", "pkg", "pkg.layers", "conftest", "test_layers", "targets"}
    assert not (set(sys.modules) - before) & user_modules
