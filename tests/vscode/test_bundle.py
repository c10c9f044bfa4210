"""The server the VS Code extension bundles, run as the extension runs it
(`<python> -I bundled/tool/launch.py`) by every CPython >= 3.10 this machine has, each a bare
interpreter without shardlint, libcst or pygls of its own, and started in a workspace that plants
a shadowing `shardlint/` package and a `json.py`: the example's pipeline/stages.py gets SHL001 and
SHL002, the wrap fix (libcst's native module for that CPython) edits train.py, and nothing planted
runs. The universal bundle (no libcst) still gives the diagnostics, and says why the quick fixes
are missing."""

from __future__ import annotations

import asyncio
import glob
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

REPO = Path(__file__).resolve().parents[2]
BUNDLE = REPO / "vscode-client" / "scripts" / "bundle.py"
EXAMPLE = REPO / "tests" / "example"
TARGETS = {("linux", "x86_64"): "linux-x64", ("linux", "aarch64"): "linux-arm64"}

pytestmark = pytest.mark.slow


def interpreters() -> list[str]:
    """One CPython >= 3.10 per minor version: python3.N on PATH, else pyenv's."""
    found: dict[str, str] = {}
    for minor in range(10, 15):
        name = f"python3.{minor}"
        candidates = [shutil.which(name)] + sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/3.{minor}.*/bin/python3")))
        for c in candidates:
            if c and subprocess.run([c, "-c", "import sys"], capture_output=True).returncode == 0:
                found[name] = c
                break
    return list(found.values())


def build(out: Path, target: str | None) -> Path:
    args = [sys.executable, str(BUNDLE), "--out", str(out)] + (["--target", target] if target else [])
    r = subprocess.run(args, capture_output=True, text=True, timeout=900)
    if r.returncode != 0 and "No matching distribution" in r.stderr + r.stdout:
        pytest.skip(f"the bundle's wheels cannot be fetched here: {r.stderr[-400:]}")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return out / "tool" / "launch.py"


@pytest.fixture(scope="module")
def platform_bundle(tmp_path_factory) -> Path:
    target = TARGETS.get((sys.platform, platform.machine()))
    if target is None:
        pytest.skip(f"no platform build is tested on {sys.platform} {platform.machine()}")
    return build(tmp_path_factory.mktemp("bundle") / "bundled", target)


@pytest.fixture(scope="module")
def universal_bundle(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("universal") / "bundled", None)


def bare(python: str, where: Path) -> str:
    """A venv of `python` with nothing installed."""
    subprocess.run([python, "-m", "venv", "--without-pip", str(where)], check=True, timeout=300)
    exe = str(where / "bin" / "python")
    assert subprocess.run([exe, "-c", "import libcst"], capture_output=True).returncode != 0
    return exe


def workspace(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root)
    marker = tmp_path / "planted.txt"
    plant = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    for f in ("shardlint/__init__.py", "shardlint/server/__init__.py", "shardlint/server/cli.py", "json.py"):
        (root / f).parent.mkdir(parents=True, exist_ok=True)
        (root / f).write_text(plant)
    return root, marker


async def session(python: str, launcher: Path, root: Path) -> tuple[list[str], list[str], list[str]]:
    """(codes in stages.py, code action titles there, window/logMessage texts), the server started
    as the extension starts it but with the workspace as its working folder (the worst case)."""
    client = LanguageClient("bundle-test", "0")
    published: dict[str, list[types.Diagnostic]] = {}
    shown: list[str] = []
    client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda p: published.__setitem__(p.uri, p.diagnostics))
    client.feature(types.WINDOW_LOG_MESSAGE)(lambda p: shown.append(p.message))
    await client.start_io(python, "-I", str(launcher), cwd=str(root))
    try:
        u = from_fs_path(str(root.resolve()))
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=u,
            workspace_folders=[types.WorkspaceFolder(uri=u, name="example")]))
        client.initialized(types.InitializedParams())
        stages = root / "pipeline" / "stages.py"
        su = from_fs_path(str(stages.resolve()))
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
            uri=su, language_id="python", version=1, text=stages.read_text())))
        for _ in range(1200):
            if {"SHL001", "SHL002"} <= {d.code for d in published.get(su, [])}:
                break
            await asyncio.sleep(0.05)
        diags = published.get(su, [])
        precv = next((d for d in diags if d.code == "SHL001"), None)
        titles = []
        if precv is not None:
            actions = await client.text_document_code_action_async(types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=su), range=precv.range,
                context=types.CodeActionContext(diagnostics=[precv])))
            titles = [a.title for a in actions or []]
        await client.shutdown_async(None)
        client.exit(None)
        return [d.code for d in diags], titles, shown
    finally:
        await client.stop()


@pytest.mark.parametrize("python", interpreters(), ids=lambda p: Path(p).name if "pyenv" not in p else p.split("/")[-3])
async def test_every_python_runs_the_platform_bundle_and_no_workspace_code(python, platform_bundle, tmp_path):
    root, marker = workspace(tmp_path)
    codes, titles, _ = await session(bare(python, tmp_path / "venv"), platform_bundle, root)
    assert {"SHL001", "SHL002"} <= set(codes), codes
    assert "Wrap in jax.shard_map (in train.py)" in titles, titles
    assert not marker.exists(), marker.read_text()


async def test_universal_bundle_without_libcst_diagnoses_and_says_why_no_fixes(universal_bundle, tmp_path):
    root, marker = workspace(tmp_path)
    codes, titles, logged = await session(bare(sys.executable, tmp_path / "venv"), universal_bundle, root)
    assert {"SHL001", "SHL002"} <= set(codes), codes
    assert titles == []
    assert any("quick fixes are unavailable" in m and "libcst" in m for m in logged), logged
    assert not marker.exists(), marker.read_text()
