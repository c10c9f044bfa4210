"""Diagnostics are never stale after a fix lands in another file. On the example project, the
"Wrap in jax.shard_map" quick fix asked for in `pipeline/stages.py` edits `train.py`; the SHL001
and SHL002 in `stages.py` must go within 2 s, without typing in `stages.py` and without the
lowering check: pushed to a pushing client (as Neovim), and for a pulling client (as VS Code) a
`workspace/diagnostic/refresh` that makes it pull `stages.py` again."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

import pytest
from lsprotocol import types

from .conftest import change, codes, open_doc, pull_capable, start, until, uri

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
GONE_WITHIN_S = 2.0


@pytest.fixture
def example(tmp_path) -> Path:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root)
    return root


class Puller:
    """What VS Code does with pulled diagnostics: pull a document when it opens or changes, and
    every open document again (with its previous resultId) on workspace/diagnostic/refresh."""

    def __init__(self, client):
        self.client = client
        self.reports: dict[str, list[types.Diagnostic]] = {}
        self.result_ids: dict[str, str] = {}
        self.kinds: list[tuple[str, str]] = []  # (uri, "full" | "unchanged"), in order
        self.refreshes = 0
        self.open: list[str] = []

        def refresh(params):
            self.refreshes += 1
            for u in list(self.open):
                asyncio.ensure_future(self.pull(u))

        # pytest-lsp answers refresh requests itself (and does nothing): take its place.
        client.protocol.fm.features[types.WORKSPACE_DIAGNOSTIC_REFRESH] = refresh

    async def pull(self, u: str) -> None:
        report = await self.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=u), previous_result_id=self.result_ids.get(u)))
        self.kinds.append((u, report.kind))
        self.result_ids[u] = report.result_id
        if report.kind == "full":
            self.reports[u] = report.items

    def codes(self, u: str) -> list[str]:
        return [d.code for d in self.reports.get(u, [])]

    async def opened(self, path: Path, text: str | None = None) -> str:
        u = open_doc(self.client, path, text)
        self.open.append(u)
        await self.pull(u)
        return u


async def wrap_edit(client, stages: str, d: types.Diagnostic) -> dict[str, list[types.TextEdit]]:
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=stages), range=d.range,
        context=types.CodeActionContext(diagnostics=[d])))
    wrap = next(a for a in actions if a.title.startswith("Wrap in jax.shard_map"))
    assert wrap.title == "Wrap in jax.shard_map (in train.py)", [a.title for a in actions]
    if wrap.edit is None:
        wrap = await client.code_action_resolve_async(wrap)
    edit = wrap.edit
    if edit.document_changes:
        return {c.text_document.uri: list(c.edits) for c in edit.document_changes}
    return dict(edit.changes)


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """LSP edits applied to ASCII text (UTF-16 columns are characters), last first."""
    lines = text.split("\n")
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln) + 1)

    def off(p: types.Position) -> int:
        return len(text) if p.line >= len(lines) else starts[p.line] + p.character

    for e in sorted(edits, key=lambda e: (off(e.range.start), off(e.range.end)), reverse=True):
        text = text[:off(e.range.start)] + e.new_text + text[off(e.range.end):]
    return text


def edit_in_editor(client, path: Path, new_text: str) -> str:
    """The editor applies a workspace edit to a file it had not open: it opens it, then edits it."""
    u = open_doc(client, path)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=u, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=new_text)]))
    return u


async def test_push_wrap_fix_in_another_file_clears_both_errors(client, example):
    await start(client, example)
    stages, train = example / "pipeline" / "stages.py", example / "train.py"
    su = open_doc(client, stages)
    await until(lambda: {"SHL001", "SHL002"} <= set(codes(client, su)), what="SHL001 and SHL002 in stages.py")
    d = next(x for x in client.diagnostics[su] if x.code == "SHL001")
    per_file = await wrap_edit(client, su, d)
    assert list(per_file) == [uri(train)]
    t0 = time.monotonic()
    edit_in_editor(client, train, applied(train.read_text(), per_file[uri(train)]))
    await until(lambda: not {"SHL001", "SHL002"} & set(codes(client, su)), timeout=GONE_WITHIN_S,
                what=f"SHL001 and SHL002 in stages.py to go within {GONE_WITHIN_S} s")
    assert time.monotonic() - t0 < GONE_WITHIN_S


async def test_pull_wrap_fix_in_another_file_refreshes_and_clears_both_errors(client, example):
    puller = Puller(client)
    await start(client, example, caps="visual-studio-code", edit_caps=pull_capable)
    stages, train = example / "pipeline" / "stages.py", example / "train.py"
    su = await puller.opened(stages)
    iu = await puller.opened(example / "pipeline" / "__init__.py")
    assert {"SHL001", "SHL002"} <= set(puller.codes(su))
    d = next(x for x in puller.reports[su] if x.code == "SHL001")
    per_file = await wrap_edit(client, su, d)
    t0 = time.monotonic()
    tu = edit_in_editor(client, train, applied(train.read_text(), per_file[uri(train)]))
    puller.open.append(tu)
    await puller.pull(tu)  # the editor pulls the document it changed; stages.py only on a refresh
    await until(lambda: not {"SHL001", "SHL002"} & set(puller.codes(su)), timeout=GONE_WITHIN_S,
                what=f"SHL001 and SHL002 in stages.py to go within {GONE_WITHIN_S} s")
    assert time.monotonic() - t0 < GONE_WITHIN_S
    assert puller.refreshes >= 1
    # The refresh re-pulls every open document; one whose diagnostics did not change costs no items.
    await until(lambda: (iu, "unchanged") in puller.kinds, what="an unchanged report for pipeline/__init__.py")


async def test_pull_file_changed_on_disk_refreshes(client, example):
    puller = Puller(client)
    await start(client, example, caps="visual-studio-code", edit_caps=pull_capable)
    stages, train = example / "pipeline" / "stages.py", example / "train.py"
    su = await puller.opened(stages)
    d = next(x for x in puller.reports[su] if x.code == "SHL001")
    per_file = await wrap_edit(client, su, d)
    train.write_text(applied(train.read_text(), per_file[uri(train)]))  # a fix-all run, another tool
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(train), type=types.FileChangeType.Changed)]))
    await until(lambda: not {"SHL001", "SHL002"} & set(puller.codes(su)), timeout=GONE_WITHIN_S,
                what="stages.py cleared after train.py changed on disk")


async def test_pull_typing_in_one_file_sends_no_refresh(client, example):
    puller = Puller(client)
    await start(client, example, caps="visual-studio-code", edit_caps=pull_capable)
    su = await puller.opened(example / "pipeline" / "stages.py")
    before = [(d.code, d.range.start.line) for d in puller.reports[su]]
    change(client, su, 2, (0, 0), (0, 0), "# a comment that moves every line down\n")
    await puller.pull(su)
    assert [(d.code, d.range.start.line) for d in puller.reports[su]] == [(c, ln + 1) for c, ln in before]
    await asyncio.sleep(0.5)
    assert puller.refreshes == 0  # only the edited document changed, and the editor pulls it itself
