"""Both cores where it pays: files that no import connects (in either direction) are analysed
independently (`check.analyse` relies on the same fact), so the connected components of a big
analysis are split between processes, balanced by size, and their results merged.

A worker is a fork where that is safe (POSIX, no other thread running: the CLI), else a fresh
interpreter handed the files' texts (the server, whose threads a fork would copy mid-flight),
and only when the work is big enough to repay a process. A worker that fails is redone
in-process: the split is a speed-up, never a source of errors."""

from __future__ import annotations

import os
import pickle
import select
import signal
import subprocess
import sys
import threading
import time
from typing import Callable

from . import source
from .source import SourceFile

# Below this much source a second process costs more than it saves (measured on the 2-core
# machine: fork, pickling the results back and the smaller share of warm caches).
MIN_PARALLEL_CHARS = 1_500_000
_PROGRESS_EVERY_S = 0.05

# files -> (diagnostics, then dicts keyed by file: what the analysis observed of them)
Work = Callable[[dict], tuple]


def analyse_components(files: dict[str, SourceFile], graph: dict[str, set[str]], work: Work, *,
                       progress: Callable[[int, int], None] | None = None,
                       jobs: int | None = None) -> tuple:
    """`work(files) -> (diagnostics, external reads, ...)` over `files`, split by the components
    of `graph` (file -> files it imports) into up to `jobs` processes (default: the CPUs this
    process may use). In a process with threads (the server) a big analysis runs in workers
    only, however many: the server never holds its trees, and its memory stays what it was."""
    if not files:
        return [], {}
    big = _chars([files]) >= MIN_PARALLEL_CHARS
    bins = _bins(files, graph, _jobs(jobs) if big else 1)
    total = len(files)
    if big and not _forkable():
        return _split(bins, work, progress, total, here=False)
    if len(bins) > 1:
        return _split(bins, work, progress, total, here=True)
    done = [0]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(min(done[0], total), total)

    checker = _SyntaxCheck.start(files) if big and _jobs(jobs) > 1 else None
    try:
        with source.observe(tick):
            out = work(files)
        if checker is not None and checker.misread():
            with source.observe():
                out = work(files)
    finally:
        if checker is not None:
            checker.child.kill()
    if progress is not None:
        progress(total, total)
    return out


def _chars(bins: list[dict]) -> int:
    return sum(len(sf.text) for b in bins for sf in b.values())


def _jobs(jobs: int | None) -> int:
    if jobs is None:
        jobs = _configured_jobs()
    if jobs is None:
        try:
            jobs = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            jobs = os.cpu_count() or 1
    return max(jobs, 1)


def _configured_jobs() -> int | None:
    """SHARDLINT_JOBS: the most processes one analysis uses (1: never split), for a shared
    runner; unset or not a positive number: one per CPU."""
    try:
        n = int(os.environ.get("SHARDLINT_JOBS", ""))
    except ValueError:
        return None
    return n if n > 0 else None


def _bins(files: dict[str, SourceFile], graph: dict[str, set[str]], n: int) -> list[dict]:
    """The components of `files` (edges of `graph` in either direction), packed into at most
    `n` groups of about equal source size, each in the files' order."""
    if n < 2:
        return [files]
    adj: dict[str, set[str]] = {p: set() for p in files}
    for p, deps in graph.items():
        if p in adj:
            for d in deps:
                if d in adj:
                    adj[p].add(d)
                    adj[d].add(p)
    comps, seen = [], set()
    for p in files:
        if p in seen:
            continue
        comp, todo = [], [p]
        seen.add(p)
        while todo:
            cur = todo.pop()
            comp.append(cur)
            for nxt in adj[cur]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        comps.append((sum(len(files[f].text) for f in comp), comp))
    if len(comps) < 2:
        return [files]
    loads = [[0, set()] for _ in range(min(n, len(comps)))]
    for size, comp in sorted(comps, key=lambda c: -c[0]):
        lightest = min(loads, key=lambda b: b[0])
        lightest[0] += size
        lightest[1].update(comp)
    return [{p: sf for p, sf in files.items() if p in members} for _, members in loads if members]


