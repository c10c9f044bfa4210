"""The runner: starts lowering workers (worker.py in the user's interpreter, optionally behind a
launcher), reuses them across targets, restarts them after a crash or when a file they imported
changed, enforces the per-target timeout by killing the worker's process group, honours
cancellation, and maps the worker's answers to SHL900 diagnostics.

`cli_lower` is `shardlint lower`: it returns diagnostics and the exit code; the CLI renders."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

from ..config import Config, ConfigError, Target, load
from ..diagnostics import Diagnostic, Related
from ..rules import LOWERING
from . import targets as tmod

WORKER = Path(__file__).resolve().with_name("worker.py")
PLATFORM_NAMES = {"gpu": "cuda", "cuda": "cuda", "tpu": "tpu", "cpu": "cpu"}
MIN_START_TIMEOUT = 60.0


@dataclass(frozen=True)
class Launch:
    """Everything that makes a worker reusable: same argv, root and JAX setup."""
    argv: tuple[str, ...]  # launcher + (python, worker.py)
    root: str
    backend: str
    host_devices: int
    compile: bool
    has_launcher: bool


class WorkerError(Exception):
    """The worker could not start or died. `key` is the pyproject key to blame."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


class _Timeout(Exception):
    pass


class _Cancelled(Exception):
    pass


class _Died(Exception):
    pass


