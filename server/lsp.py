"""`shardlint server`: the language server (pygls 2, LSP over stdio or TCP).

A thin adapter: handlers keep documents and roots, and call the engine (`analysis.check.Project`)
and the fix builder (`analysis.fixes`). Analysis runs on one worker thread, debounced; an edit
that arrives while a run is in flight queues one more run, and results for buffers that changed
in the meantime are not published (the next run publishes them). Diagnostics are pushed
(`textDocument/publishDiagnostics`), or pulled (`textDocument/diagnostic`,
`workspace/diagnostic`) when the client says it pulls: one mode per client."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import os
import queue
import sys
import threading
import traceback
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import from_fs_path

from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import Project
from shardlint.analysis.diagnostics import Diagnostic, Severity
from shardlint.analysis.rules import ALL_RULES
from shardlint.analysis.source import DecodeError, decode

from . import output
from .lsp_text import Document, split_lines, to_char_index, to_client_col, uri_to_path

log = logging.getLogger("shardlint.server")

SOURCE = "shardlint"
FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.shardlint"
CHECK_LOWERING = "shardlint.checkLowering"
FIX_ALL_COMMAND = "shardlint.fixAll"
DEBOUNCE_S = 0.03  # an edit waits this long for the next keystroke before analysis starts
SETTLE_TIMEOUT_S = 30.0  # a pull or code action waits at most this long for a pending analysis

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

try:
    from .lsp_lowering import LoweringFeature
except ImportError as _e:  # the lowering check is optional; static diagnostics never depend on it
    LoweringFeature = None
    _LOWERING_MISSING = f"the lowering check is unavailable ({_e}); static diagnostics are unaffected"
else:
    _LOWERING_MISSING = ""


class Worker:
    """One daemon thread running submitted calls in order; results come back as asyncio
    futures. Daemon, so that `exit` never waits for an analysis in flight."""

    def __init__(self, name: str):
        self._q: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._loop, name=name, daemon=True).start()

    def submit(self, fn: Callable, *args) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._q.put((loop, fut, fn, args))
        return fut

    def _loop(self) -> None:
        while True:
            loop, fut, fn, args = self._q.get()
            try:
                res, err = fn(*args), None
            except Exception as e:  # handed to the awaiting coroutine, which logs it
                res, err = None, e
            try:
                loop.call_soon_threadsafe(_settle_future, fut, res, err)
            except RuntimeError:  # the loop is closed: the server is exiting
                return


def _settle_future(fut: asyncio.Future, res, err) -> None:
    if fut.done():
        return
    if err is not None:
        fut.set_exception(err)
    else:
        fut.set_result(res)


@dataclass
class Root:
    """A workspace folder (or the project around a file opened outside every folder)."""

    folder: Path
    uri: str
    project: Project
    config: cfgmod.Config
    settings: dict = field(default_factory=dict)  # workspace/configuration for this folder
    results: dict[str, list[Diagnostic]] = field(default_factory=dict)  # last good, by abs path
    generation: int = 0
    timer: asyncio.TimerHandle | None = None
    task: asyncio.Task | None = None
    again: bool = False
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    config_error: str | None = None

    def owns(self, path: Path) -> bool:
        return path == self.folder or self.folder in path.parents

    def sync_and_analyse(self, overlays: dict[Path, str]):
        """Runs on the worker thread: the project's open buffers become `overlays`."""
        for p in [p for p in self.project.overlays if p not in overlays]:
            self.project.close(p)
        for p, text in overlays.items():
            self.project.open(p, text)
        return self.project.diagnostics()


class _Malformed:
    """A message whose params do not match the method's schema (see `ShardlintProtocol`)."""

    jsonrpc = "2.0"

    def __init__(self, data: dict, error: Exception):
        self.data = data
        self.error = error


