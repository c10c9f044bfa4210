"""LoweringFeature through a real pygls server over stdio (tests/lowering/lsp_server.py)."""

import asyncio
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import PROJECTS, line_of, set_targets

pytestmark = pytest.mark.jax
SERVER = Path(__file__).with_name("lsp_server.py")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, str(SERVER)]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def start(client, root: Path, trusted: bool = True):
    await client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True)),
        root_uri=root.as_uri(), workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="p")],
        initialization_options={"trusted": trusted}))


def lowering(client, path: Path):
    return [d for d in client.diagnostics.get(path.as_uri(), []) if d.source == "shardlint-lowering"]


async def until(predicate, timeout=60.0):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.05)


def open_doc(client, path: Path, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=path.as_uri(), language_id="python", version=version, text=path.read_text())))


def edit(client, path: Path, text: str, version: int):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))


def save(client, path: Path):
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=path.as_uri())))


@pytest.fixture
def gpu(tmp_path):
    import shutil

    root = tmp_path / "gpu"
    shutil.copytree(PROJECTS / "gpu", root)
    return root


async def test_save_lowers_edit_marks_stale(client, gpu):
    await start(client, gpu)
    src = gpu / "sendrecv.py"
    open_doc(client, src)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(types.TextDocumentIdentifier(src.as_uri())))
    assert sorted((l.range.start.line + 1, l.command.title, l.command.arguments[0]) for l in lenses) == [
        (line_of(src, "def ring"), "Check lowering (gpu)", "sendrecv:ring"),
        (line_of(src, "def jitted_ring"), "Check lowering (gpu)", "sendrecv:jitted_ring"),
        (line_of(src, "def unsharded"), "Check lowering (gpu)", "sendrecv:unsharded"),
    ]
    save(client, src)
    await until(lambda: lowering(client, src))
    [d] = lowering(client, src)
    assert d.range.start.line + 1 == line_of(src, 'return jax.lax.psend(x, "x", perm=PERM)')
    assert d.code == "SHL900" and d.severity == types.DiagnosticSeverity.Error
    assert d.message.startswith("NameError: Found an unbound axis name: x.")
    reports = [v for vals in client.progress_reports.values() for v in vals]
    assert reports[0].kind == "begin" and reports[0].message == "sendrecv:ring, sendrecv:jitted_ring, sendrecv:unsharded"
    assert "sendrecv:unsharded" in [getattr(v, "message", None) for v in reports]
    assert reports[-1].kind == "end"

    edit(client, src, src.read_text() + "\n", 2)
    await until(lambda: lowering(client, src) and lowering(client, src)[0].message.endswith("(stale: file edited since lowering)"))
    assert lowering(client, src)[0].severity == types.DiagnosticSeverity.Information

    src.write_text(src.read_text().replace("return send_only(x)", "return ring(x)"))
    save(client, src)
    await until(lambda: not lowering(client, src))


async def test_static_diagnostics_while_lowering_runs(client, tmp_path):
    import shutil

    root = tmp_path / "misc"
    shutil.copytree(PROJECTS / "misc", root)
    set_targets(root, [("slow:run", "ok:ARGS")], backend="cpu", host_devices=2, timeout=60)
    await start(client, root)
    slow, other = root / "slow.py", root / "ok.py"
    open_doc(client, other)
    t0 = time.monotonic()
    save(client, slow)
    await until(lambda: any(v.kind == "begin" for vals in client.progress_reports.values() for v in vals))
    edit(client, other, "def broken(:\n", 2)
    await until(lambda: any(d.code == "SHL000" for d in client.diagnostics.get(other.as_uri(), [])), timeout=5)
    assert time.monotonic() - t0 < 8  # the 10-second lowering is still running
    assert not any(v.kind == "end" for vals in client.progress_reports.values() for v in vals)


async def test_command_runs_named_target(client, gpu):
    await start(client, gpu)
    src = gpu / "sendrecv.py"
    await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="shardlint.checkLowering", arguments=["sendrecv:unsharded"]))
    [d] = lowering(client, src)
    assert d.range.start.line + 1 == line_of(src, 'return jax.lax.psend(x, "x", perm=PERM)')
    assert d.related_information[-1].message == "lowering target `sendrecv:unsharded` (gpu)"


async def test_untrusted_workspace_is_off(client, gpu):
    await start(client, gpu, trusted=False)
    src = gpu / "sendrecv.py"
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(types.TextDocumentIdentifier(src.as_uri())))
    assert not lenses
    await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="shardlint.checkLowering", arguments=["sendrecv:unsharded"]))
    assert lowering(client, src) == []
    assert client.progress_reports == {}
