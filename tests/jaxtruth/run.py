"""Run fixtures under real JAX and report what JAX did.

A fixture is a script `tests/fixtures/<family>/<name>.py`, or a folder
`tests/fixtures/modules/<case>/` whose entry is `main.py`. Each runs in its own subprocess with
the interpreter its `# jax:` header names, 4 fake CPU devices. The outcome is a label keyed by
the content of the fixture's files, the JAX version and the driver, committed under
tests/jaxtruth/labels: a fixture is run once by real JAX and again whenever any of those
changes (one whose JAX version has no interpreter here is judged by its committed label)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
DRIVER = HERE / "driver.py"
LABELS = HERE / "labels"
# Labels of the programs the fix tests make (fixed copies of fixtures), committed like LABELS: a
# machine without a fixture's JAX version judges its fixed copy by them.
FIXLABELS = HERE / "fixlabels"
NEWEST = "0.10.2"  # the JAX of the running interpreter, for fixtures without a `# jax:` header
TIMEOUT = 300

# `# jax: X.Y.Z` selects one of these interpreters; no header means the running one (0.10.2).
VENVS = {"0.6.2": Path("/work/venv062"), "0.8.2": Path("/work/venv082")}

_HEADER = re.compile(r"#\s*(lower|config|jax):\s*(.*?)\s*$")
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


@dataclass(frozen=True)
class Fixture:
    path: Path  # the script, or the case folder for multi-file fixtures

    @property
    def entry(self) -> Path:
        return self.path / "main.py" if self.path.is_dir() else self.path

    @property
    def root(self) -> Path:
        return self.path if self.path.is_dir() else self.path.parent

    @property
    def id(self) -> str:
        return self.path.relative_to(FIXTURES).as_posix()

    def files(self) -> list[Path]:
        if self.path.is_dir():
            return sorted(p for p in self.path.rglob("*.py") if "__pycache__" not in p.parts)
        return [self.path]

    def headers(self) -> dict[str, str]:
        out = {}
        for line in self.entry.read_text().splitlines():
            if not line.startswith("#"):
                break
            m = _HEADER.match(line)
            if m:
                out[m.group(1)] = m.group(2)
        return out

    def config_table(self) -> dict:
        """The `# config:` header as a [tool.shardlint] table (`key=value` pairs)."""
        table = {}
        for item in self.headers().get("config", "").split():
            key, _, value = item.partition("=")
            table[key] = value
        return table

    def jax_version(self) -> str | None:
        return self.headers().get("jax")

    def expected(self) -> set[tuple[str, int, str]]:
        """(file relative to root, line, code) for every `# expect:` annotation."""
        out = set()
        for f in self.files():
            for i, line in enumerate(f.read_text().splitlines(), 1):
                m = _EXPECT.search(line)
                if m:
                    for code in m.group(1).replace(" ", "").split(","):
                        if code:
                            out.add((f.relative_to(self.root).as_posix(), i, code))
        return out

    def digest(self) -> str:
        h = hashlib.sha256()
        for f in self.files():
            h.update(f.relative_to(self.root).as_posix().encode())
            h.update(f.read_bytes())
        return h.hexdigest()


@dataclass(frozen=True)
class Outcome:
    ok: bool
    type: str | None
    message: str | None
    blamed: tuple[str, int] | None  # (file relative to the fixture root, line)

    @classmethod
    def from_json(cls, js: dict) -> "Outcome":
        b = js.get("blamed")
        return cls(js["ok"], js.get("type"), js.get("message"), tuple(b) if b else None)


def discover(root: Path = FIXTURES) -> list[Fixture]:
    out = []
    for family in sorted(p for p in root.iterdir() if p.is_dir()):
        for item in sorted(family.iterdir()):
            if item.name.startswith((".", "_")):
                continue
            if item.is_dir() and (item / "main.py").is_file():
                out.append(Fixture(item))
            elif item.suffix == ".py":
                out.append(Fixture(item))
    return out


def interpreter(version: str | None) -> Path | None:
    """The python for `# jax: version`, or None when that venv is absent."""
    if version is None:
        return Path(sys.executable)
    exe = VENVS.get(version, Path(f"/nonexistent/{version}")) / "bin" / "python"
    return exe if exe.is_file() else None


def _env() -> dict:
    env = dict(os.environ)
    env["JAX_PLATFORMS"] = "cpu"
    env["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTHONPATH", None)
    return env


def label_path(fx: Fixture, labels: Path = LABELS) -> Path:
    h = hashlib.sha256()
    h.update(fx.digest().encode())
    h.update(f"jax=={fx.jax_version() or NEWEST}".encode())
    h.update(DRIVER.read_bytes())
    return labels / f"{h.hexdigest()[:32]}.json"


def judged(fx: Fixture) -> bool:
    """Whether JAX's verdict on the fixture is known here: labelled, or its JAX is installed."""
    return label_path(fx).is_file() or interpreter(fx.jax_version()) is not None


def run(fx: Fixture, use_cache: bool = True, labels: Path = LABELS, python: Path | None = None) -> Outcome:
    """JAX's verdict on one fixture, from its label when there is one, else run by `python`
    (default: the interpreter its header asks for)."""
    cached = label_path(fx, labels)
    if use_cache and cached.is_file():
        return Outcome.from_json(json.loads(cached.read_text()))
    python = python or interpreter(fx.jax_version())
    if python is None:
        raise FileNotFoundError(f"no label and no interpreter for jax {fx.jax_version()}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        proc = subprocess.run([str(python), str(DRIVER), str(fx.entry), str(out)], cwd=fx.root,
                              env=_env(), capture_output=True, text=True, timeout=TIMEOUT)
        if not out.is_file():
            raise RuntimeError(f"{fx.id}: the driver died (rc={proc.returncode}):\n{proc.stderr[-3000:]}")
        js = json.loads(out.read_text())
    labels.mkdir(exist_ok=True)
    cached.write_text(json.dumps(js))
    return Outcome.from_json(js)


def run_all(fixtures: list[Fixture], workers: int = 2) -> dict[str, Outcome]:
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip([f.id for f in fixtures], pool.map(run, fixtures)))


if __name__ == "__main__":
    selected = [f for f in discover() if not sys.argv[1:] or any(a in f.id for a in sys.argv[1:])]
    for fid, o in run_all(selected).items():
        print(f"{fid}: {'OK' if o.ok else f'{o.type}: {o.message!r} at {o.blamed}'}")