class ShardlintProtocol(LanguageServerProtocol):
    """pygls's protocol, with our own document store and with malformed messages answered
    (pygls would drop a request with invalid params and leave the client waiting)."""

    _server: "ShardlintServer"

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except Exception as e:
            if "jsonrpc" in data and "method" in data:
                return _Malformed(data, e)
            raise

    def handle_message(self, message):
        if isinstance(message, _Malformed):
            method = message.data.get("method")
            cause = message.error.__cause__ or message.error
            self._server.log(types.MessageType.Error, f"ignored malformed {method!r} message: {cause}")
            if "id" in message.data:
                err = JsonRpcInvalidParams(f"invalid params for {method}: {cause}")
                self._send_response(message.data["id"], None, err.to_response_error())
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams):
        self._server.did_open(params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        self._server.did_change(params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        self._server.did_close(params)

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args):
        self._server.exit_now(0 if self._shutdown else 1)


class ShardlintServer(LanguageServer):
    def __init__(self):
        super().__init__("shardlint", output.VERSION, protocol_cls=ShardlintProtocol)
        self.docs: dict[str, Document] = {}
        self.roots: dict[Path, Root] = {}
        self.settings: dict = {}  # initializationOptions / didChangeConfiguration (global)
        self.pull = False
        self.encoding: str = types.PositionEncodingKind.Utf16
        self.analysis = Worker("shardlint-analysis")
        self.fixer = Worker("shardlint-fixes")
        self.pushed: dict[str, list[types.Diagnostic]] = {}
        self.reported_ids: dict[str, str] = {}
        self.fix_cache: OrderedDict[str, tuple] = OrderedDict()
        self.lowering = None
        self._ids = itertools.count(1)
        self._initialized = False

    # ---- logging ---------------------------------------------------------------------------

    def log(self, kind: types.MessageType, message: str) -> None:
        getattr(log, {types.MessageType.Error: "error", types.MessageType.Warning: "warning"}.get(kind, "info"))(message)
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # no client connected yet (or any more)
            pass

    def report_server_error(self, error: Exception, source) -> None:
        self.log(types.MessageType.Error, f"{source.__name__}: {error}")

    def exit_now(self, code: int) -> None:
        """`exit`: stop the lowering workers and leave at once (analysis threads are daemons)."""
        self.stop_lowering()
        try:
            sys.stdout.flush()
        finally:
            os._exit(code)

    def stop_lowering(self) -> None:
        if self.lowering is not None:
            try:
                self.lowering.shutdown()
            except Exception:
                log.exception("lowering shutdown failed")
            self.lowering = None

    # ---- capabilities ----------------------------------------------------------------------

    def cap(self, dotted: str, default=None):
        return get_capability(self.client_capabilities, dotted, default)

    # ---- roots and configuration -----------------------------------------------------------

    def add_root(self, folder: Path, uri: str | None = None) -> Root:
        folder = folder.resolve()
        root = self.roots.get(folder)
        if root is None:
            cfg = cfgmod.Config(root=folder)
            root = Root(folder, uri or from_fs_path(str(folder)), Project(folder, cfg), cfg)
            root.idle.set()
            self.roots[folder] = root
            self.configure(root)
        return root

    def remove_root(self, folder: Path) -> None:
        root = self.roots.pop(folder.resolve(), None)
        if root is None:
            return
        if root.timer:
            root.timer.cancel()
        for path in root.results:
            self.publish_path(path, [])

    def root_for(self, path: Path) -> Root:
        owners = [r for r in self.roots.values() if r.owns(path)]
        if owners:
            return max(owners, key=lambda r: len(r.folder.parts))
        found = cfgmod.find_config(path)
        return self.add_root(found.parent if found else path.parent)

    def configure(self, root: Root) -> None:
        """(Re)load pyproject and merge the editor settings under it. A bad value keeps the
        previous configuration and says why."""
        settings = {**self.settings, **root.settings}
        try:
            cfg = cfgmod.from_editor_settings(cfgmod.load(root.folder), settings)
            error = None
        except cfgmod.ConfigError as e:
            cfg, error = root.config, f"shardlint configuration error in {root.folder}: {e}"
        if error and error != root.config_error:
            self.log(types.MessageType.Error, error)
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=error))
        root.config_error = error
        trusted = settings.get("trusted", True) is not False
        if not trusted:
            # An untrusted workspace may not name programs for shardlint to run.
            cfg = replace(cfg, python=None, lowering=replace(cfg.lowering, python=None, launcher=()))
        root.config = cfg
        self.analysis.submit(root.project.set_config, cfg)
        # The lowering feature serves one project: the root that configures targets (else the
        # only root).
        if self.lowering is not None and (cfg.lowering.targets or len(self.roots) == 1):
            try:
                self.lowering.configure(root.folder, cfg, trusted)
            except Exception:
                self.log(types.MessageType.Error, "lowering configure failed:\n" + traceback.format_exc())

    async def pull_settings(self) -> None:
        """workspace/configuration for every root (section `shardlint`), where supported."""
        if not self.cap("workspace.configuration", False) or not self.roots:
            return
        roots = list(self.roots.values())
        items = [types.ConfigurationItem(scope_uri=r.uri, section="shardlint") for r in roots]
        try:
            values = await asyncio.wait_for(
                self.workspace_configuration_async(types.ConfigurationParams(items=items)), 10)
        except Exception as e:
            self.log(types.MessageType.Warning, f"workspace/configuration failed: {e!r}")
            return
        for root, value in zip(roots, values or []):
            root.settings = value if isinstance(value, dict) else {}

    # ---- documents -------------------------------------------------------------------------

    def did_open(self, params: types.DidOpenTextDocumentParams) -> None:
        td = params.text_document
        doc = Document(td.uri, td.text, td.version)
        self.docs[td.uri] = doc
        if doc.path is None:
            self.log(types.MessageType.Info, f"not analysing {td.uri}: not a file")
            return
        self.schedule(self.root_for(doc.path))

    def did_change(self, params: types.DidChangeTextDocumentParams) -> None:
        doc = self.docs.get(params.text_document.uri)
        if doc is None:
            self.log(types.MessageType.Warning, f"didChange for a document that is not open: {params.text_document.uri}")
            return
        for change in params.content_changes:
            doc.apply(change, self.encoding)
        doc.version = params.text_document.version
        if doc.path is not None:
            self.schedule(self.root_for(doc.path))
            if self.lowering is not None:
                self._lowering_call("on_change", doc.uri)

    def did_close(self, params: types.DidCloseTextDocumentParams) -> None:
        doc = self.docs.pop(params.text_document.uri, None)
        if doc is not None and doc.path is not None:
            self.schedule(self.root_for(doc.path))

    def doc_for_path(self, path: str) -> Document | None:
        for d in self.docs.values():
            if d.path is not None and str(d.path) == path:
                return d
        return None

    def uri_for(self, path: str) -> str:
        d = self.doc_for_path(path)
        return d.uri if d is not None else from_fs_path(path)

    def snapshot_reader(self) -> Callable[[str], str]:
        """A `read(path) -> text` over the open buffers as they are now, else the disk (a file
        that vanished reads as empty). Safe to call from another thread."""
        texts = {str(d.path): d.text for d in self.docs.values() if d.path is not None}

        def read(path: str) -> str:
            p = str(Path(path).resolve())
            if p in texts:
                return texts[p]
            try:
                return decode(Path(p).read_bytes())
            except (OSError, DecodeError):
                return ""

        return read

    # ---- analysis scheduling ---------------------------------------------------------------

    def schedule(self, root: Root, delay: float = DEBOUNCE_S) -> None:
        root.generation += 1
        root.idle.clear()
        if root.timer is not None:
            root.timer.cancel()
        root.timer = asyncio.get_running_loop().call_later(delay, self._kick, root)

    def _kick(self, root: Root) -> None:
        root.timer = None
        if root.task is not None and not root.task.done():
            root.again = True
            return
        root.task = asyncio.ensure_future(self.run_analysis(root))

    async def run_analysis(self, root: Root, progress: str | None = None) -> None:
        try:
            while True:
                root.again = False
                await self._analyse_once(root, progress)
                progress = None
                if not root.again:
                    break
        finally:
            root.task = None
            if root.timer is None and not root.again:
                root.idle.set()

    async def _analyse_once(self, root: Root, progress: str | None) -> None:
        overlays: dict[Path, str] = {}
        versions: dict[str, int | None] = {}
        for d in self.docs.values():
            if d.path is not None and self.root_for(d.path) is root:
                overlays[d.path] = d.text
                versions[str(d.path)] = d.version
        try:
            result, skipped = await self.analysis.submit(root.sync_and_analyse, overlays)
        except Exception:
            self.log(types.MessageType.Error,
                     f"analysis of {root.folder} failed; keeping the last diagnostics:\n{traceback.format_exc()}")
            return
        if progress is not None:
            n = sum(len(v) for v in result.values())
            self.work_done_progress.report(progress, types.WorkDoneProgressReport(
                message=f"{len(result)} files, {n} diagnostics"))
        for path, why in skipped:
            log.info("skipped %s: %s", path, why)
        old = root.results
        root.results = result
        changed = [p for p in set(old) | set(result) if old.get(p, []) != result.get(p, [])]
        fresh = [p for p in changed if p not in versions or self._version_of(p) == versions[p]]
        if self.pull:
            edited = set(versions)
            if any(p not in edited for p in changed) and self.cap("workspace.diagnostics.refresh_support", False):
                self.workspace_diagnostic_refresh(None)
            return
        for p in fresh:
            self.publish_path(p)

    def _version_of(self, path: str) -> int | None:
        d = self.doc_for_path(path)
        return d.version if d is not None else None

    async def settle(self, root: Root) -> None:
        try:
            await asyncio.wait_for(root.idle.wait(), SETTLE_TIMEOUT_S)
        except asyncio.TimeoutError:
            self.log(types.MessageType.Warning, f"analysis of {root.folder} still running; answering with the last results")

    async def scan(self, root: Root) -> None:
        """The start-up scan of a workspace folder, reported with $/progress."""
        token = None
        if self.cap("window.work_done_progress", False):
            token = f"shardlint-scan-{next(self._ids)}"
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(token, types.WorkDoneProgressBegin(
                    title="shardlint", message=f"scanning {root.folder.name or root.folder}"))
            except Exception as e:
                self.log(types.MessageType.Warning, f"progress unavailable: {e!r}")
                token = None
        root.generation += 1
        root.idle.clear()
        if root.task is not None and not root.task.done():
            root.again = True
            await root.task
        else:
            root.task = asyncio.ensure_future(self.run_analysis(root, token))
            await root.task
        if token is not None:
            n = sum(len(v) for v in root.results.values())
            self.work_done_progress.end(token, types.WorkDoneProgressEnd(
                message=f"{len(root.results)} files checked, {n} diagnostics"))

    # ---- diagnostics -----------------------------------------------------------------------

    def _lines(self, path: str, cache: dict) -> list[str]:
        if path not in cache:
            d = self.doc_for_path(path)
            if d is not None:
                cache[path] = d.lines
            else:
                try:
                    cache[path] = split_lines(decode(Path(path).read_bytes()))
                except (OSError, DecodeError):
                    cache[path] = []
        return cache[path]

    def position(self, lines: list[str], line: int, column: int) -> types.Position:
        """1-based line and character column → LSP position in the client's units."""
        ln = max(line - 1, 0)
        col = max(column - 1, 0)
        if ln < len(lines) and self.encoding != types.PositionEncodingKind.Utf32:
            col = to_client_col(lines[ln], col, self.encoding)
        return types.Position(line=ln, character=col)

    def to_lsp(self, d: Diagnostic, cache: dict) -> types.Diagnostic:
        lines = self._lines(d.path, cache)
        rule = ALL_RULES.get(d.code)
        related = [
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=self.uri_for(r.path), range=types.Range(
                    start=(p := self.position(self._lines(r.path, cache), r.line, r.column)), end=p)),
                message=r.message)
            for r in d.related
        ]
        return types.Diagnostic(
            range=types.Range(start=self.position(lines, d.line, d.column),
                              end=self.position(lines, d.end_line, d.end_column)),
            message=d.message,
            severity=_SEVERITY[d.severity],
            code=d.code,
            code_description=types.CodeDescription(href=rule.url) if rule else None,
            source=SOURCE,
            related_information=related or None,
        )

    def lsp_diagnostics(self, path: str, cache: dict | None = None) -> list[types.Diagnostic]:
        cache = {} if cache is None else cache
        root = self.root_for(Path(path))
        items = [self.to_lsp(d, cache) for d in root.results.get(path, [])]
        if self.lowering is not None:
            items.extend(self._lowering_call("diagnostics", self.uri_for(path)) or [])
        return items

    def publish_path(self, path: str, items: list[types.Diagnostic] | None = None) -> None:
        if self.pull:
            return
        uri = self.uri_for(path)
        if items is None:
            items = self.lsp_diagnostics(path)
        if self.pushed.get(uri, []) == items:
            return
        if items:
            self.pushed[uri] = items
        else:
            self.pushed.pop(uri, None)
        doc = self.docs.get(uri)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=items, version=doc.version if doc else None))

    def lowering_changed(self, uri: str | None = None) -> None:
        """The lowering feature's `publish` callback: its diagnostics for `uri` (None: any) changed."""
        if self.pull:
            if self.cap("workspace.diagnostics.refresh_support", False):
                self.workspace_diagnostic_refresh(None)
            return
        if uri is None:
            for p in {p for r in self.roots.values() for p in r.results} | {
                str(uri_to_path(u)) for u in self.pushed if uri_to_path(u)}:
                self.publish_path(p)
            return
        path = uri_to_path(uri)
        if path is not None:
            self.publish_path(str(path))

    def _lowering_call(self, name: str, *args):
        try:
            return getattr(self.lowering, name)(*args)
        except Exception:
            self.log(types.MessageType.Error, f"lowering {name} failed:\n{traceback.format_exc()}")
            return None

    @staticmethod
    def result_id(items: list[types.Diagnostic]) -> str:
        return hashlib.blake2b(repr(items).encode(), digest_size=12).hexdigest()

    # ---- fixes -----------------------------------------------------------------------------

    def workspace_edit(self, edits, read: Callable[[str], str]) -> types.WorkspaceEdit:
        by_uri: dict[str, list[types.TextEdit]] = {}
        cache: dict[str, list[str]] = {}
        for e in edits:
            lines = cache.setdefault(e.path, split_lines(read(e.path)))
            rng = types.Range(start=self.position(lines, e.line, e.column),
                              end=self.position(lines, e.end_line, e.end_column))
            by_uri.setdefault(self.uri_for(str(Path(e.path).resolve())), []).append(
                types.TextEdit(range=rng, new_text=e.new_text))
        if self.cap("workspace.workspace_edit.document_changes", False):
            return types.WorkspaceEdit(document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=uri, version=self.docs[uri].version if uri in self.docs else None),
                    edits=tes)
                for uri, tes in by_uri.items()])
        return types.WorkspaceEdit(changes=by_uri)

    def remember_fix(self, payload: tuple) -> str:
        key = str(next(self._ids))
        self.fix_cache[key] = payload
        while len(self.fix_cache) > 256:
            self.fix_cache.popitem(last=False)
        return key



