"""Diagnostics: analysis of a root on the worker thread, then every document whose diagnostics
changed gets them — pushed (`textDocument/publishDiagnostics`), or, for a client that pulls
(`textDocument/diagnostic`, `workspace/diagnostic`), a `workspace/diagnostic/refresh` whenever a
document it will not re-pull by itself changed (a fix applied in another file, a file saved or
changed on disk, the lowering check). One mode per client.

An edit starts a run at once when none is in flight (the messages already queued are read
first, so a burst that arrives together is one run); an edit that arrives while a run is in
flight queues one more run, and results for buffers that changed in the meantime are published
by that next run. Once the last run's results are out, the engine tidies (frees what the run
left), in the pause before the next keystroke. Pull answers carry a content hash as
`resultId`, so a document whose diagnostics did not change is answered `unchanged`."""

from __future__ import annotations

import asyncio
import hashlib
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from shardlint.analysis import notebook
from shardlint.analysis.rules import ALL_RULES

from .. import convert
from ..lsp_text import uri_to_path
from . import feature, notebooks

if TYPE_CHECKING:
    from ..lsp import Root, ShardlintServer

SOURCE = "shardlint"
# How long an edit waits before its analysis starts: none (a run in flight, or messages queued
# behind it, coalesce the edits that come meanwhile).
DEBOUNCE_S = 0.0
SETTLE_TIMEOUT_S = 30.0  # a pull, code action or hover waits at most this long for a pending analysis


# ---- scheduling -------------------------------------------------------------------------------

def schedule(ls: ShardlintServer, root: Root, delay: float = DEBOUNCE_S) -> None:
    root.idle.clear()
    if root.timer is not None:
        root.timer.cancel()
    root.timer = asyncio.get_running_loop().call_later(delay, _kick, ls, root)


def _kick(ls: ShardlintServer, root: Root) -> None:
    root.timer = None
    if root.task is not None and not root.task.done():
        root.again = True
        return
    root.task = asyncio.ensure_future(_run(ls, root))


async def _run(ls: ShardlintServer, root: Root, progress: str | None = None) -> None:
    try:
        while True:
            root.again = False
            await _analyse_once(ls, root, progress)
            progress = None
            if not root.again:
                break
        ls.analysis.submit(root.project.tidy)
    finally:
        root.task = None
        if root.timer is None and not root.again:
            root.idle.set()


async def _analyse_once(ls: ShardlintServer, root: Root, progress: str | None) -> None:
    overlays: dict[Path, str] = {}
    versions: dict[str, int | None] = {}
    for d in ls.docs.values():
        if d.path is not None and ls.root_for(d.path) is root:
            overlays[d.path] = d.text
            versions[str(d.path)] = d.version
    for path, nb in notebooks.overlays(ls, lambda p: ls.root_for(p) is root).items():
        overlays[path] = nb
        versions[str(path)] = notebooks.open_notebook(ls, path).version
    edited, root.edited = root.edited, set()
    try:
        result, skipped = await ls.analysis.submit(root.sync_and_analyse, overlays)
    except Exception:
        ls.log(types.MessageType.Error,
               f"analysis of {root.folder} failed; keeping the last diagnostics:\n{traceback.format_exc()}")
        root.edited |= edited
        return
    if progress is not None:
        n = sum(len(v) for v in result.values())
        ls.work_done_progress.report(progress, types.WorkDoneProgressReport(
            message=f"{len(result)} files, {n} diagnostics"))
    for path, why in skipped:
        ls.log(types.MessageType.Log, f"skipped {path}: {why}")
    old = root.results
    root.results = result
    changed = {p for p in set(old) | set(result) if old.get(p, []) != result.get(p, [])}
    if ls.pull:
        # The client re-pulls the documents it edited; any other change needs a refresh.
        # (a notebook that is not open has no documents to pull)
        if any(documents(ls, p) for p in changed - edited) and ls.cap("workspace.diagnostics.refresh_support", False):
            ls.workspace_diagnostic_refresh(None)
        return
    todo, root.unpublished = changed | root.unpublished, set()
    for p in sorted(todo):
        if p in versions and _version(ls, p) != versions[p]:
            root.unpublished.add(p)  # edited during the run: the next run publishes it
        else:
            publish_path(ls, p)


def _version(ls: ShardlintServer, path: str) -> int | None:
    nb = notebooks.open_notebook(ls, path)
    return nb.version if nb is not None else ls.version_of(ls.uri_for(path))


async def settle(ls: ShardlintServer, root: Root) -> None:
    """Wait for the root's pending analysis (at most SETTLE_TIMEOUT_S)."""
    try:
        await asyncio.wait_for(root.idle.wait(), SETTLE_TIMEOUT_S)
    except asyncio.TimeoutError:
        ls.log(types.MessageType.Warning, f"analysis of {root.folder} still running; answering with the last results")


async def settled(ls: ShardlintServer, uri: str | None) -> tuple[Path, Root] | None:
    """The file of `uri` (a notebook's, for a cell) and its root once the root's pending
    analysis is done; None when `uri` is not a file. Every request about a document starts
    here."""
    path = uri_to_path(uri) if isinstance(uri, str) else None
    if path is None and isinstance(uri, str) and (nb := notebooks.of_cell(ls, uri)) is not None:
        path = nb.path
    if path is None:
        return None
    root = ls.root_for(path)
    await settle(ls, root)
    return path, root


