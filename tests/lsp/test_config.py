"""Configuration: pyproject (watched), initializationOptions, workspace/configuration,
didChangeConfiguration, bad values, multi-root workspaces."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from .conftest import start, until, uri, write

BROKEN = "def f(:\n    pass\n"
S = types.DiagnosticSeverity


def severity_of(client, u):
    diags = client.diagnostics.get(u) or []
    return diags[0].severity if diags else None


async def test_pyproject_severity_and_its_precedence_over_editor_settings(client, tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.shardlint.severity]\nSHL000 = "warning"\n', "m.py": BROKEN})
    await start(client, tmp_path, options={"shardlint": {"severity": {"SHL000": "hint"}}})
    u = uri(tmp_path / "m.py")
    assert await until(lambda: severity_of(client, u)) == S.Warning


async def test_initialization_options_fill_in(client, tmp_path):
    write(tmp_path, {"m.py": BROKEN})
    await start(client, tmp_path, options={"shardlint": {"severity": {"SHL000": "hint"}}})
    assert await until(lambda: severity_of(client, uri(tmp_path / "m.py"))) == S.Hint


async def test_workspace_configuration_and_did_change_configuration(client, tmp_path):
    write(tmp_path, {"m.py": BROKEN})
    client.set_configuration({"severity": {"SHL000": "information"}}, section="shardlint")
    await start(client, tmp_path, caps="visual-studio-code")
    u = uri(tmp_path / "m.py")
    assert await until(lambda: severity_of(client, u)) == S.Information
    client.set_configuration({"severity": {"SHL000": "warning"}}, section="shardlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await until(lambda: severity_of(client, u) == S.Warning, what="severity from the new settings")


async def test_watched_pyproject_change_reconfigures(client, tmp_path):
    write(tmp_path, {"pyproject.toml": "[project]\nname = 'p'\n", "m.py": BROKEN})
    await start(client, tmp_path, caps="visual-studio-code")
    u = uri(tmp_path / "m.py")
    await until(lambda: [r.method for r in client.registrations] == [types.WORKSPACE_DID_CHANGE_WATCHED_FILES],
                what="the file watcher registration")
    assert await until(lambda: severity_of(client, u)) == S.Error
    write(tmp_path, {"pyproject.toml": '[tool.shardlint.severity]\nSHL000 = "hint"\n'})
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(tmp_path / "pyproject.toml"), type=types.FileChangeType.Changed)]))
    await until(lambda: severity_of(client, u) == S.Hint, what="severity from the edited pyproject")


async def test_bad_configuration_is_reported_and_checking_goes_on(client, tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\nbackend = "quantum"\n', "m.py": BROKEN})
    await start(client, tmp_path)
    await until(lambda: client.diagnostics.get(uri(tmp_path / "m.py")), what="diagnostics despite bad config")
    await until(lambda: any("backend" in m.message for m in client.messages), what="a message naming the key")
    assert client.messages[0].type == types.MessageType.Error


async def test_multi_root_each_folder_its_own_config(client, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    write(a, {"m.py": BROKEN})
    write(b, {"pyproject.toml": '[tool.shardlint]\nignore = ["SHL000"]\n', "m.py": BROKEN})
    await start(client, [a, b])
    await until(lambda: client.diagnostics.get(uri(a / "m.py")), what="folder a reported")
    await until(lambda: len([v for reps in client.progress_reports.values() for v in reps
                             if isinstance(v, types.WorkDoneProgressEnd)]) == 2, what="both scans")
    assert uri(b / "m.py") not in client.diagnostics
    # A folder added later is scanned; a removed one has its diagnostics cleared.
    c = tmp_path / "c"
    write(c, {"m.py": BROKEN})
    client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
        event=types.WorkspaceFoldersChangeEvent(
            added=[types.WorkspaceFolder(uri=uri(c), name="c")],
            removed=[types.WorkspaceFolder(uri=uri(a), name="a")])))
    await until(lambda: client.diagnostics.get(uri(c / "m.py")), what="added folder scanned")
    await until(lambda: uri(a / "m.py") in client.diagnostics and not client.diagnostics[uri(a / "m.py")],
                what="removed folder cleared")
    await asyncio.sleep(0)
