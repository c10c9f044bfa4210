"""A minimal language server for the lowering tests: LoweringFeature wired as the real server
wires it (publish merges static and lowering diagnostics), with parse errors as the static part."""

import sys
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import parse_error
from shardlint.analysis.source import parse_text
from shardlint.server.features.lowering import COMMAND, LoweringFeature

server = LanguageServer("shardlint-lowering-test", "0")
static: dict[str, list[types.Diagnostic]] = {}


def publish(uri: str) -> None:
    server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, diagnostics=static.get(uri, []) + feature.diagnostics(uri)))


feature = LoweringFeature(server, publish)


def static_check(uri: str, text: str) -> None:
    sf = parse_text(to_fs_path(uri), text)
    out = []
    if sf.syntax_error:
        d = parse_error(sf)
        out.append(types.Diagnostic(
            range=types.Range(types.Position(d.line - 1, d.column - 1), types.Position(d.line - 1, d.column)),
            message=d.message, source="shardlint", code=d.code))
    static[uri] = out
    publish(uri)


@server.feature(types.INITIALIZED)
def initialized(ls: LanguageServer, params: types.InitializedParams) -> None:
    root = Path(ls.workspace.root_path)
    feature.configure(root, cfgmod.load(root), trusted=TRUSTED.get("value", True))


TRUSTED: dict = {}


@server.feature(types.INITIALIZE)
def initialize(ls: LanguageServer, params: types.InitializeParams) -> None:
    TRUSTED["value"] = bool((params.initialization_options or {}).get("trusted", True))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    static_check(params.text_document.uri, params.text_document.text)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    feature.on_change(uri)
    static_check(uri, ls.workspace.get_text_document(uri).source)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    feature.on_save(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_CODE_LENS)
def code_lens(ls: LanguageServer, params: types.CodeLensParams) -> list[types.CodeLens]:
    return feature.code_lenses(params.text_document.uri)


@server.command(COMMAND)
async def check_lowering(ls: LanguageServer, *targets: str) -> None:
    await feature.check(list(targets) or None)


@server.feature(types.SHUTDOWN)
def shutdown(ls: LanguageServer, params) -> None:
    feature.shutdown()


if __name__ == "__main__":
    server.start_io()
    sys.exit(0)
