"""Benchmark (a script, not a test): the `shardlint check` command, process start to exit, on
JAX's own package and on EasyDeL, against `ast.parse` of the same files measured in the same run.

    python tests/bench/bench_cli.py [--repeat 5] [--corpus jax|easydel ...] [--json FILE] [--limit 300]

Corpora: the jax package installed beside shardlint (jax 0.10.2 in the test environment) and
EasyDeL 0.3.0 (`pip download --no-deps`, cached under $SHARDLINT_TEST_CACHE, default
~/.cache/shardlint-tests), each copied into a private folder (the store is written next to the
files checked). Each round measures, one after the other, every command as a fresh process:
  - ast.parse: a Python process that reads and parses every file shardlint checks;
  - cold: `shardlint check --no-cache`, and the same in one process (SHARDLINT_JOBS=1: what
    the split between processes wins);
  - warm: `shardlint check` with the store filled and nothing changed;
  - one file changed: `shardlint check` after an edit of one file (a different one each round,
    drawn with a fixed seed: an arbitrary edit);
  - ruff: `ruff check --no-cache --select F` when ruff is installed (for scale);
with the peak RSS of each. Printed: the median of each, and the median over rounds of each
ratio to that round's ast.parse (the machine may be shared: a ratio within one round is what
compares). The diagnostics of warm and one-file-changed runs must equal a cold run's of the same
files, and every command must finish within --limit seconds; the script fails if not. Commands
run as from a shell where the virtual environment is activated (VIRTUAL_ENV set), as users run
them.

shardlint's own modules are byte-compiled first, as `pip install` compiles them: in a checkout
with PYTHONDONTWRITEBYTECODE=1 (this machine's environment) every process would otherwise compile
them from source, about 25 ms of a run that finds its results stored, and whether a run did would
depend on what an earlier command happened to leave in __pycache__ (a worker started with `-I`
writes it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

BIN = Path(sys.executable).parent
SHARDLINT = BIN / "shardlint"
TARGETS = {"cold": 1.0, "warm": 0.05, "one file changed": 0.2}

# Reads and parses every file, as a fresh process does (the baseline every ratio is against).
PARSE = r"""
import ast, sys
for path in sys.stdin.read().splitlines():
    with open(path, "rb") as f:
        ast.parse(f.read())
