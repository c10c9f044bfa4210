"""Real libraries that work stay free of errors (RULES.md fact 11): the wheels of EasyDeL 0.3.0,
ejkernel 0.0.80.3 (real remote-DMA collective matmul kernels, wrapped by their callers), Flax
0.12.8 and Tokamax 0.0.12, each checked whole by `shardlint check`. Prints the counts by code and
the time per library (`pytest -s`). The wheels are cached under $SHARDLINT_TEST_CACHE (default
~/.cache/shardlint-tests); a library that cannot be downloaded is skipped with the reason."""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

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
