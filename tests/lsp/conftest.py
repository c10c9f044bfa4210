"""End-to-end language-server sessions: a real `python -m shardlint.server` subprocess driven by
pytest-lsp's client over stdio."""

from __future__ import annotations

import asyncio
import sys
import textwrap
import time
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

SERVER = [sys.executable, "-m", "shardlint.server"]

# The precv that JAX 0.10.2 refuses to lower: reached from jax.jit, no shard_map binds "x".
PRECV_UNDER_JIT = textwrap.dedent("""\
    import jax
    from jax import lax


    @jax.jit
    def f(t):
        return lax.precv(t, jax.ShapeDtypeStruct((2,), jax.numpy.float32), "x", [(0, 1)])


    f(lax.create_token())
""")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    yield
    await lsp_client.shutdown_session()


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))


def uri(path: Path) -> str:
    return from_fs_path(str(path.resolve()))


async def start(client: LanguageClient, folders: list[Path] | Path, caps: str = "neovim@v0.7.0",
                options: dict | None = None, edit_caps=None) -> types.InitializeResult:
    """Initialise a session over `folders`, as the named client would."""
    folders = folders if isinstance(folders, list) else [folders]
    capabilities = client_capabilities(caps)
    if edit_caps is not None:
        edit_caps(capabilities)
    return await client.initialize_session(types.InitializeParams(
        capabilities=capabilities,
        root_uri=uri(folders[0]),
        workspace_folders=[types.WorkspaceFolder(uri=uri(f), name=f.name) for f in folders],
        initialization_options=options,
    ))


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    u = uri(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=u, language_id="python", version=version, text=path.read_text() if text is None else text)))
    return u


def change(client: LanguageClient, u: str, version: int, start: tuple[int, int], end: tuple[int, int],
           text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=u, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=start[0], character=start[1]),
                              end=types.Position(line=end[0], character=end[1])),
            text=text)]))


async def until(predicate, timeout: float = 15.0, what: str = "condition"):
    """Poll `predicate` until it returns something truthy; fail with `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def pull_capable(caps: types.ClientCapabilities) -> None:
    """The client pulls diagnostics (as VS Code ≥ 1.67 does)."""
    caps.text_document.diagnostic = types.DiagnosticClientCapabilities(related_document_support=True)
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)


def codes(client: LanguageClient, u: str) -> list[str]:
    return [d.code for d in client.diagnostics.get(u, [])]
