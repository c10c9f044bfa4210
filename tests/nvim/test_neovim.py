"""A real editor: headless Neovim (Debian's 0.7.2) runs `shardlint server` through
`vim.lsp.start_client`, shows SHL001, and applies the wrap quick fix."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(NVIM is None, reason="nvim is not installed (.ci/run installs Debian's neovim)")

PROGRAM = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    from jax import lax


    @jax.jit
    def step(v):
        tok = lax.create_token()
        return lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1), (1, 2), (2, 3)])


    step.trace(jax.ShapeDtypeStruct((32, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
""")


def test_neovim_shows_shl001_and_applies_the_wrap(tmp_path):
    src = tmp_path / "main.py"
    src.write_text(PROGRAM)
    out = tmp_path / "out.json"
    env = {**os.environ, "SHARDLINT_CMD": json.dumps([sys.executable, "-m", "shardlint.server"]),
           "SHARDLINT_FILE": str(src), "SHARDLINT_ROOT": str(tmp_path), "SHARDLINT_OUT": str(out),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data")}
    subprocess.run([NVIM, "--headless", "-n", "-i", "NONE", "-u", str(Path(__file__).with_name("session.lua"))],
                   env=env, cwd=tmp_path, timeout=240, check=True, capture_output=True)
    result = json.loads(out.read_text())
    assert "error" not in result, result.get("error")
    assert result["got_diagnostics"], result
    shl001 = [d for d in result["before"] if d["code"] == "SHL001"]
    assert shl001[0]["lnum"] == 8 and shl001[0]["source"] == "shardlint"
    assert "precv" in shl001[0]["message"] and "shard_map" in shl001[0]["message"]
    assert any(t.startswith("Wrap in jax.shard_map") for t in result["titles"]), result
    assert result["cleared"], result["after"]
    buffer = "\n".join(result["buffer"])
    assert "@jax.shard_map(" in buffer or "jax.shard_map(step" in buffer, buffer
    assert "make_mesh" in buffer or "Mesh(" in buffer, buffer
