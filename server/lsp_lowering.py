"""The background lowering check in the language server.

`LoweringFeature` owns a LoweringRunner and one background thread. Saves and the
`shardlint.checkLowering` command queue targets; a newer request cancels the run in flight (its
unfinished targets are queued again). Nothing here runs on the event loop for longer than it takes
to queue work, so static diagnostics never wait for JAX. Results become SHL900 diagnostics with
source "shardlint-lowering"; the server merges them with its own and publishes."""

from __future__ import annotations

import asyncio
import functools
import itertools
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from shardlint.analysis.check import check as static_check
from shardlint.analysis.config import Config
from shardlint.analysis.diagnostics import Diagnostic, Severity
from shardlint.analysis.lowering import targets as tmod
from shardlint.analysis.lowering.agreement import disagreements
from shardlint.analysis.lowering.runner import PLATFORM_NAMES, LoweringRunner, RunReport, TargetResult, summary
from shardlint.analysis.rules import LOWERING

SOURCE = "shardlint-lowering"
COMMAND = "shardlint.checkLowering"
STALE = " (stale: file edited since lowering)"
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}


def _uri(path: str | Path) -> str:
    return from_fs_path(str(Path(path).resolve()))


def _path(uri: str) -> Path | None:
    fs = to_fs_path(uri)
    return Path(fs).resolve() if fs else None


def _range(line: int, column: int, end_line: int, end_column: int) -> types.Range:
    return types.Range(types.Position(max(line - 1, 0), max(column - 1, 0)),
                       types.Position(max(end_line - 1, 0), max(end_column - 1, 0)))


