"""A held-out corpus of JAX programs, labelled by JAX itself, scores the static engine.

Each case is a folder `tests/corpus/<case>/` with an optional `case.toml` (`platform =
"cuda"|"tpu"`, `jax = "0.10.2"|"0.8.2"|"0.6.2"`, `source = "..."`: where real public code came
from) and one of two entries:
- `case.py` defining `run` and `ARGS`: the label is what `jax.jit(case.run).trace(*case.ARGS)
  .lower(lowering_platforms=(platform,))` does (tests/corpus/_lower.py);
- `main.py`, a script run as `python main.py` from its folder (tests/jaxtruth/driver.py): it
  lowers for its platform itself (`.lower(lowering_platforms=...)`, `jax.export`), as programs
  taken from tutorials, tests and framework guides do.
Both run on the CPU with 4 host devices. A label is keyed by the case's content, the JAX version,
the platform and the driver, and committed under tests/corpus/.labels: a case is labelled once,
by real JAX, and relabelled whenever any of those changes (a case whose JAX version has no
interpreter here is judged by its committed label).
The engine checks the case folder with that JAX version and backend. The scores (precision and
recall of "the engine reports an error" against "JAX fails", and the share of hits whose error
diagnostic sits on the (file, line) JAX blames) must meet the product's bar.

`python tests/test_corpus.py [NAME ...]` prints every case's verdicts and the disagreements."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table
from shardlint.analysis.diagnostics import Severity

pytestmark = pytest.mark.jax

CORPUS = Path(__file__).resolve().parent / "corpus"
DRIVER = CORPUS / "_lower.py"
SCRIPT_DRIVER = Path(__file__).resolve().parent / "jaxtruth" / "driver.py"
LABELS = CORPUS / ".labels"
VENVS = {"0.6.2": Path("/work/venv062"), "0.8.2": Path("/work/venv082")}
BACKEND = {"cuda": "gpu", "tpu": "tpu", "cpu": "cpu"}
FLAX = {"0.6.2": "0.11.2", "0.8.2": "0.12.6", "0.10.2": "0.12.8"}  # installed beside each JAX (VENVS)
TIMEOUT = 300
BAR = {"recall": 0.95, "precision": 0.97, "blamed": 0.90}


@dataclass(frozen=True)
class Case:
    root: Path

    @property
    def name(self) -> str:
        return self.root.name

    @property
    def meta(self) -> dict:
        toml = self.root / "case.toml"
        return tomllib.loads(toml.read_text()) if toml.is_file() else {}

    @property
    def platform(self) -> str:
        return self.meta.get("platform", "cuda")

    @property
    def jax(self) -> str:
        return self.meta.get("jax", "0.10.2")

    @property
    def script(self) -> Path | None:
        """The `main.py` of a script case (None for a `run` + `ARGS` case)."""
        main = self.root / "main.py"
        return main if main.is_file() and not (self.root / "case.py").is_file() else None

    def files(self) -> list[Path]:
        return sorted(p for p in self.root.rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)

    def digest(self) -> str:
        h = hashlib.sha256()
        for f in self.files():
            h.update(f.relative_to(self.root).as_posix().encode() + b"\0" + f.read_bytes())
        return h.hexdigest()


@dataclass(frozen=True)
class Verdict:
    ok: bool
    type: str | None
    message: str | None
    blamed: tuple[str, int] | None  # (file relative to the case folder, line)

    def __str__(self) -> str:
        if self.ok:
            return "lowers"
        where = f"{self.blamed[0]}:{self.blamed[1]}" if self.blamed else "no frame in the case"
        message = self.message if len(self.message) <= 200 else self.message[:200] + "…"
        return f"{self.type}: {message!r} at {where}"


def cases() -> list[Case]:
    return [Case(p) for p in sorted(CORPUS.iterdir())
            if (p / "case.py").is_file() or (p / "main.py").is_file()]


def interpreter(version: str) -> Path | None:
    """The python whose jax is `version`: the running one for 0.10.2, else its venv."""
    if version == "0.10.2":
        return Path(sys.executable)
    exe = VENVS.get(version, Path("/nonexistent")) / "bin" / "python"
    return exe if exe.is_file() else None


def label_path(case: Case, labels: Path = LABELS) -> Path:
    driver = SCRIPT_DRIVER if case.script else DRIVER
    h = hashlib.sha256()
    for part in (case.digest(), f"jax=={case.jax}", case.platform, driver.read_text()):
        h.update(part.encode() + b"\0")
    return labels / f"{h.hexdigest()[:32]}.json"


def judged(case: Case) -> bool:
    """Whether JAX's verdict on the case is known here: labelled, or its JAX is installed."""
    return label_path(case).is_file() or interpreter(case.jax) is not None


def label(case: Case, labels: Path = LABELS) -> Verdict:
    """JAX's verdict on the case, from its label in `labels` when the case, JAX version and
    driver are unchanged."""
    driver = SCRIPT_DRIVER if case.script else DRIVER
    cached = label_path(case, labels)
    if cached.is_file():
        js = json.loads(cached.read_text())
    else:
        python = interpreter(case.jax)
        if python is None:
            raise FileNotFoundError(f"{case.name}: no label and no interpreter with jax {case.jax}")
        env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONDONTWRITEBYTECODE="1",
                   XLA_FLAGS="--xla_force_host_platform_device_count=4")
        env.pop("PYTHONPATH", None)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "verdict.json"
            if case.script:
                argv = [str(python), str(driver), str(case.script), str(out)]
            else:
                argv = [str(python), str(DRIVER), str(case.root), case.platform, str(out)]
            proc = subprocess.run(argv, cwd=case.root if case.script else tmp, env=env,
                                  capture_output=True, text=True, timeout=TIMEOUT)
            if out.is_file():
                js = json.loads(out.read_text())
            elif proc.returncode < 0:
                # JAX itself crashed on the program (a signal): that is its verdict on it
                js = {"ok": False, "type": "Crash", "message": f"the process died of signal {-proc.returncode}",
                      "blamed": None}
            else:
                raise RuntimeError(f"{case.name}: the driver died (rc={proc.returncode}):\n"
                                   f"{proc.stderr[-3000:]}")
        labels.mkdir(exist_ok=True)
        cached.write_text(json.dumps(js))
    return Verdict(js["ok"], js["type"], js["message"], tuple(js["blamed"]) if js["blamed"] else None)