async def scan(ls: ShardlintServer, root: Root) -> None:
    """The start-up scan of a workspace folder, reported with $/progress."""
    token = None
    if ls.cap("window.work_done_progress", False):
        token = f"shardlint-scan-{next(ls.ids)}"
        try:
            await ls.work_done_progress.create_async(token)
            ls.work_done_progress.begin(token, types.WorkDoneProgressBegin(
                title="shardlint", message=f"scanning {root.folder.name or root.folder}"))
        except Exception as e:
            ls.log(types.MessageType.Warning, f"progress unavailable: {e!r}")
            token = None
    root.idle.clear()
    if root.task is not None and not root.task.done():
        root.again = True
    else:
        root.task = asyncio.ensure_future(_run(ls, root, token))
    await root.task
    if token is not None:
        n = sum(len(v) for v in root.results.values())
        ls.work_done_progress.end(token, types.WorkDoneProgressEnd(
            message=f"{len(root.results)} files checked, {n} diagnostics"))


def remove_root(ls: ShardlintServer, folder: Path) -> None:
    root = ls.roots.pop(folder.resolve(), None)
    if root is None:
        return
    if root.timer:
        root.timer.cancel()
    for path in root.results:
        publish_path(ls, path, [])


# ---- what a document's diagnostics are ----------------------------------------------------------

def lsp_diagnostics(ls: ShardlintServer, path: str, cache: dict | None = None,
                    uri: str | None = None) -> list[types.Diagnostic]:
    """The static diagnostics of the document `uri` (default: the file `path`'s; a cell of the
    notebook `path`) and the lowering check's, in LSP terms."""
    lines_of = ls.lines_of({} if cache is None else cache)
    root = ls.root_for(Path(path))
    uri = uri or ls.uri_for(path)
    items = []
    for d in root.results.get(path, []):
        local = notebooks.localize(ls, d)
        if ls.uri_for(local.path) == uri:
            items.append(_converted(ls, local, lines_of))
    items.extend(ls.lowering_call("diagnostics", uri) or [])
    return items


def documents(ls: ShardlintServer, path: str) -> list[str]:
    """The URIs of the documents holding `path`'s diagnostics: an open notebook's code cells,
    none for a notebook that is not open (its cells have no documents), else the file's."""
    nb = notebooks.open_notebook(ls, path)
    if nb is not None:
        return [c.uri for c in nb.cells if c.kind == "code"]
    if notebook.is_notebook(path) and ls.doc_for_path(path) is None:
        return []
    return [ls.uri_for(path)]


def to_lsp(ls: ShardlintServer, d, lines_of) -> types.Diagnostic:
    return _converted(ls, notebooks.localize(ls, d), lines_of)


def _converted(ls: ShardlintServer, d, lines_of) -> types.Diagnostic:
    rule = ALL_RULES.get(d.code)
    return convert.diagnostic(d, lines_of, ls.uri_for, ls.encoding, source=SOURCE,
                              href=rule.url if rule else None)


def result_id(items: list[types.Diagnostic]) -> str:
    return hashlib.blake2b(repr(items).encode(), digest_size=12).hexdigest()


def publish_path(ls: ShardlintServer, path: str, items: list[types.Diagnostic] | None = None) -> None:
    if ls.pull:
        return
    nb = notebooks.open_notebook(ls, path)
    for uri in documents(ls, path):
        publish_uri(ls, uri, lsp_diagnostics(ls, path, uri=uri) if items is None else items)
        if nb is not None:
            nb.published.add(uri)


def publish_uri(ls: ShardlintServer, uri: str, items: list[types.Diagnostic]) -> None:
    if ls.pull:
        return
    if ls.pushed.get(uri, []) == items:
        return
    if items:
        ls.pushed[uri] = items
    else:
        ls.pushed.pop(uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, diagnostics=items, version=ls.version_of(uri)))


def lowering_changed(ls: ShardlintServer, uri: str | None = None) -> None:
    """The lowering feature's `publish` callback: its diagnostics for `uri` (None: any) changed."""
    if ls.pull:
        if ls.cap("workspace.diagnostics.refresh_support", False):
            ls.workspace_diagnostic_refresh(None)
        return
    if uri is None:
        paths = {p for r in ls.roots.values() for p in r.results}
        paths |= {str(p) for u in ls.pushed if (p := uri_to_path(u)) is not None}
        for p in sorted(paths):
            publish_path(ls, p)
        return
    path = uri_to_path(uri)
    if path is not None:
        publish_path(ls, str(path))


# ---- pull ---------------------------------------------------------------------------------------

@feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
    identifier=SOURCE, inter_file_dependencies=True, workspace_diagnostics=True))
async def document_diagnostic(ls: ShardlintServer, params: types.DocumentDiagnosticParams):
    found = await settled(ls, params.text_document.uri)
    items = lsp_diagnostics(ls, str(found[0]), uri=params.text_document.uri) if found else []
    rid = result_id(items)
    if params.previous_result_id == rid:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=rid)
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=rid)


@feature(types.WORKSPACE_DIAGNOSTIC)
async def workspace_diagnostic(ls: ShardlintServer, params: types.WorkspaceDiagnosticParams):
    previous = {p.uri: p.value for p in params.previous_result_ids}
    reports = []
    for root in list(ls.roots.values()):
        await settle(ls, root)
        cache: dict = {}
        for path, uri in sorted((p, u) for p in root.results for u in documents(ls, p)):
            items = lsp_diagnostics(ls, path, cache, uri)
            if not items and uri not in previous:
                continue
            rid = result_id(items)
            if previous.get(uri) == rid:
                reports.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                    uri=uri, version=ls.version_of(uri), result_id=rid))
            else:
                reports.append(types.WorkspaceFullDocumentDiagnosticReport(
                    uri=uri, version=ls.version_of(uri), items=items, result_id=rid))
    return types.WorkspaceDiagnosticReport(items=reports)
