"""Push and pull diagnostics, incremental sync, open buffers over disk, the start-up scan."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from shardlint.analysis.rules import ALL_RULES

from .conftest import PRECV_UNDER_JIT, change, codes, open_doc, pull_capable, start, until, uri, write

BROKEN = "def f(:\n    pass\n"


async def test_parse_error_pushed_changes_with_edits_and_clears(client, tmp_path):
    write(tmp_path, {"m.py": "x = 1\n"})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "m.py", BROKEN)
    diags = await until(lambda: client.diagnostics.get(u), what="SHL000 after didOpen")
    d = diags[0]
    assert d.code == "SHL000" and d.source == "shardlint"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.range.start.line == 0
    assert d.code_description.href == ALL_RULES["SHL000"].url
    assert "SyntaxError" in d.message

    change(client, u, 2, (0, 6), (0, 7), "x):")  # def f(x):  -> valid
    await until(lambda: u in client.diagnostics and not client.diagnostics[u], what="diagnostics cleared")

    change(client, u, 3, (1, 0), (1, 0), "    return (\n")  # unclosed paren on line 2
    diags = await until(lambda: client.diagnostics.get(u), what="SHL000 after a breaking edit")
    assert diags[0].code == "SHL000"


async def test_startup_scan_reports_closed_files_with_progress(client, tmp_path):
    write(tmp_path, {"ok.py": "x = 1\n", "pkg/bad.py": BROKEN})
    await start(client, tmp_path)
    bad = uri(tmp_path / "pkg" / "bad.py")
    await until(lambda: client.diagnostics.get(bad), what="closed broken file reported by the scan")
    assert uri(tmp_path / "ok.py") not in client.diagnostics  # nothing to say: nothing sent
    await until(lambda: any(isinstance(v, types.WorkDoneProgressEnd)
                            for reps in client.progress_reports.values() for v in reps), what="$/progress end")
    kinds = [type(v).__name__ for reps in client.progress_reports.values() for v in reps]
    assert kinds[0] == "WorkDoneProgressBegin" and kinds[-1] == "WorkDoneProgressEnd"


async def test_open_buffer_overrides_disk_and_close_returns_to_disk(client, tmp_path):
    write(tmp_path, {"m.py": BROKEN})
    await start(client, tmp_path)
    u = uri(tmp_path / "m.py")
    await until(lambda: client.diagnostics.get(u), what="disk file reported")
    open_doc(client, tmp_path / "m.py", "def f(x):\n    pass\n")
    await until(lambda: u in client.diagnostics and not client.diagnostics[u], what="buffer text wins")
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=u)))
    await until(lambda: client.diagnostics.get(u), what="closed: the disk text again")


async def test_utf16_columns(client, tmp_path):
    # "é" and "😀" are 1 and 2 UTF-16 units; the error column must count UTF-16 units.
    text = 's = "😀é"; def f(:\n'
    write(tmp_path, {"m.py": "x = 1\n"})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "m.py", text)
    diags = await until(lambda: client.diagnostics.get(u), what="SHL000")
    # Python reports the error at the `def` keyword (character 10): UTF-16 column 11.
    assert diags[0].range.start.character == 11


async def test_pull_mode_never_pushes(client, tmp_path):
    write(tmp_path, {"m.py": BROKEN, "other.py": BROKEN})
    await start(client, tmp_path, caps="visual-studio-code", edit_caps=pull_capable)
    u = open_doc(client, tmp_path / "m.py")
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=u)))
    assert [d.code for d in report.items] == ["SHL000"]
    again = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=u), previous_result_id=report.result_id))
    assert again.kind == "unchanged"

    ws = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {r.uri: r for r in ws.items}
    assert [d.code for d in by_uri[uri(tmp_path / "other.py")].items] == ["SHL000"]

    change(client, u, 2, (0, 6), (0, 7), "x):")
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=u), previous_result_id=report.result_id))
    assert report.kind == "full" and not report.items
    await asyncio.sleep(0.3)
    assert client.diagnostics == {}  # one mode per client: nothing was pushed


async def test_precv_under_jit_is_shl001(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_UNDER_JIT})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    diags = await until(lambda: [d for d in client.diagnostics.get(u, []) if d.code == "SHL001"], what="SHL001")
    d = diags[0]
    assert d.range.start.line == 6 and d.source == "shardlint"
    assert d.related_information, "the entry point that reaches the call"
    assert "precv" in d.message


async def test_dependant_republished_when_its_import_changes(client, tmp_path):
    helper = "from jax import lax\nimport jax\n\n\ndef recv(t):\n    return t\n"
    write(tmp_path, {
        "helpers.py": helper,
        "main.py": "import jax\nfrom jax import lax\nfrom helpers import recv\n\n\n"
                   "@jax.jit\ndef f(t):\n    return recv(t)\n\n\nf(lax.create_token())\n",
    })
    await start(client, tmp_path)
    main = open_doc(client, tmp_path / "main.py")
    hu = open_doc(client, tmp_path / "helpers.py")
    await asyncio.sleep(0.5)
    assert "SHL001" not in codes(client, main)
    # Make the helper call precv: the verdict lands in helpers.py, reached from main.py's jit.
    change(client, hu, 2, (5, 11), (5, 12),
           'lax.precv(t, jax.ShapeDtypeStruct((2,), jax.numpy.float32), "x", [(0, 1)])')
    diags = await until(lambda: [d for d in client.diagnostics.get(hu, []) if d.code == "SHL001"],
                        what="SHL001 in the helper")
    assert any(uri(tmp_path / "main.py") == r.location.uri for r in diags[0].related_information or [])
