"""The VS Code extension from pytest: its unit tests (`npm test`, fast), and the end-to-end test in a
real VS Code (code-server + Chromium, minutes from a cold cache: the cross-file fix, then Restricted
Mode) when SHARDLINT_VSCODE_E2E=1."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CLIENT = REPO / "vscode-client"

needs_npm = pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")


@needs_npm
@pytest.mark.slow
def test_extension_unit_tests():
    env = {**os.environ, "SHARDLINT_TEST_PYTHON": sys.executable}
    if not (CLIENT / "node_modules").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True, env=env)
    r = subprocess.run(["npm", "test"], cwd=CLIENT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-3000:]
    assert "# fail 0" in r.stdout


@needs_npm
@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("SHARDLINT_VSCODE_E2E") != "1", reason="set SHARDLINT_VSCODE_E2E=1 (installs code-server)")
def test_vscode_end_to_end():
    env = {**os.environ, "SHARDLINT_PYTHON": sys.executable}
    r = subprocess.run([str(REPO / "tests/vscode/run_e2e.sh")], env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-8000:] + r.stderr[-3000:]
    assert "[e2e.js] passed (fix)" in r.stdout and "[e2e.js] passed (restricted)" in r.stdout