class Worker:
    def __init__(self, launch: Launch):
        self.launch = launch
        self.files: dict[str, int] = {}  # project files it imported -> mtime_ns
        self.ready: dict = {}
        self.started_s = 0.0
        self._lines: queue.Queue = queue.Queue()
        self._stderr: deque = deque(maxlen=40)
        self.proc: subprocess.Popen | None = None

    # -- lifecycle --------------------------------------------------------------------------
    def start(self, timeout: float, cancel: threading.Event | None) -> dict:
        key = "launcher" if self.launch.has_launcher else "python"
        t0 = time.perf_counter()
        try:
            self.proc = subprocess.Popen(
                list(self.launch.argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.launch.root, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"},
            )
        except OSError as e:
            raise WorkerError(key, f"cannot run `{self.launch.argv[0]}`: {e.strerror or e}") from None
        threading.Thread(target=self._pump_out, daemon=True).start()
        threading.Thread(target=self._pump_err, daemon=True).start()
        self._write({"root": self.launch.root, "backend": self.launch.backend,
                     "host_devices": self.launch.host_devices, "compile": self.launch.compile})
        try:
            msg = self._next(time.monotonic() + timeout, cancel)
        except _Timeout:
            self.kill()
            raise WorkerError(key, f"the worker did not start within {timeout:g} s "
                                   f"(`{' '.join(self.launch.argv)}`){self._tail()}") from None
        except _Died:
            code = self.kill(grace=2.0)
            who = "the launcher" if self.launch.has_launcher else f"interpreter `{self.launch.argv[0]}`"
            raise WorkerError(key, f"{who} exited with status {code} before the worker started"
                                   f"{self._tail()}") from None
        if msg.get("event") == "fatal":
            self.kill()
            if msg.get("kind") == "no-jax":
                raise WorkerError("python", f"interpreter `{msg.get('executable')}` cannot import jax "
                                            f"({msg.get('message')}); install jax there or set "
                                            f"`python` to an interpreter that has it")
            raise WorkerError(key, f"JAX could not start: {msg.get('message')}")
        self.ready = msg
        self.started_s = time.perf_counter() - t0
        return msg

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stale(self) -> bool:
        for f, mtime in self.files.items():
            try:
                if os.stat(f).st_mtime_ns != mtime:
                    return True
            except OSError:
                return True
        return False

    def kill(self, grace: float = 0.0) -> int | None:
        """Stop the worker and everything it started (its own process group), after `grace`
        seconds for a worker that is exiting by itself to report its own status."""
        if self.proc is None:
            return None
        if grace:
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        for s in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                s.close()
            except OSError:
                pass
        return code

    def close(self) -> None:
        if self.alive():
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()

    # -- protocol ---------------------------------------------------------------------------
    def lower(self, rid: int, target: Target, timeout: float, cancel: threading.Event | None,
              resolved: dict) -> dict:
        self._write({"id": rid, "function": target.function, "args": target.args})
        deadline = time.monotonic() + timeout
        while True:
            msg = self._next(deadline, cancel)
            if msg.get("id") != rid:
                continue
            if msg.get("event") == "resolved":
                resolved.update(msg)
                continue
            self.files.update(msg.get("files") or {})
            return msg

    def _write(self, obj: dict) -> None:
        try:
            self.proc.stdin.write((json.dumps(obj) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # the reader sees the exit

    def _next(self, deadline: float, cancel: threading.Event | None) -> dict:
        while True:
            if cancel is not None and cancel.is_set():
                raise _Cancelled()
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Timeout()
            try:
                line = self._lines.get(timeout=min(left, 0.1))
            except queue.Empty:
                continue
            if line is None:
                raise _Died()
            try:
                msg = json.loads(line)
            except ValueError:
                self._stderr.append(line.rstrip())
                continue
            if isinstance(msg, dict):
                return msg

    def _pump_out(self) -> None:
        for raw in self.proc.stdout:
            self._lines.put(raw.decode("utf-8", "replace"))
        self._lines.put(None)

    def _pump_err(self) -> None:
        for raw in self.proc.stderr:
            self._stderr.append(raw.decode("utf-8", "replace").rstrip())

    def _tail(self) -> str:
        lines = [ln for ln in self._stderr if ln.strip()]
        return f": {lines[-1].strip()}" if lines else ""


@dataclass
class TargetResult:
    target: Target
    status: str  # ok | failed | config | timeout | crashed | cancelled
    diagnostics: list[Diagnostic] = field(default_factory=list)  # absolute paths
    seconds: float = 0.0  # lowering time in the worker (wall time for timeouts and crashes)
    definition: tuple[str, int] | None = None  # the target's def, as the worker resolved it
    files: frozenset = frozenset()  # project files loaded while it was lowered


@dataclass
class RunReport:
    backend: str
    results: list[TargetResult] = field(default_factory=list)
    starts: list[dict] = field(default_factory=list)  # one per worker started: ready + start_s
    diagnostics: list[Diagnostic] = field(default_factory=list)  # every SHL900 of the run

    @property
    def failed(self) -> bool:
        return any(r.status not in ("ok", "cancelled") for r in self.results)


def resolve_python(config: Config) -> str:
    py = config.lowering.python or config.python or sys.executable
    p = Path(py).expanduser()
    if not p.is_absolute() and (os.sep in py or py.startswith(".")):
        p = Path(config.root) / p
        return str(p)
    return str(p) if p.is_absolute() else py


def launch_for(config: Config) -> Launch:
    low = config.lowering
    return Launch(
        argv=(*low.launcher, resolve_python(config), str(WORKER)),
        root=str(Path(config.root).resolve()),
        backend=low.backend,
        host_devices=low.host_devices,
        compile=low.compile,
        has_launcher=bool(low.launcher),
    )


class LoweringRunner:
    """Keeps workers per launch setup. `run` is synchronous and meant for one thread at a time
    (the CLI, or the language server's background thread)."""

    def __init__(self):
        self._workers: dict[Launch, Worker] = {}
        self._lock = threading.Lock()
        self._rid = 0
        self._start_error: WorkerError | None = None

    def close(self) -> None:
        with self._lock:
            for w in self._workers.values():
                w.close()
            self._workers.clear()

    def _worker(self, launch: Launch, timeout: float, cancel, report: RunReport) -> Worker:
        w = self._workers.get(launch)
        if w is not None and (not w.alive() or w.stale()):
            w.kill()
            w = None
        if w is None:
            self._workers.pop(launch, None)
            w = Worker(launch)
            ready = w.start(max(timeout, MIN_START_TIMEOUT), cancel)
            report.starts.append({**ready, "start_s": round(w.started_s, 4)})
            self._workers[launch] = w
        return w

    def run(self, config: Config, names: Sequence[str] | None = None, *,
            cancel: threading.Event | None = None,
            on_progress: Callable[[int, int, Target], None] | None = None) -> RunReport:
        """Lower the configured targets (all, or those whose `function` is in `names`)."""
        low = config.lowering
        chosen = [t for t in low.targets if names is None or t.function in names]
        launch = launch_for(config)
        lines = tmod.key_lines(config)
        report = RunReport(backend=low.backend)
        self._start_error = None
        with self._lock:
            for i, target in enumerate(chosen):
                if on_progress is not None:
                    on_progress(i, len(chosen), target)
                index = low.targets.index(target)
                if cancel is not None and cancel.is_set():
                    report.results.append(TargetResult(target, "cancelled"))
                    continue
                report.results.append(self._one(config, launch, target, index, lines, cancel, report))
        diags = [d for r in report.results for d in r.diagnostics]
        report.diagnostics = sorted(_merge(diags), key=Diagnostic.sort_key)
        return report

    def _one(self, config, launch, target, index, lines, cancel, report) -> TargetResult:
        low = config.lowering
        try:
            if self._start_error is not None:
                raise self._start_error
            worker = self._worker(launch, low.timeout, cancel, report)
        except _Cancelled:
            self._drop(launch)
            return TargetResult(target, "cancelled")
        except WorkerError as e:
            self._start_error = e  # one failed start per run: the same setup fails the same way
            line = lines.launcher if e.key == "launcher" else lines.python
            return TargetResult(target, "config", [_config_diag(config, lines, line, str(e), target)])
        self._rid += 1
        resolved: dict = {}
        t0 = time.perf_counter()
        try:
            msg = worker.lower(self._rid, target, low.timeout, cancel, resolved)
        except _Cancelled:
            self._drop(launch)
            return TargetResult(target, "cancelled")
        except _Timeout:
            self._drop(launch)
            d = _at_definition(config, lines, index, target, resolved,
                               f"lowering `{target.function}` did not finish within {low.timeout:g} s; "
                               f"the worker was stopped")
            return TargetResult(target, "timeout", [d], time.perf_counter() - t0, _def(resolved))
        except _Died:
            code = worker.kill(grace=2.0)
            tail = worker._tail()
            self._drop(launch)
            d = _at_definition(config, lines, index, target, resolved,
                               f"the lowering worker exited with status {code} while lowering "
                               f"`{target.function}`{tail}")
            return TargetResult(target, "crashed", [d], time.perf_counter() - t0, _def(resolved))
        files = frozenset(msg.get("files") or ())
        seconds = float(msg.get("seconds") or 0.0)
        if msg.get("ok"):
            return TargetResult(target, "ok", [], seconds, _def(resolved), files)
        kind = msg.get("kind")
        if kind in ("function", "args"):
            line = lines.functions[index] if kind == "function" else lines.args[index]
            d = _config_diag(config, lines, line, msg.get("message", ""), target)
            return TargetResult(target, "config", [d], seconds, _def(resolved), files)
        d = _lowering_diag(config, lines, index, target, resolved, msg)
        return TargetResult(target, "failed", [d], seconds, _def(resolved), files)

    def _drop(self, launch: Launch) -> None:
        w = self._workers.pop(launch, None)
        if w is not None:
            w.kill()


def _def(resolved: dict) -> tuple[str, int] | None:
    if resolved.get("file"):
        return resolved["file"], int(resolved.get("line") or 1)
    return None


def _severity(config: Config):
    return config.severity_of(LOWERING.code, LOWERING.severity)


def _target_related(config: Config, lines: tmod.KeyLines, index: int, target: Target) -> Related:
    label = f"lowering target `{target.function}` ({config.lowering.backend})"
    line = lines.functions[index] if index < len(lines.functions) else 0
    if not line:
        # A target by convention (`run` + `ARGS`), not in pyproject.toml: point at its definition.
        found = tmod.definition(Path(config.root), target)
        if found is not None:
            return Related(str(found.file), found.line, found.column, label)
    _, col, _, _ = lines.span(line)
    return Related(str(lines.file), line or 1, col, label)


def _config_diag(config: Config, lines: tmod.KeyLines, line: int, message: str, target: Target) -> Diagnostic:
    ln, col, end_line, end_col = lines.span(line)
    return Diagnostic(str(lines.file), ln, col, end_line, end_col, LOWERING.code, LOWERING.name,
                      _severity(config), f"lowering configuration: {message}",
                      data={"target": target.function, "kind": "config"})


def _line_span(path: str, line: int) -> tuple[int, int]:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for i, text in enumerate(fh, 1):
                if i == line:
                    text = text.rstrip("\r\n")
                    start = len(text) - len(text.lstrip())
                    return start + 1, max(len(text.rstrip()), start + 1) + 1
    except OSError:
        pass
    return 1, 2


def _at_definition(config, lines, index, target, resolved, message) -> Diagnostic:
    related = (_target_related(config, lines, index, target),)
    where = _def(resolved)
    if where is None:
        static = tmod.definition(Path(config.root), target)
        where = (str(static.file), static.line) if static else None
    if where is None:
        return replace(_config_diag(config, lines, lines.functions[index], message, target),
                       message=message, related=())
    col, end = _line_span(where[0], where[1])
    return Diagnostic(where[0], where[1], col, where[1], end, LOWERING.code, LOWERING.name,
                      _severity(config), message, related, data={"target": target.function})


def _lowering_diag(config, lines, index, target, resolved, msg) -> Diagnostic:
    err = msg.get("error") or {}
    head = err.get("type", "Exception")
    if err.get("message"):
        head += f": {err['message']}"
    blame = err.get("blame")
    if blame is None:
        if msg.get("stage") == "args":
            return _config_diag(config, lines, lines.args[index], f"building the args failed: {head}", target)
        return _at_definition(config, lines, index, target, resolved, head)
    related = [Related(f["file"], f["line"], f["column"], f"in `{f['function']}` (traceback)")
               for f in err.get("frames", []) if f != blame]
    related.append(_target_related(config, lines, index, target))
    return Diagnostic(blame["file"], blame["line"], blame["column"], blame["line"], blame["end_column"],
                      LOWERING.code, LOWERING.name, _severity(config), head, tuple(related),
                      data={"target": target.function, "error_type": err.get("type")})


def _merge(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Two targets failing at the same line with the same error give one diagnostic."""
    out: dict = {}
    for d in diags:
        key = (d.path, d.line, d.column, d.message)
        if key in out:
            prev = out[key]
            out[key] = replace(prev, related=prev.related + tuple(r for r in d.related if r not in prev.related))
        else:
            out[key] = d
    return list(out.values())


# -- `shardlint lower` ----------------------------------------------------------------------------
@dataclass
class LowerOutcome:
    diagnostics: list[Diagnostic]
    exit_code: int
    notes: list[str]


def cli_lower(args) -> LowerOutcome:
    """`shardlint lower [PATH] [--config] [--backend] [--python] [--timeout]`. Raises ConfigError
    for usage and configuration errors (the CLI prints it and exits 2)."""
    path = Path(args.path)
    if not path.exists():
        raise ConfigError(f"path not found: {path}")
    config = load(path, args.config)
    low = config.lowering
    if args.backend:
        low = replace(low, backend="gpu" if args.backend == "cuda" else args.backend)
    if args.python:
        low = replace(low, python=args.python)
    if args.timeout is not None:
        if args.timeout <= 0:
            raise ConfigError(f"--timeout must be a positive number of seconds, got {args.timeout:g}")
        low = replace(low, timeout=float(args.timeout))
    if not low.targets:
        # The project at PATH: its `run` + `ARGS` modules, imported with PATH on sys.path.
        folder = (path if path.is_dir() else path.parent).resolve()
        low = replace(low, targets=_conventional(config, folder))
        if low.targets:
            config = replace(config, root=folder)
    config = replace(config, lowering=low)
    if not low.targets:
        where = config.config_file or Path(config.root) / "pyproject.toml"
        raise ConfigError(f"no lowering targets configured: add [[tool.shardlint.lowering.targets]] to {where}")
    runner = LoweringRunner()
    try:
        report = runner.run(config)
    finally:
        runner.close()
    absolute = path.is_absolute()
    diags = [d for d in report.diagnostics if config.enabled(d.code)]
    shown = [_shown(d, absolute) for d in diags]
    return LowerOutcome(shown, 1 if shown else 0, summary(report))


def _conventional(config: Config, folder: Path) -> tuple[Target, ...]:
    """`module:run` + `module:ARGS` pairs found under `folder` (see engine.conventional_targets)."""
    from ..check import discover, load_files
    from ..engine import conventional_targets
    from ..index import ModuleFinder

    files, _, _ = load_files(discover([folder], config))
    finder = ModuleFinder(files, [folder], [])
    return tuple(Target(f, a) for _, f, a in conventional_targets(files, finder))


def summary(report: RunReport) -> list[str]:
    notes = []
    for s in report.starts:
        notes.append(f"JAX {s.get('jax_version')} ({s.get('executable')}): import {s.get('import_s', 0):.2f} s, "
                     f"worker start {s.get('start_s', 0):.2f} s, {s.get('devices')} "
                     f"{s.get('default_backend')} devices")
    for r in report.results:
        notes.append(f"{r.target.function}: {r.status} ({r.seconds:.2f} s, {PLATFORM_NAMES[report.backend]})")
    return notes


def _shown(d: Diagnostic, absolute: bool) -> Diagnostic:
    def s(p: str) -> str:
        if absolute:
            return p
        try:
            rel = os.path.relpath(p)
        except ValueError:
            return p
        return p if rel.startswith("..") else rel

    return replace(d, path=s(d.path), related=tuple(replace(r, path=s(r.path)) for r in d.related))
