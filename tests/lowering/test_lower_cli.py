"""`shardlint lower` against real JAX: failures at the line JAX blames, clean targets silent."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import line_of, set_targets

pytestmark = pytest.mark.jax


def by_target(diags):
    out = {}
    for d in diags:
        for r in d["related"]:
            if r["message"].startswith("lowering target `"):
                out.setdefault(r["message"].split("`")[1], []).append(d)
    return out


def test_gpu_send_recv(project, lower):
    root = project("gpu")
    code, diags, err = lower(root)
    assert code == 1
    assert [(d["path"], d["line"]) for d in diags] == [
        ("sendrecv.py", line_of(root / "sendrecv.py", 'return jax.lax.psend(x, "x", perm=PERM)'))]
    d = diags[0]
    assert d["code"] == "SHL900" and d["rule"] == "lowering-failed" and d["severity"] == "error"
    assert d["message"].startswith("NameError: Found an unbound axis name: x.")
    assert d["related"][0]["line"] == line_of(root / "sendrecv.py", "return send_only(x)")
    assert d["related"][-1] == {"path": "pyproject.toml", "line": line_of(root / "pyproject.toml", "sendrecv:unsharded"),
                                "column": 1, "message": "lowering target `sendrecv:unsharded` (gpu)"}
    assert set(by_target(diags)) == {"sendrecv:unsharded"}
    assert "import" in err and "sendrecv:ring: ok" in err and "sendrecv:jitted_ring: ok" in err


def test_tpu_kernels(project, lower):
    root = project("tpu")
    code, diags, err = lower(root)
    assert code == 1
    kernels, sendrecv = root / "kernels.py", root / "sendrecv.py"
    got = {(d["path"], d["line"], d["message"]) for d in diags}
    assert got == {
        ("kernels.py", line_of(kernels, "return pl.pallas_call(add_one_kernel"),
         "NotImplementedError: Mosaic kernels cannot be automatically partitioned. Please wrap the call in a shard_map."),
        ("kernels.py", _second(kernels, "copy.start()"),
         "ValueError: Number of device ids must match the number of mesh axes, but got 1 ids for a 2D mesh."),
        ("sendrecv.py", line_of(sendrecv, "token = jax.lax.psend"),
         "NotImplementedError: psend is currently only implemented on GPU"),
    }
    assert set(by_target(diags)) == {"kernels:partial_manual", "kernels:arity", "sendrecv:ring"}
    assert "kernels:plain: ok" in err and "kernels:communicating: ok" in err
    assert err.count("JAX 0.10.2") == 1  # one worker lowered all five targets


def _second(path, text):
    lines = [i for i, ln in enumerate(path.read_text().splitlines(), 1) if text in ln]
    return lines[1]


@pytest.mark.parametrize("fmt", ["text", "sarif", "github"])
def test_formats(project, lower, fmt):
    root = project("gpu")
    code, out, _ = lower(root, fmt=fmt)
    assert code == 1
    line = line_of(root / "sendrecv.py", 'return jax.lax.psend(x, "x", perm=PERM)')
    if fmt == "text":
        assert f"sendrecv.py:{line}:12: SHL900 [error] NameError: Found an unbound axis name" in out
    elif fmt == "github":
        assert out.startswith(f"::error file=sendrecv.py,line={line},col=12,")
    else:
        import json
        res = json.loads(out)["runs"][0]["results"]
        assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in res] == [line]
        assert res[0]["ruleId"] == "SHL900"


def test_clean_project_exits_zero(project, lower):
    root = project("gpu")
    set_targets(root, [("sendrecv:ring", "sendrecv:ARGS"), ("sendrecv:jitted_ring", "sendrecv:ARGS")],
                backend="gpu", host_devices=4)
    code, diags, _ = lower(root)
    assert (code, diags) == (0, [])
    code, diags, _ = lower(root, "--backend", "tpu")
    assert code == 1 and {d["message"] for d in diags} == {
        "NotImplementedError: psend is currently only implemented on GPU"}


def test_hang_crash_syntax_error(project, lower):
    root = project("misc")
    t0 = time.monotonic()
    code, diags, err = lower(root)
    took = time.monotonic() - t0
    assert code == 1
    got = {(d["path"], d["line"]): d["message"] for d in diags}
    assert got == {
        ("crash.py", line_of(root / "crash.py", "def run")):
            "the lowering worker exited with status 3 while lowering `crash:run`",
        ("broken.py", 4): "SyntaxError: expected ':' (broken.py, line 4)",
        ("hang.py", line_of(root / "hang.py", "def run")):
            "lowering `hang:run` did not finish within 3 s; the worker was stopped",
    }
    # after the crash a new worker lowered the next target
    assert "ok:run: crashed" not in err and err.count("ok:run: ok") == 2 and err.count("JAX 0.10.2") == 2
    assert took < 30
    pids = [int(p) for p in (root / "pids.txt").read_text().split()]
    assert [alive(pid) for pid in pids] == [False, False]  # the worker and the child it started


def alive(pid: int) -> bool:
    """Running (a killed child whose parent died may linger as a zombie until init reaps it)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.fixture(scope="session")
def venv_without_jax(tmp_path_factory):
    d = tmp_path_factory.mktemp("nojax") / "venv"
    subprocess.run([sys.base_prefix + "/bin/python3", "-m", "venv", "--without-pip", str(d)], check=True)
    return d / "bin" / "python"


