"""Benchmark (a script, not a test): shardlint on JAX's own package against `ast.parse`.

    python tests/bench/bench_check.py [--jax-version 0.10.2] [--repeat 3]

Downloads the jax wheel (`pip download --no-deps`, cached under $SHARDLINT_TEST_CACHE, default
~/.cache/shardlint-tests), unpacks it, and prints, for its .py files:
  - ast.parse: reading and parsing every file with `ast.parse`;
  - cold: `shardlint.analysis.check.check(..., use_cache=False)` in a fresh interpreter (no
    in-memory tree cache, no on-disk cache; the import of shardlint is not counted);
  - warm (disk): `check(...)` in a fresh interpreter with the on-disk cache filled;
  - warm (memory): a second `check(use_cache=False)` in the same interpreter (parsed trees reused);
  - the CLI's wall time (`shardlint check --no-cache` and with the cache), start-up included;
and the ratios to ast.parse. ast.parse and the in-process figures are measured in the same fresh
interpreter, one after the other; each figure is the best of --repeat runs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

SHARDLINT = Path(sys.executable).with_name("shardlint")

# Runs in a fresh interpreter: prints {"parse": s, "check": s, "again": s, "files": n, "diags": n}.
MEASURE = r"""
import ast, json, sys, time
from pathlib import Path
root, use_cache = Path(sys.argv[1]), sys.argv[2] == "1"
from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import check
files = sorted(root.rglob("*.py"))
t = time.perf_counter()
for f in files:
    ast.parse(f.read_bytes(), filename=str(f))
parse = time.perf_counter() - t
cfg = cfgmod.load(root)
t = time.perf_counter()
res = check([str(root)], cfg, use_cache=use_cache)
first = time.perf_counter() - t
t = time.perf_counter()
check([str(root)], cfg, use_cache=False)
again = time.perf_counter() - t
print(json.dumps({"parse": parse, "check": first, "again": again, "files": res.files,
                  "diags": len(res.diagnostics), "skipped": len(res.skipped)}))
"""


def cache_dir() -> Path:
    d = Path(os.environ.get("SHARDLINT_TEST_CACHE") or Path.home() / ".cache" / "shardlint-tests")
    d.mkdir(parents=True, exist_ok=True)
    return d


def jax_source(version: str) -> Path:
    wheels = cache_dir() / "wheels"
    found = sorted(wheels.glob(f"jax-{version}-*.whl"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                        "-q", "-d", str(wheels), f"jax=={version}"], check=True)
        found = sorted(wheels.glob(f"jax-{version}-*.whl"))
    dest = cache_dir() / "src" / found[0].stem
    if not (dest / ".complete").exists():
        zipfile.ZipFile(found[0]).extractall(dest)
        (dest / ".complete").write_text("")
    return dest / "jax"


def measure(root: Path, use_cache: bool) -> dict:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(root), "1" if use_cache else "0"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cli(root: Path, *flags: str) -> tuple[float, int]:
    t = time.perf_counter()
    p = subprocess.run([str(SHARDLINT), "check", "--format", "json", *flags, str(root)],
                       capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if p.returncode not in (0, 1):
        raise SystemExit(f"shardlint check failed ({p.returncode}): {p.stderr}")
    return elapsed, len(json.loads(p.stdout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jax-version", default="0.10.2")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    source = jax_source(args.jax_version)
    with tempfile.TemporaryDirectory() as tmp:
        # A private copy: the on-disk cache is written next to the files checked.
        root = Path(tmp) / "jax"
        shutil.copytree(source, root)
        cold = [measure(root, use_cache=False) for _ in range(args.repeat)]
        measure(root, use_cache=True)  # fills the on-disk cache
        warm = [measure(root, use_cache=True) for _ in range(args.repeat)]
        cli_cold = [cli(root, "--no-cache") for _ in range(args.repeat)]
        cli_warm = [cli(root) for _ in range(args.repeat)]

    parse = min(r["parse"] for r in cold + warm)
    best_cold = min(r["check"] for r in cold)
    best_warm = min(r["check"] for r in warm)
    best_again = min(r["again"] for r in cold)
    c_cold = min(t for t, _ in cli_cold)
    c_warm = min(t for t, _ in cli_warm)
    info = cold[0]
    print(f"jax {args.jax_version}: {info['files']} files checked ({info['skipped']} skipped), "
          f"{info['diags']} diagnostics; best of {args.repeat}; {os.cpu_count()} CPUs")
    rows = [
        ("ast.parse (read + parse)", parse),
        ("check, cold (fresh process, --no-cache)", best_cold),
        ("check, warm (on-disk cache)", best_warm),
        ("check, warm (in-memory trees, no disk cache)", best_again),
        ("CLI wall, --no-cache (start-up included)", c_cold),
        ("CLI wall, on-disk cache (start-up included)", c_warm),
    ]
    for label, secs in rows:
        print(f"  {label:<48} {secs:7.3f} s   {secs / parse:5.2f}x ast.parse")
    verdict = "meets" if best_cold <= 3 * parse else "misses"
    print(f"cold / ast.parse = {best_cold / parse:.2f} ({verdict} the 3x target)")


if __name__ == "__main__":
    main()
