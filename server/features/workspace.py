"""The session and its workspace: initialize/shutdown, open documents, settings, workspace
folders and watched files. Every event that can change what a file's diagnostics are ends in
`diagnostics.schedule` of the root it touches."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.capabilities import get_capability

from .. import output
from ..lsp_text import Document, uri_to_path
from . import diagnostics, feature

if TYPE_CHECKING:
    from ..lsp import ShardlintServer

try:
    from .lowering import LoweringFeature
except ImportError as _e:  # the lowering check is optional; static diagnostics never depend on it
    LoweringFeature = None
    LOWERING_MISSING = f"the lowering check is unavailable ({_e}); static diagnostics are unaffected"
else:
    LOWERING_MISSING = ""


@feature(types.INITIALIZE)
def initialize(ls: ShardlintServer, params: types.InitializeParams) -> None:
    ls.encoding = ls.workspace.position_encoding or types.PositionEncodingKind.Utf16
    ls.pull = get_capability(params.capabilities, "text_document.diagnostic") is not None
    ls.set_settings(params.initialization_options)
    if LoweringFeature is not None:
        try:
            ls.lowering = LoweringFeature(ls, lambda uri=None: diagnostics.lowering_changed(ls, uri),
                                          lambda path: ls.lines_of({})(path))
        except Exception as e:
            ls.log(types.MessageType.Error, f"the lowering check failed to start: {e!r}")
    folders = params.workspace_folders or []
    for f in folders:
        if (p := uri_to_path(f.uri)) is not None:
            ls.add_root(p, f.uri)
    if not folders and params.root_uri and (p := uri_to_path(params.root_uri)) is not None:
        ls.add_root(p, params.root_uri)
    elif not folders and params.root_path:
        ls.add_root(Path(params.root_path))


@feature(types.INITIALIZED)
async def initialized(ls: ShardlintServer, params: types.InitializedParams) -> None:
    if LOWERING_MISSING:
        ls.log(types.MessageType.Warning, LOWERING_MISSING)
    ls.log(types.MessageType.Info, f"shardlint {output.version()} ({sys.executable}): "
                                   f"{'pull' if ls.pull else 'push'} diagnostics, position encoding {getattr(ls.encoding, 'value', ls.encoding)}")
    if ls.cap("workspace.did_change_watched_files.dynamic_registration", False):
        watchers = [types.FileSystemWatcher(glob_pattern="**/pyproject.toml"),
                    types.FileSystemWatcher(glob_pattern="**/*.py"),
                    types.FileSystemWatcher(glob_pattern="**/*.ipynb")]
        try:
            await ls.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
                id="shardlint-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
        except Exception as e:
            ls.log(types.MessageType.Warning, f"cannot watch pyproject.toml, *.py and *.ipynb files: {e}")
    await ls.pull_settings()
    for root in list(ls.roots.values()):
        ls.configure(root)
    for root in list(ls.roots.values()):
        await diagnostics.scan(ls, root)


@feature(types.SHUTDOWN)
def shutdown(ls: ShardlintServer, params) -> None:
    ls.stop_lowering()


# ---- documents (the protocol routes didOpen/didChange/didClose here: see lsp.ShardlintProtocol) ----

def did_open(ls: ShardlintServer, params: types.DidOpenTextDocumentParams) -> None:
    td = params.text_document
    doc = Document(td.uri, td.text, td.version)
    ls.docs[td.uri] = doc
    if doc.path is None:
        ls.log(types.MessageType.Info, f"not analysing {td.uri}: not a file")
        return
    root = ls.root_for(doc.path)
    root.edited.add(str(doc.path))
    diagnostics.schedule(ls, root)


def did_change(ls: ShardlintServer, params: types.DidChangeTextDocumentParams) -> None:
    doc = ls.docs.get(params.text_document.uri)
    if doc is None:
        ls.log(types.MessageType.Warning, f"didChange for a document that is not open: {params.text_document.uri}")
        return
    for change in params.content_changes:
        doc.apply(change, ls.encoding)
    doc.version = params.text_document.version
    if doc.path is not None:
        root = ls.root_for(doc.path)
        root.edited.add(str(doc.path))
        diagnostics.schedule(ls, root)
        ls.lowering_call("on_change", doc.uri)


def did_close(ls: ShardlintServer, params: types.DidCloseTextDocumentParams) -> None:
    doc = ls.docs.pop(params.text_document.uri, None)
    if doc is not None and doc.path is not None:
        diagnostics.schedule(ls, ls.root_for(doc.path))


@feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
def did_save(ls: ShardlintServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.lowering_call("on_save", params.text_document.uri)


# ---- settings, folders, files ---------------------------------------------------------------

@feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: ShardlintServer, params: types.DidChangeConfigurationParams) -> None:
    if isinstance(params.settings, dict):
        ls.set_settings(params.settings)
    await ls.pull_settings()
    for root in list(ls.roots.values()):
        ls.configure(root)
        diagnostics.schedule(ls, root, 0)


@feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: ShardlintServer, params: types.DidChangeWatchedFilesParams) -> None:
    touched: set[Path] = set()
    for ev in params.changes:
        path = uri_to_path(ev.uri)
        if path is None:
            continue
        for root in ls.roots.values():
            if path.name == "pyproject.toml" and (root.owns(path) or path.parent in root.folder.parents):
                ls.configure(root)
                touched.add(root.folder)
            elif path.suffix in (".py", ".ipynb") and root.owns(path):
                ls.analysis.submit(root.project.forget, path)
                touched.add(root.folder)
    for folder in touched:
        if folder in ls.roots:
            diagnostics.schedule(ls, ls.roots[folder])


@feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
async def did_change_folders(ls: ShardlintServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    for f in params.event.removed:
        if (p := uri_to_path(f.uri)) is not None:
            diagnostics.remove_root(ls, p)
    added = []
    for f in params.event.added:
        if (p := uri_to_path(f.uri)) is not None:
            added.append(ls.add_root(p, f.uri))
    await ls.pull_settings()
    for root in added:
        ls.configure(root)
        await diagnostics.scan(ls, root)