def test_bad_config_kinds(project, lower, venv_without_jax):
    root = project("misc")
    targets = [("nomod:run", "ok:ARGS"), ("ok:nope", "ok:ARGS"), ("ok:run", "ok:NOT_A_TUPLE"),
               ("ok:run", "ok:BAD_LEAF"), ("ok:run", "ok:MISSING"), ("ok:run", "nomod:ARGS"),
               ("ok:run", "ok:failing_args"), ("ok:stop", "ok:ARGS"), ("ok:stop", None)]
    set_targets(root, targets, backend="cpu", host_devices=2)
    code, diags, _ = lower(root)
    assert code == 1
    py = root / "pyproject.toml"
    got = {(d["path"], d["line"], d["message"]) for d in diags}
    assert got == {
        ("pyproject.toml", line_of(py, '"nomod:run"'),
         "lowering configuration: module `nomod` not found under the project root or on sys.path"),
        ("pyproject.toml", line_of(py, '"ok:nope"'), "lowering configuration: `ok` has no attribute `nope`"),
        ("pyproject.toml", line_of(py, '"ok:NOT_A_TUPLE"'),
         "lowering configuration: `ok:NOT_A_TUPLE` must be a tuple (or a callable returning one) of arrays "
         "or jax.ShapeDtypeStruct, got int"),
        ("pyproject.toml", line_of(py, '"ok:BAD_LEAF"'),
         "lowering configuration: `ok:BAD_LEAF` holds a str; every leaf must be an array or jax.ShapeDtypeStruct"),
        ("pyproject.toml", line_of(py, '"ok:MISSING"'), "lowering configuration: `ok` has no attribute `MISSING`"),
        ("pyproject.toml", line_of(py, '"nomod:ARGS"'),
         "lowering configuration: module `nomod` not found under the project root or on sys.path"),
        ("ok.py", line_of(root / "ok.py", "1 / 0"), "ZeroDivisionError: division by zero"),
        ("ok.py", line_of(root / "ok.py", 'raise NotImplementedError("not this one")'),
         "NotImplementedError: not this one"),
        ("ok.py", line_of(root / "ok.py", "def stop"), "TypeError: stop() missing 1 required positional argument: 'x'"),
    }

    set_targets(root, [("ok:run", "ok:ARGS")], python=str(venv_without_jax))
    code, diags, _ = lower(root)
    assert code == 1 and len(diags) == 1
    assert diags[0]["line"] == line_of(py, "python =") and "cannot import jax" in diags[0]["message"]

    set_targets(root, [("ok:run", "ok:ARGS")], python="./missing/python")
    code, diags, _ = lower(root)
    assert [d["line"] for d in diags] == [line_of(py, "python =")] and "cannot run" in diags[0]["message"]

    for launcher, words in ((["false"], "the launcher exited with status 1"), (["./no-such-launcher"], "cannot run")):
        set_targets(root, [("ok:run", "ok:ARGS"), ("ok:run", "ok:make_args")], launcher=launcher)
        code, diags, _ = lower(root)
        assert code == 1 and [d["line"] for d in diags] == [line_of(py, "launcher =")]
        assert words in diags[0]["message"]


def test_usage_errors_exit_2(project, lower, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "lib.py").write_text("def helper(x):\n    return x\n")
    code, _, err = lower(empty, fmt="text")
    assert code == 2 and err.startswith("shardlint: configuration error: no lowering targets configured")
    root = project("misc")
    set_targets(root, [("ok:run", "ok:ARGS")], timeout=-1)
    code, _, err = lower(root, fmt="text")
    assert code == 2 and "timeout" in err and err.count("\n") == 1


def test_run_and_args_modules_are_targets_when_none_are_configured(tmp_path, lower):
    (tmp_path / "case.py").write_text(
        "import jax\nimport jax.numpy as jnp\n\n\ndef run(x):\n    return jax.lax.psum(x, 'i')\n\n\n"
        "ARGS = (jax.ShapeDtypeStruct((4,), jnp.float32),)\n")
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint.lowering]\nbackend = "cpu"\nhost-devices = 2\n')
    code, diags, _ = lower(tmp_path)
    assert code == 1
    assert [(Path(d["path"]).name, d["line"], d["message"].split(":")[0]) for d in diags] == [
        ("case.py", 6, "NameError")]


def test_conventional_targets_are_found_under_the_given_path(tmp_path, lower):
    # An enclosing project (its pyproject.toml, other run + ARGS modules) does not widen the check.
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint.lowering]\nbackend = "cpu"\nhost-devices = 2\n')
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "case.py").write_text(
        "import jax\n\n\ndef run(x):\n    return jax.lax.psum(x, 'other')\n\n\nARGS = (1.0,)\n")
    case = tmp_path / "case"
    case.mkdir()
    (case / "case.py").write_text(
        "import jax\nimport jax.numpy as jnp\n\n\ndef run(x):\n    return jax.lax.psum(x, 'i')\n\n\n"
        "ARGS = (jax.ShapeDtypeStruct((4,), jnp.float32),)\n")
    code, diags, _ = lower(case)
    assert code == 1
    [d] = diags
    assert (Path(d["path"]).name, d["line"]) == ("case.py", 6)
    target = d["related"][-1]
    assert (Path(target["path"]).name, target["line"]) == ("case.py", 5)  # the `def run`


def test_launcher_wrapper_script(project, lower):
    root = project("gpu")
    script = root / "run-here.sh"
    script.write_text('#!/bin/sh\necho "$@" > launched.txt\nexec "$@"\n')
    script.chmod(0o755)
    set_targets(root, [("sendrecv:unsharded", "sendrecv:ARGS"), ("sendrecv:ring", "sendrecv:ARGS")],
                backend="gpu", host_devices=4, launcher=["./run-here.sh"])
    code, diags, _ = lower(root)
    assert code == 1 and [d["message"].split(":")[0] for d in diags] == ["NameError"]
    assert (root / "launched.txt").read_text().split()[-1].endswith("worker.py")
