"""Name resolution: syntax first, jedi where syntax is not enough (a star import from a package
that is importable but not readable as project or site-packages source)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

SHARDLINT = [sys.executable, "-m", "shardlint.server.cli"]


def _check(project: Path, env=None):
    out = subprocess.run([*SHARDLINT, "check", "--no-cache", "--format", "json", str(project)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return [(Path(d["path"]).name, d["line"], d["code"]) for d in json.loads(out.stdout)]


def _write(root: Path, files: dict) -> None:
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))


def test_star_import_from_outside_the_project_is_resolved_by_jedi(tmp_path):
    lib, project = tmp_path / "lib", tmp_path / "project"
    _write(lib, {"commlib/__init__.py": "from jax.lax import psend as send, precv as recv\n"})
    _write(project, {"main.py": """\
        import jax
        import jax.numpy as jnp
        from commlib import *


        @jax.jit
        def step(x):
            return send(x, "x", [(0, 1)])


        step(jnp.ones(4))
        """})
    env = {**os.environ, "PYTHONPATH": str(lib)}
    assert _check(project, env) == [("main.py", 8, "SHL002")]
    # Without the package on the path nothing can be known: silence, not a guess.
    env.pop("PYTHONPATH")
    assert _check(project, env) == []


def test_reexports_through_the_projects_own_packages(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "from .comm import exchange as exchange\n",
        "pkg/comm.py": """\
            from jax import lax as L
            import jax

            def exchange(x, axis):
                tok = L.psend(x, axis, [(0, 1)])
                return L.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, [(0, 1)])
            """,
        "run.py": """\
            import jax
            import jax.numpy as jnp
            import pkg

            AXIS = "stage"
            jax.jit(lambda x: pkg.exchange(x, AXIS))(jnp.ones(4))
            """,
    })
    assert sorted(_check(tmp_path)) == [("comm.py", 5, "SHL002"), ("comm.py", 6, "SHL001")]


def test_script_folder_is_an_import_root(tmp_path):
    _write(tmp_path, {
        "scripts/helpers.py": """\
            import jax
            def total(x):
                return jax.lax.psum(x, "batch")
            """,
        "scripts/main.py": """\
            import jax
            import jax.numpy as jnp
            from helpers import total
            jax.jit(total)(jnp.ones(3))
            jax.pmap(total, axis_name="batch")(jnp.ones((1, 3)))
            """,
    })
    # Reached twice: unbound under jit, bound by pmap (which works on the newest JAX: a hint).
    assert _check(tmp_path) == [("helpers.py", 3, "SHL005"), ("helpers.py", 3, "SHL201")]


def test_script_folders_checked_together_keep_their_own_modules_and_meshes(tmp_path):
    """Several programs under one folder (as a corpus of examples is): each script imports the
    `helpers` beside it, its package-relative imports stay in its package, and a global
    `jax.set_mesh` in one program does not reach another."""
    case = """\
        import jax
        import jax.numpy as jnp
        from helpers import f


        def run(x):
            return f(x)


        ARGS = (jax.ShapeDtypeStruct((4,), jnp.float32),)
        """
    _write(tmp_path, {
        "case-a/helpers.py": "import jax\ndef f(x):\n    return jax.lax.psum(x, 'i')\n",
        "case-a/case.py": case,
        "case-b/helpers.py": "def f(x):\n    return x * 2\n",
        "case-b/case.py": case,
        "pkg-a/main.py": "import jax\nimport jax.numpy as jnp\nfrom engine import go\njax.jit(go)(jnp.ones(2))\n",
        "pkg-a/engine/__init__.py": "from .comm import go\n",
        "pkg-a/engine/comm.py": "import jax\ndef go(x):\n    return jax.lax.pmean(x, 'j')\n",
        "pkg-b/main.py": "import jax\nimport jax.numpy as jnp\nfrom engine import go\njax.jit(go)(jnp.ones(2))\n",
        "pkg-b/engine/__init__.py": "from .comm import go\n",
        "pkg-b/engine/comm.py": "def go(x):\n    return x\n",
        "mesh-a/main.py": """\
            import jax
            import jax.numpy as jnp
            import numpy as np
            from jax.sharding import Mesh, PartitionSpec as P
            jax.set_mesh(Mesh(np.array(jax.devices()[:2]), ("other",)))
            """,
        "mesh-b/main.py": """\
            import jax
            import jax.numpy as jnp
            import numpy as np
            from jax.sharding import Mesh, PartitionSpec as P
            mesh = Mesh(np.array(jax.devices()[:2]), ("x",))
            jax.set_mesh(mesh)
            f = jax.shard_map(lambda v: jax.lax.psum(v, "x"), in_specs=P("x"), out_specs=P())
            jax.jit(f)(jnp.ones(2))
            """,
    })
    got = sorted((Path(p).relative_to(tmp_path).as_posix(), line, code) for p, line, code in _check_paths(tmp_path))
    assert got == [("case-a/helpers.py", 3, "SHL005"), ("pkg-a/engine/comm.py", 3, "SHL005")]


def _check_paths(project: Path):
    out = subprocess.run([*SHARDLINT, "check", "--no-cache", "--format", "json", str(project)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return [(d["path"], d["line"], d["code"]) for d in json.loads(out.stdout)]


def test_a_missing_module_of_a_namespace_package_is_not_importable(tmp_path, monkeypatch):
    """`from google.colab import output` where `google` is only protobuf's namespace package:
    jedi (a process of its own, a tenth of a second and more) is not asked about a module that
    cannot be there. Under a regular package, whose `__init__` may make it, it may be."""
    from shardlint.analysis.interp.lazy import importable

    _write(tmp_path, {"nsroot/present/__init__.py": "", "regular/__init__.py": "", "single.py": ""})
    monkeypatch.syspath_prepend(str(tmp_path))
    assert importable("nsroot.present") and importable("nsroot")
    assert not importable("nsroot.absent") and not importable("nsroot.absent.deeper")
    assert importable("regular.made_by_its_init") and importable("single.attribute")
    assert not importable("absent_top_level_package.module")
