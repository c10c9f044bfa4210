"""Real libraries that work stay free of errors (RULES.md fact 11): the wheels of EasyDeL 0.3.0,
ejkernel 0.0.80.3 (real remote-DMA collective matmul kernels, wrapped by their callers), Flax
0.12.8 and Tokamax 0.0.12, each checked whole by `shardlint check`. Prints the counts by code and
the time per library (`pytest -s`). The wheels are cached under $SHARDLINT_TEST_CACHE (default
~/.cache/shardlint-tests); a library that cannot be downloaded is skipped with the reason."""

from __future__ import annotations

import collections
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from shardlint.analysis.prefilter import mentions

sys.path.insert(0, str(Path(__file__).resolve().parent))

from unread import plant_in_unread_bodies, stored_reads  # noqa: E402

LIBRARIES = [("easydel", "0.3.0"), ("ejkernel", "0.0.80.3"), ("flax", "0.12.8"), ("tokamax", "0.0.12")]
SHARDLINT = Path(sys.executable).with_name("shardlint")

pytestmark = pytest.mark.slow


def cache_dir() -> Path:
    d = Path(os.environ.get("SHARDLINT_TEST_CACHE") or Path.home() / ".cache" / "shardlint-tests")
    d.mkdir(parents=True, exist_ok=True)
    return d


def unpacked(name: str, version: str) -> Path:
    wheels = cache_dir() / "wheels"
    pattern = f"{name.replace('-', '_')}-{version}-*.whl"
    found = sorted(wheels.glob(pattern))
    if not found:
        p = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                            "-q", "-d", str(wheels), f"{name}=={version}"],
                           capture_output=True, text=True, timeout=600)
        found = sorted(wheels.glob(pattern))
        if p.returncode != 0 or not found:
            pytest.skip(f"cannot download {name}=={version}: {(p.stderr or p.stdout).strip()[-300:]}")
    wheel = found[0]
    dest = cache_dir() / "src" / wheel.stem
    if not (dest / ".complete").exists():
        zipfile.ZipFile(wheel).extractall(dest)
        (dest / ".complete").write_text("")
    return dest


def snippet(root: Path, d: dict) -> str:
    path = Path(d["path"])
    lines = (path if path.is_absolute() else root / path).read_text(errors="replace").splitlines()
    lo, hi = max(d["line"] - 3, 0), min(d["line"] + 2, len(lines))
    body = "\n".join(f"{'>' if i + 1 == d['line'] else ' '} {i + 1:5d} | {lines[i]}" for i in range(lo, hi))
    return f"{d['path']}:{d['line']}:{d['column']}: {d['code']} {d['message']}\n{body}"


@pytest.mark.parametrize("name, version", LIBRARIES, ids=[n for n, _ in LIBRARIES])
def test_library_has_no_error_diagnostics(name, version):
    root = unpacked(name, version)
    n_files = sum(1 for _ in root.rglob("*.py"))
    assert n_files > 50
    start = time.perf_counter()
    p = subprocess.run([str(SHARDLINT), "check", "--no-cache", "--format", "json", "."], cwd=root,
                       capture_output=True, text=True, timeout=1500)
    elapsed = time.perf_counter() - start
    assert p.returncode in (0, 1), p.stderr
    diags = json.loads(p.stdout)
    counts = collections.Counter(f"{d['code']}/{d['severity']}" for d in diags)
    print(f"\n{name}=={version}: {n_files} files in {elapsed:.1f} s; "
          f"{dict(sorted(counts.items())) or 'no diagnostics'}")
    errors = [d for d in diags if d["severity"] == "error"]
    assert not errors, f"{len(errors)} error(s) on {name}=={version}:\n\n" + "\n\n".join(
        snippet(root, d) for d in errors)


@pytest.mark.parametrize("name, version", LIBRARIES, ids=[n for n, _ in LIBRARIES])
def test_edits_in_bodies_no_analysis_read_keep_the_fresh_verdict(tmp_path, name, version):
    """Every function body of the library's JAX modules that its analysis did not read gets a collective no
    mesh binds (an error wherever it runs): the run with the store keeps its results for those
    files without analysing them, and reports what a fresh run reports. One body wrongly taken
    as unread would show as an error only the fresh run finds."""
    root = tmp_path / name
    shutil.copytree(unpacked(name, version), root)

    def run(*flags):
        start = time.perf_counter()
        p = subprocess.run([str(SHARDLINT), "check", *flags, "--format", "json", "."], cwd=root,
                           capture_output=True, text=True, timeout=1500)
        assert p.returncode in (0, 1), p.stderr
        return json.loads(p.stdout), time.perf_counter() - start

    def plant(read_ones: bool) -> int:
        # Into files that mention JAX already: a collective planted in one that does not makes
        # it worth running as an entry point, which the stored run sees (and analyses again).
        reads = stored_reads(root)
        return sum(plant_in_unread_bodies(f, reads, read_ones=read_ones) for f in sorted(root.rglob("*.py"))
                   if mentions(f.read_text(encoding="utf-8", errors="replace")))

    run()  # fills the store
    for f in root.rglob("*.py"):  # each file changed once: the store has seen it parse, as most have
        f.write_text(f.read_text(encoding="utf-8", errors="replace") + "\n", encoding="utf-8")
    run()
    planted = plant(read_ones=False)
    assert planted > 20
    stored, stored_s = run()
    fresh, fresh_s = run("--no-cache")
    assert stored == fresh
    print(f"\n{name}=={version}: {planted} files planted; stored run {stored_s:.2f} s, fresh run {fresh_s:.2f} s")
    # The same plant in the bodies it read: some run, and both runs report it.
    assert plant(read_ones=True)
    stored, _ = run()
    assert stored == run("--no-cache")[0]
    assert any("planted_axis" in d["message"] for d in stored)