class _SyntaxCheck:
    """One analysis in one process leaves a core idle: there, a forked worker checks that the
    files not known to parse do, while this process builds their trees with function bodies
    left unparsed until read (`skeleton`: about half a parse). A file the worker finds does not
    parse was analysed from a tree it does not have (its error may sit in a body no one read):
    `misread` forgets those trees, and the analysis is done again with whole ones."""

    def __init__(self, pending: dict):
        self.pending = pending
        for sf in pending.values():
            sf.vouched = sf.digest
        self.child = _Child(pending, _rejected)

    @classmethod
    def start(cls, files: dict) -> "_SyntaxCheck | None":
        pending = {p: sf for p, sf in files.items()
                   if type(sf) is SourceFile and sf.parses is None and sf.vouched != sf.digest}
        return cls(pending) if pending else None

    def misread(self) -> bool:
        """Whether a file the analysis read as parsing does not: it is then read whole."""
        answer = self.child.result()
        rejected = answer[0] if answer is not None else _rejected(self.pending)[0]
        misread = False
        for p in rejected:
            sf = self.pending[p]
            sf.vouched = None
            if sf.parses and source.syntax_error_of(sf.text) is not None:
                sf.forget()
                misread = True
        return misread


def _rejected(files: dict) -> tuple[list, dict]:
    """The files `source.accepted` rejects (those `ast.parse` may reject: see
    `source.syntax_error_of`)."""
    return [p for p, sf in files.items() if not source.accepted(sf.text)], {}


def _forkable() -> bool:
    return hasattr(os, "fork") and sys.platform != "darwin" and threading.active_count() == 1


def _split(bins: list[dict], work: Work, progress, total: int, here: bool) -> tuple:
    """Each group in a worker (the first one in this process when `here`); a worker that
    fails has its group redone here."""
    kind = _Child if _forkable() else _Spawned
    away = bins[1:] if here else bins
    children = [kind(b, work) for b in away]
    own = [0]
    last = [0.0]

    def tick() -> None:
        own[0] += 1
        now = time.monotonic()
        if progress is not None and now - last[0] >= _PROGRESS_EVERY_S:
            last[0] = now
            progress(min(total, own[0] + sum(c.poll() for c in children)), total)

    merged: list = []  # the diagnostics, then each dict of the answers, merged
    # The core a small share of the work leaves idle checks the syntax of this process's share.
    checker = _SyntaxCheck.start(bins[0]) if here and _forkable() and 2 * _chars(away) <= _chars([bins[0]]) else None
    try:
        if here:
            with source.observe(tick):
                res = work(bins[0])
            if checker is not None and checker.misread():
                with source.observe():
                    res = work(bins[0])
            _merge(merged, res)
        for child, b in zip(children, away):
            while progress is not None and not child.ready(_PROGRESS_EVERY_S * 4):
                progress(min(total, own[0] + sum(c.poll() for c in children)), total)
            res = child.result()
            if res is None:  # the worker died: do its share here
                with source.observe(tick):
                    res = work(b)
            _merge(merged, res)
    finally:
        for child in children + ([checker.child] if checker is not None else []):
            child.kill()
    if progress is not None:
        progress(total, total)
    return tuple(merged)


def _merge(merged: list, answer: tuple) -> None:
    """Add one group's answer (diagnostics, then dicts by file) to those merged so far."""
    if not merged:
        merged.extend([[], *({} for _ in answer[1:])])
    merged[0].extend(answer[0])
    for into, part in zip(merged[1:], answer[1:]):
        into.update(part)


class _Child:
    """One forked worker analysing one group; its answer comes back pickled through a pipe
    (our own process: nothing foreign is unpickled), its progress through another."""

    def __init__(self, files: dict, work: Work):
        self.files = len(files)
        self._done = 0
        r, w = os.pipe()
        pr, pw = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the worker
            os.close(r)
            os.close(pr)
            os.set_blocking(pw, False)  # progress is dropped rather than waited for
            _serve(files, work, w, pw)
        os.close(w)
        os.close(pw)
        self._r = r
        self._progress = pr
        os.set_blocking(pr, False)

    def poll(self) -> int:
        """Files the worker has analysed so far."""
        try:
            while True:
                chunk = os.read(self._progress, 4096)
                if not chunk:
                    break
                tail = chunk.rstrip(b"\n").rsplit(b"\n", 1)[-1]
                if tail:
                    self._done = int(tail)
        except (BlockingIOError, ValueError, OSError):
            pass
        return min(self._done, self.files)

    def ready(self, timeout: float) -> bool:
        """Whether the answer has started to arrive (waiting at most `timeout`)."""
        return bool(select.select([self._r], [], [], timeout)[0])

    def result(self) -> tuple | None:
        chunks = []
        while True:
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        os.close(self._r)
        _, status = os.waitpid(self.pid, 0)
        self.pid = None
        try:
            kind, value = pickle.loads(b"".join(chunks))
        except Exception:  # noqa: BLE001 - a worker that died mid-answer is redone
            return None
        return value if kind == "ok" and os.WIFEXITED(status) else None

    def kill(self) -> None:
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = None
        os.close(self._progress)


