"""An untrusted workspace may not make shardlint run programs it names: its pyproject's
`python` (the interpreter shardlint probes and hands to jedi) is ignored, and static
diagnostics still arrive."""

from __future__ import annotations

import stat

from .conftest import PRECV_UNDER_JIT, open_doc, start, until, write


def _planted(tmp_path):
    marker = tmp_path / "ran.txt"
    fake = tmp_path / "fakepython"
    fake.write_text(f"#!/bin/sh\necho ran > {marker}\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    write(tmp_path, {"pyproject.toml": f'[tool.shardlint]\npython = "{fake}"\n', "m.py": PRECV_UNDER_JIT})
    return marker


async def test_untrusted_workspace_runs_no_interpreter_it_names(client, tmp_path):
    marker = _planted(tmp_path)
    await start(client, tmp_path, options={"shardlint": {"trusted": False}})
    u = open_doc(client, tmp_path / "m.py")
    codes = await until(lambda: [d.code for d in client.diagnostics.get(u, [])], what="diagnostics")
    assert codes == ["SHL001"]
    assert not marker.exists()


async def test_trusted_workspace_uses_its_interpreter(client, tmp_path):
    marker = _planted(tmp_path)
    await start(client, tmp_path)
    open_doc(client, tmp_path / "m.py")
    await until(lambda: marker.exists(), what="the configured interpreter to be probed")
