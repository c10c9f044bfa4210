"""Code actions (quick fixes, fix-all, resolve), the fix-all command, and hover."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from lsprotocol import types

from shardlint.analysis.rules import ALL_RULES

from .conftest import PRECV_UNDER_JIT, codes, open_doc, pull_capable, start, until, uri, write

PARTIAL_MANUAL = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.experimental import pallas as pl
    from jax.sharding import Mesh, PartitionSpec as P


    def double_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2


    def double(x):
        return pl.pallas_call(double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


    grid = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))
    f = jax.shard_map(double, mesh=grid, in_specs=P("x"), out_specs=P("x"), axis_names={"x"})
    jax.jit(f).trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
""")


# A program JAX 0.10.2 refuses to lower for CUDA (precv under jit, no shard_map binds "x"); it
# lowers itself at import, so running it is the JAX verdict.
PRECV_STEP = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    from jax import lax


    @jax.jit
    def step(v):
        tok = lax.create_token()
        return lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1), (1, 2), (2, 3)])


    step.trace(jax.ShapeDtypeStruct((32, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
""")


def edits_by_uri(edit: types.WorkspaceEdit) -> dict[str, list[types.TextEdit]]:
    if edit.document_changes:
        return {c.text_document.uri: list(c.edits) for c in edit.document_changes}
    return {u: list(es) for u, es in (edit.changes or {}).items()}


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP text edits (ASCII text: UTF-16 columns are characters), last first."""
    lines = text.split("\n")
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln) + 1)

    def off(p: types.Position) -> int:
        return len(text) if p.line >= len(lines) else starts[p.line] + p.character

    for e in sorted(edits, key=lambda e: (off(e.range.start), off(e.range.end)), reverse=True):
        text = text[:off(e.range.start)] + e.new_text + text[off(e.range.end):]
    return text


def replace_all(client, u: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=u, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def actions_at(client, u: str, diag: types.Diagnostic, only=None, resolve=True) -> list[types.CodeAction]:
    """The code actions for `diag`, resolved where the server deferred the edit (Neovim 0.7
    advertises resolve support for `edit`)."""
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=u), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag], only=only)))
    if not resolve:
        return actions
    return [a if a.edit is not None else await client.code_action_resolve_async(a) for a in actions]


async def shl001(client, u):
    return (await until(lambda: [d for d in client.diagnostics.get(u, []) if d.code == "SHL001"],
                        what="SHL001"))[0]


def run_jax(text: str, tmp_path) -> subprocess.CompletedProcess:
    """Run the module (it lowers itself) on 4 fake CPU devices."""
    script = tmp_path / "lower_me.py"
    script.write_text(text)
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.jax
async def test_wrap_quick_fix_clears_the_error_and_jax_lowers_it(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_STEP})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    d = await shl001(client, u)
    actions = await actions_at(client, u, d)
    titles = [a.title for a in actions]
    assert any(t.startswith("Wrap in jax.shard_map") for t in titles), titles
    assert any(t.startswith("Suppress") for t in titles), titles
    wrap = next(a for a in actions if a.title.startswith("Wrap in jax.shard_map"))
    assert wrap.kind == types.CodeActionKind.QuickFix and wrap.diagnostics[0].code == "SHL001"
    new = apply(PRECV_STEP, edits_by_uri(wrap.edit)[u])
    assert "shard_map" in new
    replace_all(client, u, 2, new)
    # No error is left (a lone precv still earns the SHL101 pairing warning).
    await until(lambda: u in client.diagnostics and "SHL001" not in codes(client, u), what="SHL001 gone")
    assert not [x for x in client.diagnostics[u] if x.severity == types.DiagnosticSeverity.Error]
    before = run_jax(PRECV_STEP, tmp_path)
    assert before.returncode != 0, "the unfixed program must fail to lower"
    after = run_jax(new, tmp_path)
    assert after.returncode == 0, after.stderr[-2000:]


async def test_suppress_quick_fix(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_UNDER_JIT})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    d = await shl001(client, u)
    others = [c for c in codes(client, u) if c != "SHL001"]
    sup = next(a for a in await actions_at(client, u, d) if a.title.startswith("Suppress"))
    new = apply(PRECV_UNDER_JIT, edits_by_uri(sup.edit)[u])
    assert "# shardlint: ignore[SHL001]" in new.splitlines()[d.range.start.line]
    replace_all(client, u, 2, new)
    await until(lambda: u in client.diagnostics and codes(client, u) == others, what="suppressed")


async def test_wrap_spans_files_from_helper_to_entry(client, tmp_path):
    write(tmp_path, {
        "helpers.py": 'import jax\nfrom jax import lax\n\n\ndef recv(t):\n'
                      '    return lax.precv(t, jax.ShapeDtypeStruct((2,), jax.numpy.float32), "x", [(0, 1)])\n',
        "main.py": "import jax\nfrom jax import lax\nfrom helpers import recv\n\n\n"
                   "@jax.jit\ndef f(t):\n    return recv(t)\n\n\nf(lax.create_token())\n",
    })
    await start(client, tmp_path)
    hu = open_doc(client, tmp_path / "helpers.py")
    d = await shl001(client, hu)
    wrap = next(a for a in await actions_at(client, hu, d) if a.title.startswith("Wrap in jax.shard_map"))
    per_file = edits_by_uri(wrap.edit)
    mu = uri(tmp_path / "main.py")
    assert mu in per_file, per_file.keys()  # the wrap lands at the entry, in the other file
    (tmp_path / "main.py").write_text(apply((tmp_path / "main.py").read_text(), per_file[mu]))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=mu, type=types.FileChangeType.Changed)]))
    await until(lambda: hu in client.diagnostics and "SHL001" not in codes(client, hu), what="helper cleared")