class LoweringFeature:
    def __init__(self, server: LanguageServer, publish: Callable[[str], None]):
        self.server = server
        self.publish = publish
        self.runner = LoweringRunner()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shardlint-lowering")
        self._root: Path | None = None
        self._config: Config | None = None
        self._enabled = False
        self._results: dict[str, TargetResult] = {}  # target function -> latest result
        self._edits: dict[str, int] = {}  # uri -> edits counted by on_change
        self._fresh_at: dict[str, int] = {}  # uri -> edit count its results were computed at
        self._pending: set[str] = set()
        self._cancel: threading.Event | None = None
        self._drain: asyncio.Task | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tokens = itertools.count(1)
        self.last_report: RunReport | None = None

    # -- configuration -------------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return self._enabled

    def configure(self, root: Path, config: Config, trusted: bool) -> None:
        """Take a new workspace configuration. Off unless targets are configured, lowering is
        enabled, and the client trusts the workspace."""
        self._remember_loop()
        old = self._config
        self._root = Path(root).resolve()
        self._config = config
        self._enabled = bool(trusted and config.lowering.enabled and config.lowering.targets)
        if old is not None and (old.lowering != config.lowering or old.python != config.python
                                or old.root != config.root):
            self._supersede()
            self._executor.submit(self.runner.close)  # workers of the old setup
        names = {t.function for t in config.lowering.targets} if self._enabled else set()
        dropped = [r for f, r in self._results.items() if f not in names]
        for r in dropped:
            del self._results[r.target.function]
        self._pending &= names
        for uri in self._uris_of(dropped):
            self.publish(uri)

    # -- editor events ---------------------------------------------------------------------------
    def on_save(self, uri: str) -> None:
        """Queue the targets that import the saved file; returns at once."""
        if not self._enabled:
            return
        path = _path(uri)
        if path is None or path.suffix != ".py":
            return
        loop = self._remember_loop()
        if loop is None:
            return
        coro = self._after_save(path)
        if self._on_loop():
            loop.create_task(coro)
        else:
            asyncio.run_coroutine_threadsafe(coro, loop)

    def on_change(self, uri: str) -> None:
        """The buffer differs from what was lowered: keep its SHL900 but mark them stale."""
        self._edits[uri] = self._edits.get(uri, 0) + 1
        if any(uri in self._uris_of([r]) for r in self._results.values()):
            self.publish(uri)

    # -- what the server publishes and shows ---------------------------------------------------------
    def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        if not self._enabled:
            return []
        stale = self._edits.get(uri, 0) != self._fresh_at.get(uri, 0)
        out = []
        for r in self._results.values():
            for d in r.diagnostics:
                if _uri(d.path) == uri:
                    out.append(self._to_lsp(d, stale))
        return out

    def code_lenses(self, uri: str) -> list[types.CodeLens]:
        if not self._enabled or self._root is None:
            return []
        path = _path(uri)
        platform = self._config.lowering.backend
        lenses = []
        for t in self._config.lowering.targets:
            where = tmod.definition(self._root, t)
            if where is None or where.file != path:
                continue
            rng = _range(where.line, where.column, where.line, where.column)
            lenses.append(types.CodeLens(range=rng, command=types.Command(
                title=f"Check lowering ({platform})", command=COMMAND, arguments=[t.function])))
        return lenses

    async def check(self, targets: list[str] | None = None) -> None:
        """`shardlint.checkLowering [TARGET...]`: lower now and wait for the result."""
        self._remember_loop()
        if not self._enabled:
            self._log("lowering check is off: no targets configured, lowering disabled, "
                      "or the workspace is not trusted", types.MessageType.Warning)
            return
        known = [t.function for t in self._config.lowering.targets]
        names = [n for n in (targets or known) if isinstance(n, str)]
        unknown = [n for n in names if n not in known]
        if unknown:
            self._log(f"not configured as lowering targets: {', '.join(unknown)}", types.MessageType.Warning)
        names = [n for n in names if n in known]
        if names:
            await self._schedule(names)

    def shutdown(self) -> None:
        self._enabled = False
        self._pending.clear()
        if self._cancel is not None:
            self._cancel.set()
        if self._drain is not None and not self._drain.done():
            self._drain.cancel()
        self.runner.close()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -- scheduling ------------------------------------------------------------------------------------
    def _remember_loop(self) -> asyncio.AbstractEventLoop | None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            pass
        return self._loop

    def _on_loop(self) -> bool:
        try:
            return asyncio.get_running_loop() is self._loop
        except RuntimeError:
            return False

    async def _after_save(self, path: Path) -> None:
        config, root = self._config, self._root
        affected = await asyncio.to_thread(self._affected, config, root, path)
        if affected and self._enabled and config is self._config:
            await self._schedule(sorted(affected))

    @staticmethod
    def _affected(config: Config, root: Path, path: Path) -> set[str]:
        out = set()
        for t in config.lowering.targets:
            closure = tmod.import_closure(root, t.function.partition(":")[0])
            if not closure or path in closure:
                out.add(t.function)
        return out

    def _supersede(self) -> None:
        if self._cancel is not None:
            self._cancel.set()

    async def _schedule(self, names: Iterable[str]) -> None:
        self._pending.update(names)
        self._supersede()
        if self._drain is None or self._drain.done():
            self._drain = asyncio.get_running_loop().create_task(self._drain_pending())
        await asyncio.shield(self._drain)

    async def _drain_pending(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending and self._enabled:
            config = self._config
            order = [t.function for t in config.lowering.targets]
            names = [n for n in order if n in self._pending]
            self._pending.clear()
            cancel = threading.Event()
            self._cancel = cancel
            edits = dict(self._edits)
            token = await self._progress_begin(names, config)

            def progress(i, n, target, token=token):
                if token is not None:
                    loop.call_soon_threadsafe(self._progress_report, token, i, n, target.function)

            try:
                report = await loop.run_in_executor(self._executor, functools.partial(
                    self.runner.run, config, names, cancel=cancel, on_progress=progress))
            except Exception as e:  # noqa: BLE001 - the server must outlive any lowering failure
                self._log(f"lowering failed: {type(e).__name__}: {e}", types.MessageType.Error)
                self._progress_end(token, "failed")
                return
            finally:
                if self._cancel is cancel:
                    self._cancel = None
            self._progress_end(token, ", ".join(f"{r.target.function}: {r.status}" for r in report.results))
            if config is not self._config:
                continue  # reconfigured meanwhile: these results describe an old setup
            self._store(report, edits)
            for note in summary(report):
                self._log(note, types.MessageType.Log)
            self._executor.submit(self._agreement, report, config)

    def _store(self, report: RunReport, edits: dict[str, int]) -> None:
        self.last_report = report
        touched = set()
        for r in report.results:
            if r.status == "cancelled":
                self._pending.add(r.target.function)
                continue
            old = self._results.get(r.target.function)
            touched |= self._uris_of([r] + ([old] if old else []))
            self._results[r.target.function] = r
            for f in r.files:
                self._fresh_at[_uri(f)] = edits.get(_uri(f), 0)
            for d in r.diagnostics:
                self._fresh_at[_uri(d.path)] = edits.get(_uri(d.path), 0)
        for uri in sorted(touched):
            self.publish(uri)

    def _agreement(self, report: RunReport, config: Config) -> None:
        """Log where JAX and the static rules disagree (runs on the lowering thread)."""
        files = sorted({f for r in report.results for f in r.files}
                       | {d.path for r in report.results for d in r.diagnostics if d.path.endswith(".py")})
        if not files:
            return
        try:
            static = static_check(files, config, use_cache=False).diagnostics
            found = disagreements(report.results, static, self._root)
        except Exception as e:  # noqa: BLE001 - a log line, never a crash
            self._log_threadsafe(f"lowering agreement check failed: {type(e).__name__}: {e}")
            return
        for d in found:
            self._log_threadsafe(f"shardlint agreement: {d}")

    # -- helpers -----------------------------------------------------------------------------------------
    def _uris_of(self, results: Iterable[TargetResult]) -> set[str]:
        return {_uri(d.path) for r in results for d in r.diagnostics}

    def _to_lsp(self, d: Diagnostic, stale: bool) -> types.Diagnostic:
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=_uri(r.path), range=_range(r.line, r.column, r.line, r.column + 1)),
            message=r.message) for r in d.related]
        return types.Diagnostic(
            range=_range(d.line, d.column, d.end_line, d.end_column),
            message=d.message + (STALE if stale else ""),
            severity=types.DiagnosticSeverity.Information if stale else _SEVERITY[d.severity],
            code=d.code,
            code_description=types.CodeDescription(href=LOWERING.url),
            source=SOURCE,
            related_information=related or None,
            data={"target": d.data.get("target"), "stale": stale},
        )

    def _log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        try:
            self.server.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # noqa: BLE001 - no client to tell (shutting down)
            pass

    def _log_threadsafe(self, message: str) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._log, message)

    def _supports_progress(self) -> bool:
        try:
            window = self.server.client_capabilities.window
        except Exception:  # noqa: BLE001 - not initialized yet
            return False
        return bool(window and window.work_done_progress)

    async def _progress_begin(self, names: list[str], config: Config) -> str | None:
        if not self._supports_progress():
            return None
        token = f"shardlint-lowering-{next(self._tokens)}"
        try:
            await asyncio.wait_for(self.server.work_done_progress.create_async(token), 5)
        except Exception:  # noqa: BLE001 - a client that refuses progress still gets results
            return None
        platform = PLATFORM_NAMES[config.lowering.backend]
        self.server.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title=f"Lowering for {platform}", message=", ".join(names), percentage=0))
        return token

    def _progress_report(self, token: str, i: int, n: int, name: str) -> None:
        self.server.work_done_progress.report(token, types.WorkDoneProgressReport(
            message=name, percentage=int(100 * i / max(n, 1))))

    def _progress_end(self, token: str | None, message: str) -> None:
        if token is not None:
            self.server.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))