def engine(case: Case) -> list[tuple[str, int, str, Severity]]:
    """(file relative to the case folder, line, code, severity) of every diagnostic."""
    config = parse_table({"jax-version": case.jax, "flax-version": FLAX[case.jax], "backend": BACKEND[case.platform]},
                         case.root, None)
    result = check([case.root], config, use_cache=False)
    return sorted((Path(d.path).resolve().relative_to(case.root).as_posix(), d.line, d.code, d.severity)
                  for d in result.diagnostics)


@dataclass(frozen=True)
class Row:
    case: Case
    verdict: Verdict
    diagnostics: list

    @property
    def errors(self) -> set[tuple[str, int]]:
        return {(f, line) for f, line, _, sev in self.diagnostics if sev == Severity.ERROR}

    @property
    def flagged(self) -> bool:
        return bool(self.errors)

    @property
    def on_blamed_line(self) -> bool:
        return self.verdict.blamed in self.errors

    @property
    def agrees(self) -> bool:
        if self.verdict.ok:
            return not self.flagged
        return self.flagged and self.on_blamed_line


def evaluate(selected: list[Case]) -> list[Row]:
    runnable = [c for c in selected if judged(c)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        verdicts = list(pool.map(label, runnable))
    return [Row(c, v, engine(c)) for c, v in zip(runnable, verdicts)]


def scores(rows: list[Row]) -> dict[str, float]:
    tp = sum(1 for r in rows if not r.verdict.ok and r.flagged)
    fp = sum(1 for r in rows if r.verdict.ok and r.flagged)
    fn = sum(1 for r in rows if not r.verdict.ok and not r.flagged)
    hits = [r for r in rows if not r.verdict.ok and r.flagged]
    return {
        "cases": len(rows), "jax_fails": tp + fn, "tp": tp, "fp": fp, "fn": fn,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "blamed": sum(r.on_blamed_line for r in hits) / len(hits) if hits else 1.0,
        "blamed_hits": sum(r.on_blamed_line for r in hits), "hits": len(hits),
    }


def summary(s: dict) -> str:
    return (f"corpus: {s['cases']} cases, JAX rejects {s['jax_fails']}; engine precision "
            f"{s['precision']:.3f} ({s['fp']} false alarms), recall {s['recall']:.3f} "
            f"({s['fn']} missed), blamed line {s['blamed']:.3f} ({s['blamed_hits']}/{s['hits']})")


def describe(row: Row) -> str:
    diags = ", ".join(f"{code} {sev.name.lower()} {f}:{line}" for f, line, code, sev in row.diagnostics)
    return (f"{row.case.name} [{row.case.platform}, jax {row.case.jax}]\n"
            f"  JAX: {row.verdict}\n  engine: {diags or 'nothing'}")


@pytest.fixture(scope="module")
def rows():
    return evaluate(cases())


def test_corpus_is_labelled_and_balanced(rows):
    assert len(rows) >= 100, "every case must run under an available JAX"
    failing = sum(not r.verdict.ok for r in rows)
    assert 0.35 <= failing / len(rows) <= 0.65, f"{failing} of {len(rows)} cases fail under JAX"
    # Every failure must be JAX's own verdict on the user's code, not a broken case (a module of
    # the case's own that did not come along); importing a name the target JAX lacks is JAX's
    # verdict (`from jax import P` on 0.6.2).
    for r in rows:
        assert r.verdict.ok or r.verdict.blamed is not None, describe(r)
        missing_api = r.verdict.type == "ImportError" and re.match(r"cannot import name '\w+' from 'jax[.']",
                                                                    r.verdict.message or "")
        assert r.verdict.type not in ("ModuleNotFoundError", "ImportError", "SyntaxError") or missing_api, describe(r)


def test_every_label_belongs_to_a_case():
    """A label no case has (the case changed or went) is stale: delete it."""
    current = {label_path(c).name for c in cases()}
    stale = sorted(p.name for p in LABELS.glob("*.json") if p.name not in current)
    assert not stale, f"stale labels in {LABELS}: {stale}"


def test_engine_meets_the_bar(rows, capsys):
    s = scores(rows)
    with capsys.disabled():
        print("\n" + summary(s))
        for r in rows:
            if not r.agrees:
                print(describe(r))
    assert s["recall"] >= BAR["recall"], summary(s)
    assert s["precision"] >= BAR["precision"], summary(s)
    assert s["blamed"] >= BAR["blamed"], summary(s)


if __name__ == "__main__":
    wanted = sys.argv[1:]
    picked = [c for c in cases() if not wanted or any(w in c.name for w in wanted)]
    result = evaluate(picked)
    for r in result:
        print(("  ok " if r.agrees else "DIFF ") + describe(r))
    print(summary(scores(result)))
