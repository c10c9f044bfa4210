"""Bad input never kills the server: malformed messages, unknown methods, out-of-range edits,
vanished files, an engine exception; shutdown/exit end the process promptly with code 0."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .conftest import SERVER, change, codes, open_doc, start, until, uri, write

BROKEN = "def f(:\n    pass\n"


class Raw:
    """A bare JSON-RPC peer over the server's stdio, able to send anything."""

    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc
        self.ids = 0

    @classmethod
    async def start(cls) -> "Raw":
        return cls(await asyncio.create_subprocess_exec(
            *SERVER, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL))

    def send_bytes(self, body: bytes) -> None:
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def send(self, msg: dict) -> None:
        self.send_bytes(json.dumps({"jsonrpc": "2.0", **msg}).encode())

    def request(self, method: str, params) -> int:
        self.ids += 1
        self.send({"id": self.ids, "method": method, "params": params})
        return self.ids

    async def read(self) -> dict:
        length = 0
        while True:
            line = await self.proc.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
            elif line in (b"\r\n", b"\n") and length:
                return json.loads(await self.proc.stdout.readexactly(length))

    async def response(self, msg_id: int, timeout: float = 15) -> dict:
        async def find():
            while True:
                msg = await self.read()
                if msg.get("id") == msg_id and "method" not in msg:
                    return msg
        return await asyncio.wait_for(find(), timeout)

    async def initialize(self, root: Path) -> None:
        rid = self.request("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}})
        await self.response(rid)
        self.send({"method": "initialized", "params": {}})


async def test_malformed_and_unknown_messages_get_answers_and_the_server_lives(tmp_path):
    write(tmp_path, {"m.py": "x = 1\n"})
    raw = await Raw.start()
    await raw.initialize(tmp_path)
    raw.send_bytes(b"{this is not json")
    bad = raw.request("textDocument/hover", {"textDocument": 42})
    assert (await raw.response(bad))["error"]["code"] == -32602  # InvalidParams, not silence
    unknown = raw.request("shardlint/noSuchMethod", {})
    assert (await raw.response(unknown))["error"]["code"] == -32601  # MethodNotFound
    raw.send({"method": "shardlint/noSuchNotification", "params": {}})
    raw.send({"method": "textDocument/didChange", "params": {
        "textDocument": {"uri": (tmp_path / "never_opened.py").as_uri(), "version": 2},
        "contentChanges": [{"text": "x"}]}})
    alive = raw.request("textDocument/hover", {"textDocument": {"uri": (tmp_path / "m.py").as_uri()},
                                               "position": {"line": 0, "character": 0}})
    assert (await raw.response(alive))["result"] is None
    down = raw.request("shutdown", None)
    assert "error" not in await raw.response(down)
    raw.send({"method": "exit"})
    assert await asyncio.wait_for(raw.proc.wait(), 5) == 0


async def test_exit_without_shutdown_is_code_1(tmp_path):
    raw = await Raw.start()
    await raw.initialize(tmp_path)
    raw.send({"method": "exit"})
    assert await asyncio.wait_for(raw.proc.wait(), 5) == 1


async def test_exit_is_prompt_while_an_analysis_runs(tmp_path):
    # A large buffer keeps the analysis thread busy; exit must not wait for it.
    write(tmp_path, {"m.py": "x = 1\n"})
    raw = await Raw.start()
    await raw.initialize(tmp_path)
    big = "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(20000))
    raw.send({"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": (tmp_path / "m.py").as_uri(), "languageId": "python", "version": 1, "text": big}}})
    await asyncio.sleep(0.2)
    await raw.response(raw.request("shutdown", None))
    raw.send({"method": "exit"})
    assert await asyncio.wait_for(raw.proc.wait(), 3) == 0


async def test_out_of_range_edits_are_clamped(client, tmp_path):
    write(tmp_path, {"m.py": "x = 1\n"})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "m.py")
    change(client, u, 2, (0, 99), (0, 120), " +")  # past the line's end: at its end
    diags = await until(lambda: client.diagnostics.get(u), what="x = 1 + is a syntax error")
    assert diags[0].range.start.line == 0
    change(client, u, 3, (0, 5), (0, 7), "")  # back to "x = 1"
    await until(lambda: u in client.diagnostics and not client.diagnostics[u], what="clean again")
    change(client, u, 4, (50, 0), (60, 3), "def f(:\n")  # past the last line: the end
    diags = await until(lambda: client.diagnostics.get(u), what="appended syntax error")
    assert diags[0].range.start.line == 1


async def test_vanished_file_is_cleared(client, tmp_path):
    write(tmp_path, {"gone.py": BROKEN})
    await start(client, tmp_path)
    u = uri(tmp_path / "gone.py")
    await until(lambda: client.diagnostics.get(u), what="the broken file reported")
    (tmp_path / "gone.py").unlink()
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=u, type=types.FileChangeType.Deleted)]))
    await until(lambda: u in client.diagnostics and not client.diagnostics[u], what="diagnostics cleared")


FAULTY = [sys.executable, str(Path(__file__).with_name("faulty_server.py"))]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=FAULTY))
async def faulty(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_engine_exception_is_logged_and_last_diagnostics_kept(faulty, tmp_path):
    client = faulty
    write(tmp_path, {"m.py": "x = 1\n"})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "m.py", BROKEN)
    await until(lambda: codes(client, u) == ["SHL000"], what="SHL000")
    change(client, u, 2, (0, 0), (0, 0), "# ENGINE_BOOM\n")
    await until(lambda: any("injected engine failure" in m.message and m.type == types.MessageType.Error
                            for m in client.log_messages), what="the failure logged")
    assert codes(client, u) == ["SHL000"]  # the last good diagnostics stay
    change(client, u, 3, (0, 0), (1, 0), "")  # marker removed: analysis works again
    change(client, u, 4, (0, 6), (0, 7), "x):")
    await until(lambda: u in client.diagnostics and not client.diagnostics[u], what="analysis resumed")