async def test_resolve_fills_edits_lazily(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_UNDER_JIT})

    def caps(c: types.ClientCapabilities):
        pull_capable(c)
        c.text_document.code_action.resolve_support = types.ClientCodeActionResolveOptions(properties=["edit"])
        c.text_document.code_action.data_support = True

    await start(client, tmp_path, caps="visual-studio-code", edit_caps=caps)
    u = open_doc(client, tmp_path / "main.py")
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=u)))
    d = next(x for x in report.items if x.code == "SHL001")
    actions = await actions_at(client, u, d, resolve=False)
    assert actions and all(a.edit is None and a.data for a in actions)
    resolved = await client.code_action_resolve_async(next(a for a in actions if a.title.startswith("Wrap")))
    assert "shard_map" in apply(PRECV_UNDER_JIT, edits_by_uri(resolved.edit)[u])


async def test_fix_all_source_action_applies_safe_fixes(client, tmp_path):
    write(tmp_path, {"k.py": PARTIAL_MANUAL})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "k.py")
    d = (await until(lambda: [x for x in client.diagnostics.get(u, []) if x.code == "SHL004"], what="SHL004"))[0]
    actions = await actions_at(client, u, d, only=[types.CodeActionKind.SourceFixAll])
    assert [a.kind for a in actions] == ["source.fixAll.shardlint"]
    new = apply(PARTIAL_MANUAL, edits_by_uri(actions[0].edit)[u])
    assert 'axis_names={"x"}' not in new
    replace_all(client, u, 2, new)
    await until(lambda: u in client.diagnostics and "SHL004" not in codes(client, u), what="SHL004 fixed")


async def test_fix_all_command_applies_through_the_client(client, tmp_path):
    write(tmp_path, {"k.py": PARTIAL_MANUAL})
    applied: list[types.ApplyWorkspaceEditParams] = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        applied.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "k.py")
    await until(lambda: "SHL004" in codes(client, u), what="SHL004")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="shardlint.fixAll", arguments=[u]))
    assert result["applied"] >= 1 and len(applied) == 1
    assert 'axis_names={"x"}' not in apply(PARTIAL_MANUAL, edits_by_uri(applied[0].edit)[u])


async def test_hover_shows_the_jax_error_first_then_the_call_path(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_UNDER_JIT})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    d = await shl001(client, u)
    inside = types.Position(line=d.range.start.line, character=d.range.start.character + 2)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=u), position=inside))
    rule = ALL_RULES["SHL001"]
    text = hover.contents.value
    assert text.startswith("**JAX raises**") and rule.name in text.splitlines()[0]
    assert text.index(rule.jax_error) < text.index("**Call path:**") < text.index(rule.fix)
    assert d.message not in text  # the editor shows the message beside the hover already
    first_step = d.related_information[0]
    assert f"[main.py:{first_step.location.range.start.line + 1}]({u}#L" in text
    assert hover.range == d.range
    outside = types.Position(line=0, character=0)
    assert await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=u), position=outside)) is None


async def test_fix_all_command_says_why_nothing_was_fixed(client, tmp_path):
    write(tmp_path, {"main.py": PRECV_UNDER_JIT, "clean.py": "x = 1\n"})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    await shl001(client, u)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="shardlint.fixAll", arguments=[u]))
    assert result["applied"] == 0
    assert result["reason"].startswith("only unsafe fixes for the 1 error in main.py"), result
    assert '"Wrap in jax.shard_map' in result["reason"]
    clean = open_doc(client, tmp_path / "clean.py")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="shardlint.fixAll", arguments=[clean]))
    assert result == {"applied": 0, "reason": "no problems in clean.py"}


# psend/precv lowered for TPU (SHL007): the pair becomes one ppermute; the psend statement and
# the `from jax.lax import psend, precv` it no longer needs go.
SENDRECV_TPU = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp
    from jax.lax import precv, psend
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


    def exchange(v):
        tok = psend(v, "x", [(0, 1), (1, 0), (2, 3), (3, 2)])
        return precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1), (1, 0), (2, 3), (3, 2)])


    f = jax.shard_map(exchange, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
    jax.jit(f).trace(jax.ShapeDtypeStruct((64, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
""")


@pytest.mark.jax
async def test_ppermute_quick_fix_edits_across_the_function_and_jax_lowers_it(client, tmp_path):
    write(tmp_path, {"main.py": SENDRECV_TPU})
    await start(client, tmp_path)
    u = open_doc(client, tmp_path / "main.py")
    d = (await until(lambda: [x for x in client.diagnostics.get(u, []) if x.code == "SHL007"], what="SHL007"))[0]
    fix = next(a for a in await actions_at(client, u, d) if a.title.startswith("Replace the psend/precv pair"))
    new = apply(SENDRECV_TPU, edits_by_uri(fix.edit)[u])
    assert "psend" not in new and 'return ppermute(v, "x", [(0, 1), (1, 0), (2, 3), (3, 2)])' in new
    replace_all(client, u, 2, new)
    await until(lambda: u in client.diagnostics and "SHL007" not in codes(client, u), what="SHL007 gone")
    assert not [x for x in client.diagnostics[u] if x.severity == types.DiagnosticSeverity.Error]
    assert run_jax(SENDRECV_TPU, tmp_path).returncode != 0, "the unfixed program must fail to lower"
    after = run_jax(new, tmp_path)
    assert after.returncode == 0, after.stderr[-2000:]