def _serve(files: dict, work: Work, out: int, progress_fd: int) -> None:
    """The worker's life: analyse, answer, and leave without running the parent's exit code."""
    code = 0
    try:
        done = [0]
        last = [0.0]

        def tick() -> None:
            done[0] += 1
            now = time.monotonic()
            if now - last[0] >= _PROGRESS_EVERY_S:
                last[0] = now
                try:
                    os.write(progress_fd, b"%d\n" % done[0])
                except OSError:
                    pass

        with source.observe(tick):
            answer = ("ok", work(files))
    except BaseException as e:  # noqa: BLE001 - reported to the parent, which redoes the work
        answer = ("error", repr(e))
        code = 1
    try:
        data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(out, view):]
    except BaseException:  # noqa: BLE001 - the parent sees a short answer and redoes the work
        code = 1
    os._exit(code)


# The worker a process with threads starts: a fresh interpreter (isolated from the working
# folder and the environment: its import path comes with the job) reading the job on stdin.
_SPAWNED = (
    "import pickle, sys\n"
    "job = pickle.load(sys.stdin.buffer)\n"
    "sys.path[:] = job['path']\n"
    "from shardlint.analysis.parallel import _serve_spawned\n"
    "_serve_spawned(job)\n"
)


class _Spawned(_Child):
    """A worker in a fresh interpreter: the files' texts go with the job (an unsaved buffer
    is analysed as the editor has it), the answer comes back pickled on its stdout and its
    progress on its stderr. `work` must pickle (a module-level function, or a partial of one)."""

    def __init__(self, files: dict, work: Work):
        from . import environment

        self.files = len(files)
        self._done = 0
        job = pickle.dumps({
            "path": list(sys.path), "work": work, "interpreters": dict(environment._REMEMBERED),
            "files": [(p, sf.text, sf.digest) for p, sf in files.items()],
        }, pickle.HIGHEST_PROTOCOL)
        self._proc = subprocess.Popen([sys.executable, "-I", "-c", _SPAWNED], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      cwd=os.path.dirname(os.path.abspath(sys.executable)))
        self.pid = self._proc.pid
        self._r = self._proc.stdout.fileno()
        self._progress = self._proc.stderr.fileno()
        os.set_blocking(self._progress, False)
        self._writer = threading.Thread(target=self._send, args=(job,), daemon=True)
        self._writer.start()

    def _send(self, job: bytes) -> None:
        try:
            self._proc.stdin.write(job)
            self._proc.stdin.close()
        except OSError:
            pass  # the worker died: its answer is missing and the work is redone

    def result(self) -> tuple | None:
        data = self._proc.stdout.read()
        self._proc.wait()
        self.pid = None
        try:
            kind, value = pickle.loads(data)
        except Exception:  # noqa: BLE001 - a worker that died mid-answer is redone
            return None
        return value if kind == "ok" and self._proc.returncode == 0 else None

    def kill(self) -> None:
        if self.pid is not None:
            self._proc.kill()
            self._proc.wait()
            self.pid = None
        for f in (self._proc.stdout, self._proc.stderr):
            f.close()


def _serve_spawned(job: dict) -> None:
    """The spawned worker's life (see `_Spawned`)."""
    import gc

    from . import environment

    gc.disable()
    for python, (stamp, info) in job["interpreters"].items():
        environment.remember_interpreter(python, stamp, info)
    files = {p: SourceFile(p, text, dig) for p, text, dig in job["files"]}
    os.set_blocking(2, False)
    _serve(files, job["work"], sys.stdout.fileno(), 2)
