"""shardlint in a real JupyterLab with jupyterlab-lsp, driven by Playwright and Debian's Chromium:
jupyter_lsp finds shardlint through its entry point, the example's train.ipynb shows the psend and
precv errors underlined in cell 4, and once `shardlint check --unsafe-fixes` has wrapped the jit
of cell 5 (jupyterlab-lsp has no quick fixes), reloading the notebook clears them.

Skipped where jupyterlab, jupyterlab-lsp, playwright or Chromium is absent. The screenshot goes to
$SHARDLINT_JUPYTER_OUT (default: the test's temporary folder); the README shows one."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("jupyterlab")
pytest.importorskip("jupyter_lsp")
sync_api = pytest.importorskip("playwright.sync_api")

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium")
DIAGNOSTIC = ".cm-lintRange-error"  # jupyterlab-lsp marks diagnostics with CodeMirror's lint ranges
TIMEOUT_S = 180

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read().decode())


@pytest.fixture
def lab(tmp_path):
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("__pycache__", ".shardlint_cache"))
    home = tmp_path / "home"
    settings = home / "lab-settings" / "@jupyterlab" / "docmanager-extension"
    settings.mkdir(parents=True)
    # No autosave: it would write the page's notebook over the one the CLI fixes on disk.
    (settings / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
    port = _free_port()
    env = {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "lab-settings"), "JUPYTER_PLATFORM_DIRS": "1",
           "JAX_PLATFORMS": "cpu"}
    log = open(tmp_path / "jupyterlab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--ServerApp.port={port}",
         "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={root}", "--ServerApp.disable_check_xsrf=True", "--ServerApp.allow_root=True"],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            status = _get(f"{base}/lsp/status")
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                log.close()
                pytest.fail(f"JupyterLab did not start:\n{(tmp_path / 'jupyterlab.log').read_text()[-3000:]}")
            time.sleep(0.5)
    try:
        yield base, root, status
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_jupyterlab_underlines_the_example_notebook_and_the_fix_clears_it(lab, tmp_path):
    base, root, status = lab
    spec = status["specs"].get("shardlint")
    assert spec is not None, f"jupyter_lsp does not list shardlint: {sorted(status['specs'])}"
    assert spec["languages"] == ["python"] and spec["display_name"].startswith("shardlint ")
    out = Path(os.environ.get("SHARDLINT_JUPYTER_OUT", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--no-first-run"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{base}/lab/tree/train.ipynb")
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=TIMEOUT_S * 1000)
            # The two errors, in cell 4 (the psend and the precv): jupyterlab-lsp underlines them.
            cell4 = page.locator(".jp-Notebook .jp-Cell").nth(3)
            _until(lambda: cell4.locator(DIAGNOSTIC).count() >= 2, "the two underlines in cell 4")
            texts = cell4.locator(DIAGNOSTIC).all_inner_texts()
            assert any("lax.psend" in t for t in texts) and any("lax.precv" in t for t in texts), texts
            assert page.locator(DIAGNOSTIC).count() == cell4.locator(DIAGNOSTIC).count()
            news = page.get_by_role("button", name="No")  # JupyterLab's "get notified about news?" toast
            if news.count():
                news.first.click()
            cell4.locator(DIAGNOSTIC).first.hover()
            tooltip = page.locator(".cm-tooltip", has_text="NameError: Found an unbound axis name: stages")
            _until(lambda: tooltip.count() > 0 and "shardlint" in tooltip.first.inner_text(),
                   "the diagnostic's tooltip")
            page.screenshot(path=str(out / "jupyterlab.png"))

            # The wrap fix, applied by the CLI; the notebook reloaded from disk: the underlines go.
            fixed = subprocess.run([str(Path(sys.executable).with_name("shardlint")), "check", "--no-cache",
                                    "--unsafe-fixes", "train.ipynb"], cwd=root, capture_output=True, text=True)
            assert fixed.returncode == 0, fixed.stdout + fixed.stderr
            page.keyboard.press("Control+Shift+C")
            page.locator(".lm-CommandPalette-input").fill("Reload Notebook from Disk")
            page.keyboard.press("Enter")
            page.get_by_role("button", name="Reload").click()
            _until(lambda: "shard_map(loss" in page.locator(".jp-Notebook .jp-Cell").nth(4).inner_text(),
                   "the fixed cell 5 in the page")
            _until(lambda: page.locator(DIAGNOSTIC).count() == 0, "the underlines to go")
        except Exception:
            page.screenshot(path=str(out / "jupyterlab-failure.png"))
            raise
        finally:
            browser.close()


def _until(predicate, what: str, timeout: float = TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.25)
