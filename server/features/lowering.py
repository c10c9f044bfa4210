"""The background lowering check in the language server.

`LoweringFeature` owns a LoweringRunner and one background thread. Saves and the
`shardlint.checkLowering` command queue targets; a newer request cancels the run in flight (its
unfinished targets are queued again). Nothing here runs on the event loop for longer than it takes
to queue work, so static diagnostics never wait for JAX. Results become SHL900 diagnostics with
source "shardlint-lowering"; the server merges them with its own and publishes. The command
answers with what the run found ("lowering: 1 target failed")."""

from __future__ import annotations

import asyncio
import functools
import itertools
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from shardlint.analysis.check import check as static_check
from shardlint.analysis.config import Config
from shardlint.analysis.diagnostics import Diagnostic
from shardlint.analysis.lowering import targets as tmod
from shardlint.analysis.lowering.agreement import disagreements
from shardlint.analysis.lowering.runner import PLATFORM_NAMES, LoweringRunner, RunReport, TargetResult, summary
from shardlint.analysis.rules import LOWERING

from .. import convert
from . import command, feature

if TYPE_CHECKING:
    from ..lsp import ShardlintServer

SOURCE = "shardlint-lowering"
COMMAND = "shardlint.checkLowering"
STALE = " (stale: file edited since lowering)"
_uri = convert.path_uri


def _path(uri: str) -> Path | None:
    fs = to_fs_path(uri)
    return Path(fs).resolve() if fs else None


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


class LoweringFeature:
    def __init__(self, server: LanguageServer, publish: Callable[[str], None],
                 lines_of: Callable[[str], list[str]] = convert.disk_lines):
        self.server = server
        self.publish = publish
        self.lines_of = lines_of  # the text SHL900 positions are converted against
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
            rng = convert.span(self.lines_of(str(where.file)), where.line, where.column, where.line, where.column,
                               self._encoding())
            lenses.append(types.CodeLens(range=rng, command=types.Command(
                title=f"Check lowering ({platform})", command=COMMAND, arguments=[t.function])))
        return lenses

    async def check(self, targets: list[str] | None = None) -> dict:
        """`shardlint.checkLowering [TARGET...]`: lower now and wait for the result, answered as
        `{"message", "failed", "results": {target: status}}`."""
        self._remember_loop()
        if not self._enabled:
            message = ("lowering check is off: no targets configured, lowering disabled, "
                       "or the workspace is not trusted")
            self._log(message, types.MessageType.Warning)
            return {"message": message, "failed": 0, "results": {}}
        known = [t.function for t in self._config.lowering.targets]
        names = [n for n in (targets or known) if isinstance(n, str)]
        unknown = [n for n in names if n not in known]
        if unknown:
            self._log(f"not configured as lowering targets: {', '.join(unknown)}", types.MessageType.Warning)
        names = [n for n in names if n in known]
        if names:
            await self._schedule(names)
        statuses = {n: self._results[n].status for n in names if n in self._results}
        failed = sum(s != "ok" for s in statuses.values())
        if not statuses:
            message = "lowering: no configured target named " + ", ".join(unknown or ["(none)"])
        elif failed:
            why = ", ".join(f"{n}: {s}" for n, s in statuses.items() if s != "ok")
            message = f"lowering: {_count(failed, 'target')} failed ({why})"
        else:
            message = f"lowering: {_count(len(statuses), 'target')} lowered"
        return {"message": message, "failed": failed, "results": statuses}

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

    def _encoding(self) -> str:
        return getattr(self.server, "encoding", types.PositionEncodingKind.Utf16)

    def _to_lsp(self, d: Diagnostic, stale: bool) -> types.Diagnostic:
        return convert.diagnostic(
            d, self.lines_of, _uri, self._encoding(), source=SOURCE, href=LOWERING.url,
            message=d.message + (STALE if stale else ""),
            severity=types.DiagnosticSeverity.Information if stale else None,
            data={"target": d.data.get("target"), "stale": stale})

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


# ---- the handlers of `shardlint server` ----------------------------------------------------------

@feature(types.TEXT_DOCUMENT_CODE_LENS)
def code_lens(ls: ShardlintServer, params: types.CodeLensParams):
    return ls.lowering_call("code_lenses", params.text_document.uri) or []


@command(COMMAND)
async def check_lowering(ls, *args):  # no annotations: pygls reads them to structure the arguments
    """From a code lens: the target names as arguments; from a client: one list, or nothing."""
    if ls.lowering is None:
        from .workspace import LOWERING_MISSING

        message = LOWERING_MISSING or "the lowering check is not running"
        ls.notify(types.MessageType.Warning, message)
        return {"message": message, "failed": 0, "results": {}}
    names = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    targets = [a for a in names if isinstance(a, str)] or None
    try:
        return await ls.lowering.check(targets)
    except Exception as e:
        ls.log(types.MessageType.Error, f"lowering check failed:\n{traceback.format_exc()}")
        return {"message": f"lowering check failed: {type(e).__name__}: {e}", "failed": 0, "results": {}}