"""


def cache_dir() -> Path:
    d = Path(os.environ.get("SHARDLINT_TEST_CACHE") or Path.home() / ".cache" / "shardlint-tests")
    d.mkdir(parents=True, exist_ok=True)
    return d


def wheel_source(name: str, version: str, package: str) -> Path:
    wheels = cache_dir() / "wheels"
    found = sorted(wheels.glob(f"{name}-{version}-*.whl"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                        "-q", "-d", str(wheels), f"{name}=={version}"], check=True)
        found = sorted(wheels.glob(f"{name}-{version}-*.whl"))
    dest = cache_dir() / "src" / found[0].stem
    if not (dest / ".complete").exists():
        zipfile.ZipFile(found[0]).extractall(dest)
        (dest / ".complete").write_text("")
    return dest / package


def installed_jax() -> Path:
    out = subprocess.run([sys.executable, "-c", "import jax, os; print(os.path.dirname(jax.__file__))"],
                         capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


CORPORA = {
    "jax": installed_jax,
    "easydel": lambda: wheel_source("easydel", "0.3.0", "easydel"),
}


LIMIT_S = 300.0  # a command still running after this long does not finish: the benchmark fails


def user_env() -> dict[str, str]:
    """The environment of a shell where the virtual environment is activated, as a user runs
    the command (VIRTUAL_ENV names its `python`; the console script runs under `python3`)."""
    env = dict(os.environ)
    if (BIN.parent / "pyvenv.cfg").is_file():
        env["VIRTUAL_ENV"] = str(BIN.parent)
        env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def run(cmd: list[str], stdin: str | None = None) -> tuple[float, float, str]:
    """(wall seconds, peak RSS MiB, stdout) of one command, process start to exit."""
    wrapper = [sys.executable, "-c", _RUSAGE, str(LIMIT_S), *cmd]
    p = subprocess.run(wrapper, capture_output=True, input=stdin, text=True, env=user_env())
    if p.returncode == 124:
        raise SystemExit(f"{' '.join(cmd)} did not finish in {LIMIT_S:.0f} s")
    if p.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr[-2000:]}")
    stats = json.loads(p.stderr.strip().splitlines()[-1])
    return stats["wall"], stats["rss"], p.stdout


# Runs the command and reports its own wall time and peak RSS (so that the wrapper's start-up
# is not counted); kills it, exiting 124, when it runs past the limit (argv[1], seconds).
_RUSAGE = r"""
import json, os, subprocess, sys, threading, time
t = time.perf_counter()
p = subprocess.Popen(sys.argv[2:], stdin=sys.stdin, stdout=sys.stdout, stderr=subprocess.DEVNULL)
timer = threading.Timer(float(sys.argv[1]), p.kill)
timer.start()
_, status, usage = os.wait4(p.pid, 0)
wall = time.perf_counter() - t
code = 124 if not timer.is_alive() else os.waitstatus_to_exitcode(status)
timer.cancel()
sys.stderr.write(json.dumps({"wall": wall, "rss": usage.ru_maxrss / 1024}) + "\n")
sys.exit(code)
"""


def shardlint_files(root: Path) -> list[Path]:
    code = ("import sys, json; from pathlib import Path; from shardlint.analysis import config, check; "
            "r = Path(sys.argv[1]); print(json.dumps([str(p) for p, _ in check.discover([r], config.load(r))]))")
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, check=True)
    return [Path(p) for p in json.loads(out.stdout)]


def ruff() -> str | None:
    for cand in (BIN / "ruff", shutil.which("ruff")):
        if cand and Path(cand).exists():
            return str(cand)
    return None


def bench(name: str, source: Path, repeat: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / source.name
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("__pycache__", ".shardlint_cache"))
        files = shardlint_files(root)
        listing = "\n".join(map(str, files))
        edits = random.Random(0).sample(files, min(repeat, len(files)))
        check = [str(SHARDLINT), "check", "--format", "json", str(root)]
        rf = ruff()
        rows: dict[str, list[tuple[float, float]]] = {
            k: [] for k in ("ast.parse", "cold", "cold, one process", "warm", "one file changed")}
        if rf:
            rows["ruff --select F"] = []
        _, _, first = run(check)  # fills the store
        for i in range(repeat):
            wall, rss, _ = run([sys.executable, "-c", PARSE], stdin=listing)
            rows["ast.parse"].append((wall, rss))
            wall, rss, cold = run([*check[:2], "--no-cache", *check[2:]])
            rows["cold"].append((wall, rss))
            wall, rss, _ = run(["env", "SHARDLINT_JOBS=1", *check[:2], "--no-cache", *check[2:]])
            rows["cold, one process"].append((wall, rss))
            wall, rss, warm = run(check)
            rows["warm"].append((wall, rss))
            target = edits[i % len(edits)]
            with open(target, "a", encoding="utf-8") as f:
                f.write(f"\n# edited by the benchmark, round {i}\n")
            wall, rss, changed = run(check)
            rows["one file changed"].append((wall, rss))
            _, _, fresh = run([*check[:2], "--no-cache", *check[2:]])
            if json.loads(warm) != json.loads(cold) or json.loads(changed) != json.loads(fresh):
                raise SystemExit(f"{name}: a stored run's diagnostics differ from a fresh one's")
            if rf:
                wall, rss, _ = run([rf, "check", "--no-cache", "--select", "F", "--exit-zero", "-q", str(root)])
                rows["ruff --select F"].append((wall, rss))
    parse = [w for w, _ in rows["ast.parse"]]
    report = {"corpus": name, "files": len(files), "diagnostics": len(json.loads(first)), "rounds": repeat,
              "rows": {}}
    for label, vals in rows.items():
        walls = [w for w, _ in vals]
        ratios = [w / p for w, p in zip(walls, parse)]
        report["rows"][label] = {"wall_s": statistics.median(walls), "ratio": statistics.median(ratios),
                                 "rss_mib": statistics.median(r for _, r in vals)}
    return report


def show(report: dict) -> None:
    print(f"{report['corpus']}: {report['files']} files, {report['diagnostics']} diagnostics; medians of "
          f"{report['rounds']} rounds on {os.cpu_count()} CPUs (load {os.getloadavg()[0]:.1f})")
    for label, row in report["rows"].items():
        target = TARGETS.get(label)
        verdict = "" if target is None else ("  meets" if row["ratio"] <= target else "  MISSES") + f" ≤ {target}x"
        print(f"  {label:<20} {row['wall_s']:8.3f} s  {row['ratio']:6.3f}x ast.parse  "
              f"RSS {row['rss_mib']:6.0f} MiB{verdict}")


def compile_shardlint() -> None:
    """Byte-compile the shardlint that the commands run, as installing it does."""
    code = ("import compileall, importlib.util, sys\n"
            "for name in ('shardlint.analysis', 'shardlint.server'):\n"
            "    for folder in importlib.util.find_spec(name).submodule_search_locations:\n"
            "        compileall.compile_dir(folder, quiet=1)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def main() -> None:
    global LIMIT_S
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--corpus", action="append", choices=sorted(CORPORA))
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--limit", type=float, default=LIMIT_S, help="seconds a command may run (default %(default)s)")
    args = ap.parse_args()
    LIMIT_S = args.limit
    compile_shardlint()
    reports = []
    for name in args.corpus or sorted(CORPORA):
        reports.append(bench(name, CORPORA[name](), args.repeat))
        show(reports[-1])
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2))


if __name__ == "__main__":
    main()
