"""`shardlint server`: the language server (pygls 2, LSP over stdio or TCP).

A thin adapter: the server keeps documents, workspace roots and settings; the handlers
(`server/features/`, one module per feature) call the engine (`analysis.check.Project`) and the
fix builder (`analysis.fixes`). Analysis runs on one worker thread and fixes on another, so the
event loop only ever queues work and answers."""

from __future__ import annotations

import asyncio
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
from shardlint.analysis import notebook
from shardlint.analysis.check import Project
from shardlint.analysis.diagnostics import Diagnostic
from shardlint.analysis.source import DecodeError, decode

from . import convert, output
from .features import notebooks
from .lsp_text import Document
from .settings import Settings, merged

log = logging.getLogger("shardlint.server")

_LEVELS = {"error": types.MessageType.Error, "warning": types.MessageType.Warning,
           "info": types.MessageType.Info, "debug": types.MessageType.Log}
_SHOWN = {"off": 0, "onError": types.MessageType.Error, "onWarning": types.MessageType.Warning,
          "always": types.MessageType.Log}


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
    """A workspace folder (or the project around a file opened outside every folder) and the
    state of its analysis (`features/diagnostics.py` drives it)."""

    folder: Path
    uri: str
    project: Project
    config: cfgmod.Config
    settings: dict = field(default_factory=dict)  # workspace/configuration for this folder
    results: dict[str, list[Diagnostic]] = field(default_factory=dict)  # last good, by abs path
    timer: asyncio.TimerHandle | None = None
    task: asyncio.Task | None = None
    again: bool = False
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    config_error: str | None = None
    # Paths whose buffer the client changed since the last analysis began: a pulling client asks
    # for these itself, any other document whose result changes needs a refresh.
    edited: set[str] = field(default_factory=set)
    # Paths whose result changed while their buffer was being edited again: published next run.
    unpublished: set[str] = field(default_factory=set)

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
    """pygls's protocol, with our own document store (`features/workspace.py` keeps it, and
    `features/notebooks.py` the notebooks and their cells) and with
    malformed messages answered (pygls would drop a request with invalid params and leave the
    client waiting)."""

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
        from .features import workspace

        workspace.did_open(self._server, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        from .features import workspace

        workspace.did_change(self._server, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        from .features import workspace

        workspace.did_close(self._server, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: types.DidOpenNotebookDocumentParams):
        notebooks.did_open(self._server, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(self, params: types.DidChangeNotebookDocumentParams):
        notebooks.did_change(self._server, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: types.DidCloseNotebookDocumentParams):
        notebooks.did_close(self._server, params)

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args):
        self._server.exit_now(0 if self._shutdown else 1)


class ShardlintServer(LanguageServer):
    def __init__(self):
        super().__init__("shardlint", output.version(), protocol_cls=ShardlintProtocol,
                         notebook_document_sync=notebooks.SYNC)
        self.docs: dict[str, Document] = {}  # by URI: text documents and notebook cells
        self.notebooks: dict[str, notebooks.OpenNotebook] = {}
        self.roots: dict[Path, Root] = {}
        self.raw_settings: dict = {}  # initializationOptions / didChangeConfiguration (global)
        self.settings = Settings()
        self.pull = False
        self.encoding: str = types.PositionEncodingKind.Utf16
        self.analysis = Worker("shardlint-analysis")
        self.fixer = Worker("shardlint-fixes")
        self.pushed: dict[str, list[types.Diagnostic]] = {}
        self.fix_cache: OrderedDict[str, tuple] = OrderedDict()
        self.lowering = None
        self.ids = itertools.count(1)

    # ---- messages ----------------------------------------------------------------------------

    def log(self, kind: types.MessageType, message: str) -> None:
        """window/logMessage, as far as `logLevel` lets it through (stderr has every error)."""
        getattr(log, {types.MessageType.Error: "error", types.MessageType.Warning: "warning"}.get(kind, "info"))(message)
        if kind > _LEVELS[self.settings.log_level]:
            return
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # no client connected yet (or any more)
            pass

    def notify(self, kind: types.MessageType, message: str) -> None:
        """Log, and show as a notification where `showNotifications` asks for this kind."""
        self.log(kind, message)
        if kind <= _SHOWN[self.settings.show_notifications]:
            try:
                self.window_show_message(types.ShowMessageParams(type=kind, message=message))
            except Exception:  # no client connected
                pass

    def report_server_error(self, error: Exception, source) -> None:
        self.log(types.MessageType.Error, f"{source.__name__}: {error}")

    def set_settings(self, raw: Any) -> None:
        """The global settings layer (initializationOptions, didChangeConfiguration)."""
        self.raw_settings = merged(raw)
        self.settings, problems = Settings.parse(self.raw_settings)
        for p in problems:
            self.notify(types.MessageType.Warning, p)

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

    def lowering_call(self, name: str, *args):
        """A call into the lowering feature that can never take a handler down with it."""
        if self.lowering is None:
            return None
        try:
            return getattr(self.lowering, name)(*args)
        except Exception:
            self.log(types.MessageType.Error, f"lowering {name} failed:\n{traceback.format_exc()}")
            return None

    def cap(self, dotted: str, default=None):
        return get_capability(self.client_capabilities, dotted, default)

    # ---- roots and configuration -------------------------------------------------------------

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

    def root_for(self, path: Path) -> Root:
        owners = [r for r in self.roots.values() if r.owns(path)]
        if owners:
            return max(owners, key=lambda r: len(r.folder.parts))
        found = cfgmod.find_config(path)
        return self.add_root(found.parent if found else path.parent)

    def configure(self, root: Root) -> None:
        """(Re)load pyproject and merge the editor settings under it. A bad value keeps the
        previous configuration and says why."""
        settings, problems = Settings.parse(merged(self.raw_settings, root.settings))
        try:
            cfg = cfgmod.from_editor_settings(cfgmod.load(root.folder), settings.engine())
            error = None
        except cfgmod.ConfigError as e:
            cfg, error = root.config, f"shardlint configuration error in {root.folder}: {e}"
        if error and error != root.config_error:
            self.notify(types.MessageType.Error, error)
        for p in problems:
            self.log(types.MessageType.Warning, f"{root.folder}: {p}")
        root.config_error = error
        if not settings.trusted:
            # An untrusted workspace may not name programs for shardlint to run.
            cfg = replace(cfg, python=None, lowering=replace(cfg.lowering, python=None, launcher=()))
        root.config = cfg
        self.analysis.submit(root.project.set_config, cfg)
        # The lowering feature serves one project: the root that configures targets (else the
        # only root).
        if cfg.lowering.targets or len(self.roots) == 1:
            self.lowering_call("configure", root.folder, cfg, settings.trusted)

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

    # ---- documents ---------------------------------------------------------------------------

    def doc_for_path(self, path: str) -> Document | None:
        for d in self.docs.values():
            if d.path is not None and str(d.path) == path:
                return d
        return None

    def uri_for(self, path: str) -> str:
        """The URI of a file (of its open document), or of an open cell (a key `notebooks.place`
        gives)."""
        if path in self.docs:
            return path
        d = self.doc_for_path(path)
        return d.uri if d is not None else from_fs_path(path)

    def version_of(self, uri: str) -> int | None:
        d = self.docs.get(uri)
        if d is None and uri in self.notebooks:
            return self.notebooks[uri].version
        return d.version if d is not None else None

    def lines_of(self, cache: dict) -> Callable[[str], list[str]]:
        """`lines(path)`: the open buffer's lines (an open cell's, by its URI), else the file's on
        disk; memoised in `cache`."""

        def lines(path: str) -> list[str]:
            if path not in cache:
                d = self.docs.get(path) or self.doc_for_path(path)
                cache[path] = d.lines if d is not None else convert.disk_lines(path)
            return cache[path]

        return lines

    def snapshot_reader(self) -> Callable[[str], str]:
        """A `read(path) -> text` over the open buffers as they are now, else the disk (a file
        that vanished reads as empty): what the fix builder edits (a notebook's program). Safe
        to call from another thread."""
        texts = {str(d.path): d.text for d in self.docs.values() if d.path is not None}
        texts.update({str(nb.path): notebooks.program_text(self, str(nb.path), None)
                      for nb in self.notebooks.values()})

        def read(path: str) -> str:
            p = str(Path(path).resolve())
            if p in texts:
                return texts[p]
            try:
                return notebooks.program_text(self, p, decode(Path(p).read_bytes()))
            except (OSError, DecodeError):
                return ""

        return read

    def workspace_edit(self, edits, read: Callable[[str], str]) -> types.WorkspaceEdit:
        """Engine edits as one workspace edit; those of a notebook become edits of its cells."""
        by_uri: dict[str, list[types.TextEdit]] = {}
        plain, cells = [], {}
        for e in edits:
            p = str(Path(e.path).resolve())
            if notebook.is_notebook(p) and self.doc_for_path(p) is None:
                cells.setdefault(p, []).append(e)
            else:
                plain.append(e)
        by_uri.update(convert.text_edits(plain, read, self.uri_for, self.encoding))
        for p, es in cells.items():
            by_uri.update(notebooks.text_edits(self, p, es))
        return convert.assemble(by_uri, self.version_of,
                                self.cap("workspace.workspace_edit.document_changes", False))

    def remember(self, payload: tuple) -> str:
        """An id for a code action's deferred edit (codeAction/resolve); the last 256 are kept."""
        key = str(next(self.ids))
        self.fix_cache[key] = payload
        while len(self.fix_cache) > 256:
            self.fix_cache.popitem(last=False)
        return key


def build() -> ShardlintServer:
    from .features import register

    ls = ShardlintServer()
    register(ls)
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
