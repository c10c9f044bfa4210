"""The lowering check through `shardlint server` itself: save -> SHL900 beside the static
diagnostics, from the same real JAX lowering."""

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import PROJECTS, line_of
from test_lsp_lowering import lowering, open_doc, save, start, until

pytestmark = pytest.mark.jax
SHARDLINT = str(Path(sys.executable).with_name("shardlint"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SHARDLINT, "server"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_save_publishes_lowering_beside_static(client, tmp_path):
    root = tmp_path / "gpu"
    shutil.copytree(PROJECTS / "gpu", root)
    await start(client, root)
    src = root / "sendrecv.py"
    open_doc(client, src)
    save(client, src)
    await until(lambda: lowering(client, src))
    psend = line_of(src, 'return jax.lax.psend(x, "x", perm=PERM)')
    [d] = lowering(client, src)
    assert (d.range.start.line + 1, d.code) == (psend, "SHL900")
    static = [x for x in client.diagnostics[src.as_uri()] if x.source == "shardlint"]
    assert [(x.range.start.line + 1, x.code) for x in static] == [(psend, "SHL002")]


async def test_code_lens_command_lowers_only_its_target(client, tmp_path):
    root = tmp_path / "gpu"
    shutil.copytree(PROJECTS / "gpu", root)
    await start(client, root)
    src = root / "sendrecv.py"
    open_doc(client, src)
    params = types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=src.as_uri()))
    lenses: list = []

    async def fetch():
        lenses[:] = await client.text_document_code_lens_async(params) or []
        return lenses

    while not await fetch():
        await until(lambda: True)
    lens = next(c for c in lenses if list(c.command.arguments) == ["sendrecv:ring"])
    run = types.ExecuteCommandParams(command=lens.command.command, arguments=lens.command.arguments)
    done = await client.workspace_execute_command_async(run)
    # Only the ring (which lowers) ran: the failing `unsharded` target would have published SHL900.
    assert lowering(client, src) == []
    assert done == {"message": "lowering: 1 target lowered", "failed": 0, "results": {"sendrecv:ring": "ok"}}
    run.arguments = ["sendrecv:unsharded"]
    done = await client.workspace_execute_command_async(run)
    await until(lambda: lowering(client, src))
    assert [d.code for d in lowering(client, src)] == ["SHL900"]
    assert done["message"] == "lowering: 1 target failed (sendrecv:unsharded: failed)" and done["failed"] == 1