def build() -> ShardlintServer:
    ls = ShardlintServer()

    @ls.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        ls.encoding = ls.workspace.position_encoding or types.PositionEncodingKind.Utf16
        ls.pull = get_capability(params.capabilities, "text_document.diagnostic") is not None
        opts = params.initialization_options
        if isinstance(opts, dict):
            ls.settings = opts.get("shardlint") if isinstance(opts.get("shardlint"), dict) else opts
        if LoweringFeature is not None:
            try:
                ls.lowering = LoweringFeature(ls, ls.lowering_changed)
            except Exception:
                log.exception("lowering feature failed to start")
        folders = params.workspace_folders or []
        for f in folders:
            if (p := uri_to_path(f.uri)) is not None:
                ls.add_root(p, f.uri)
        if not folders and params.root_uri and (p := uri_to_path(params.root_uri)) is not None:
            ls.add_root(p, params.root_uri)
        elif not folders and params.root_path:
            ls.add_root(Path(params.root_path))

    @ls.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        ls._initialized = True
        if _LOWERING_MISSING:
            ls.log(types.MessageType.Warning, _LOWERING_MISSING)
        ls.log(types.MessageType.Info, f"shardlint {output.VERSION}: {'pull' if ls.pull else 'push'} diagnostics, "
                                       f"position encoding {ls.encoding}")
        if ls.cap("workspace.did_change_watched_files.dynamic_registration", False):
            watchers = [types.FileSystemWatcher(glob_pattern="**/pyproject.toml"),
                        types.FileSystemWatcher(glob_pattern="**/*.py")]
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
                    id="shardlint-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
            except Exception as e:
                ls.log(types.MessageType.Warning, f"cannot watch pyproject.toml and *.py files: {e}")
        await ls.pull_settings()
        for root in list(ls.roots.values()):
            ls.configure(root)
        for root in list(ls.roots.values()):
            await ls.scan(root)

    @ls.feature(types.SHUTDOWN)
    def shutdown(params) -> None:
        ls.stop_lowering()

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        if ls.lowering is not None:
            ls._lowering_call("on_save", params.text_document.uri)

    @ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        s = params.settings
        if isinstance(s, dict):
            ls.settings = s["shardlint"] if isinstance(s.get("shardlint"), dict) else s
        await ls.pull_settings()
        for root in list(ls.roots.values()):
            ls.configure(root)
            ls.schedule(root, 0)

    @ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        touched: set[Path] = set()
        for ev in params.changes:
            path = uri_to_path(ev.uri)
            if path is None:
                continue
            for root in ls.roots.values():
                if path.name == "pyproject.toml" and (root.owns(path) or path.parent in root.folder.parents):
                    ls.configure(root)
                    touched.add(root.folder)
                elif path.suffix == ".py" and root.owns(path):
                    ls.analysis.submit(root.project.forget, path)
                    touched.add(root.folder)
        for folder in touched:
            if folder in ls.roots:
                ls.schedule(ls.roots[folder])

    @ls.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    async def did_change_folders(params: types.DidChangeWorkspaceFoldersParams) -> None:
        for f in params.event.removed:
            if (p := uri_to_path(f.uri)) is not None:
                ls.remove_root(p)
        added = []
        for f in params.event.added:
            if (p := uri_to_path(f.uri)) is not None:
                added.append(ls.add_root(p, f.uri))
        await ls.pull_settings()
        for root in added:
            ls.configure(root)
            await ls.scan(root)

    # ---- pull diagnostics ------------------------------------------------------------------

    @ls.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier=SOURCE, inter_file_dependencies=True, workspace_diagnostics=True))
    async def document_diagnostic(params: types.DocumentDiagnosticParams):
        path = uri_to_path(params.text_document.uri)
        items: list[types.Diagnostic] = []
        if path is not None:
            await ls.settle(ls.root_for(path))
            items = ls.lsp_diagnostics(str(path))
        rid = ls.result_id(items)
        if params.previous_result_id == rid:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=rid)
        return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=rid)

    @ls.feature(types.WORKSPACE_DIAGNOSTIC)
    async def workspace_diagnostic(params: types.WorkspaceDiagnosticParams):
        previous = {p.uri: p.value for p in params.previous_result_ids}
        reports = []
        for root in list(ls.roots.values()):
            await ls.settle(root)
            cache: dict = {}
            for path in sorted(root.results):
                uri = ls.uri_for(path)
                items = ls.lsp_diagnostics(path, cache)
                if not items and uri not in previous:
                    continue
                rid = ls.result_id(items)
                version = ls.docs[uri].version if uri in ls.docs else None
                if previous.get(uri) == rid:
                    reports.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                        uri=uri, version=version, result_id=rid))
                else:
                    reports.append(types.WorkspaceFullDocumentDiagnosticReport(
                        uri=uri, version=version, items=items, result_id=rid))
        return types.WorkspaceDiagnosticReport(items=reports)

    # ---- code actions ----------------------------------------------------------------------

    def wants(only, kind: str) -> bool:
        return not only or any(kind == k or kind.startswith(k + ".") for k in only)

    def at_range(path: str, rng: types.Range, context: types.CodeActionContext) -> list[Diagnostic]:
        doc = ls.doc_for_path(path)
        lines = doc.lines if doc else ls._lines(path, {})
        root = ls.root_for(Path(path))

        def char_pos(p: types.Position) -> tuple[int, int]:
            line = lines[p.line] if p.line < len(lines) else ""
            return p.line + 1, to_char_index(line, p.character, ls.encoding) + 1

        a, b = char_pos(rng.start), char_pos(rng.end)
        hits = [d for d in root.results.get(path, [])
                if (d.line, d.column) <= b and (d.end_line, d.end_column) >= a]
        ours = [(c.code, c.range.start.line) for c in context.diagnostics if c.source == SOURCE]
        if ours:
            hits = [d for d in hits if (d.code, d.line - 1) in ours] or hits
        return hits

    @ls.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True))
    async def code_action(params: types.CodeActionParams):
        path = uri_to_path(params.text_document.uri)
        if path is None:
            return None
        root = ls.root_for(path)
        await ls.settle(root)
        from shardlint.analysis import fixes

        spath = str(path)
        lazy = "edit" in (ls.cap("text_document.code_action.resolve_support.properties", []) or [])
        read = ls.snapshot_reader()
        only = params.context.only
        actions: list[types.CodeAction] = []
        cache: dict = {}
        if wants(only, types.CodeActionKind.QuickFix):
            for d in at_range(spath, params.range, params.context):
                found = await ls.fixer.submit(fixes.fixes_for, d, read, root.config)
                for i, fix in enumerate(found):
                    action = types.CodeAction(
                        title=fix.title, kind=types.CodeActionKind.QuickFix,
                        diagnostics=[ls.to_lsp(d, cache)], is_preferred=i == 0)
                    if lazy:
                        action.data = {"id": ls.remember_fix(("fix", fix)), "uri": params.text_document.uri}
                    else:
                        action.edit = ls.workspace_edit(fix.edits, read)
                    actions.append(action)
        if wants(only, FIX_ALL_KIND) and root.results.get(spath):
            action = types.CodeAction(title="shardlint: apply all safe fixes", kind=FIX_ALL_KIND)
            if lazy:
                action.data = {"id": ls.remember_fix(("all", spath)), "uri": params.text_document.uri}
                actions.append(action)
            else:
                edits = await ls.fixer.submit(fixes.fix_all, spath, read(spath), root.results[spath], root.config, False, read)
                if edits:
                    action.edit = ls.workspace_edit(edits, read)
                    actions.append(action)
        return actions

    @ls.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        payload = ls.fix_cache.get(str(data.get("id")))
        if payload is None:
            ls.log(types.MessageType.Warning, f"code action {action.title!r} is stale; ask for code actions again")
            return action
        from shardlint.analysis import fixes

        read = ls.snapshot_reader()
        if payload[0] == "fix":
            action.edit = ls.workspace_edit(payload[1].edits, read)
        else:
            spath = payload[1]
            root = ls.root_for(Path(spath))
            await ls.settle(root)
            edits = await ls.fixer.submit(fixes.fix_all, spath, read(spath), root.results.get(spath, []), root.config, False, read)
            action.edit = ls.workspace_edit(edits, read)
        return action

    # ---- hover, code lens, commands --------------------------------------------------------

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams):
        path = uri_to_path(params.text_document.uri)
        if path is None:
            return None
        root = ls.root_for(path)
        await ls.settle(root)
        cache: dict = {}
        lines = ls._lines(str(path), cache)
        line = lines[params.position.line] if params.position.line < len(lines) else ""
        at = (params.position.line + 1, to_char_index(line, params.position.character, ls.encoding) + 1)
        hits = [d for d in root.results.get(str(path), [])
                if (d.line, d.column) <= at < (d.end_line, d.end_column)]
        if not hits:
            return None
        markdown = types.MarkupKind.Markdown in (ls.cap("text_document.hover.content_format", []) or [])
        parts = []
        for d in hits:
            rule = ALL_RULES.get(d.code)
            if rule is None:
                parts.append(f"{d.code}: {d.message}")
            elif markdown:
                parts.append(f"**{rule.code} {rule.name}**: {d.message}\n\nJAX raises:\n```text\n{rule.jax_error}\n```\n"
                             f"**Fix:** {rule.fix} ([docs]({rule.url}))")
            else:
                parts.append(f"{rule.code} {rule.name}: {d.message}\n\nJAX raises:\n{rule.jax_error}\n\n"
                             f"Fix: {rule.fix}\nDocs: {rule.url}")
        d = hits[0]
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText,
                                         value=("\n\n---\n\n" if markdown else "\n\n").join(parts)),
            range=types.Range(start=ls.position(lines, d.line, d.column), end=ls.position(lines, d.end_line, d.end_column)))

    @ls.feature(types.TEXT_DOCUMENT_CODE_LENS)
    def code_lens(params: types.CodeLensParams):
        if ls.lowering is None:
            return []
        return ls._lowering_call("code_lenses", params.text_document.uri) or []

    @ls.command(CHECK_LOWERING)
    async def check_lowering(*args):
        if ls.lowering is None:
            msg = _LOWERING_MISSING or "the lowering check is not running"
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=msg))
            return None
        # From a code lens: the target names as arguments; from a client: one list, or nothing.
        names = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
        targets = [a for a in names if isinstance(a, str)] or None
        try:
            return await ls.lowering.check(targets)
        except Exception:
            ls.log(types.MessageType.Error, f"lowering check failed:\n{traceback.format_exc()}")
            return None

    @ls.command(FIX_ALL_COMMAND)
    async def fix_all_command(*args):
        """`shardlint.fixAll [uri]`: apply every safe fix of the file through workspace/applyEdit."""
        uri = args[0] if args and isinstance(args[0], str) else None
        path = uri_to_path(uri) if uri else None
        if path is None:
            raise JsonRpcInvalidParams(f"{FIX_ALL_COMMAND} needs the file URI as its argument")
        from shardlint.analysis import fixes

        root = ls.root_for(path)
        await ls.settle(root)
        read = ls.snapshot_reader()
        spath = str(path)
        edits = await ls.fixer.submit(fixes.fix_all, spath, read(spath), root.results.get(spath, []), root.config, False, read)
        if not edits:
            return {"applied": 0}
        res = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(
            edit=ls.workspace_edit(edits, read), label="shardlint: fix all"))
        return {"applied": len(edits) if res.applied else 0}

    return ls


def serve(tcp: bool = False, host: str = "127.0.0.1", port: int = 2087) -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="shardlint-server %(levelname)s %(name)s: %(message)s")
    ls = build()
    try:
        if tcp:
            ls.start_tcp(host, port)
        else:
            ls.start_io()
    finally:
        ls.stop_lowering()
