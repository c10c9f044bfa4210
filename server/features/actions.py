"""Code actions: the quick fixes of the diagnostics under the cursor, `source.fixAll.shardlint`,
their deferred edits (`codeAction/resolve`), and the `shardlint.fixAll` command.

Fixes are built by `analysis.fixes` (libcst) on the fixer thread, from the open buffers as they
are now. A fix that edits another file says which in its title. Without libcst (an interpreter
that lacks it, with the extension's platform-independent bundle) diagnostics still work and the
fixes say why they are missing, once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from shardlint.analysis.diagnostics import Diagnostic, Fix, Severity

from .. import convert
from . import command, diagnostics, feature

if TYPE_CHECKING:
    from ..lsp import Root, ShardlintServer

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.shardlint"
FIX_ALL_COMMAND = "shardlint.fixAll"
FIX_ALL_TITLE = "shardlint: apply all safe fixes"

_missing: list[str] = []  # why `analysis.fixes` cannot be imported, once known


def _fixes(ls: ShardlintServer):
    try:
        from shardlint.analysis import fixes
    except ImportError as e:
        if not _missing:
            _missing.append(f"quick fixes are unavailable: {e} (they need libcst in {sys.executable}); "
                            "diagnostics are unaffected")
            ls.notify(types.MessageType.Warning, _missing[0])
        return None
    return fixes


def _wants(only, kind: str) -> bool:
    return not only or any(kind == k or kind.startswith(k + ".") for k in only)


def _at_range(ls: ShardlintServer, root: Root, path: str, rng: types.Range,
              context: types.CodeActionContext, lines_of) -> list[Diagnostic]:
    lines = lines_of(path)
    a = convert.engine_position(lines, rng.start, ls.encoding)
    b = convert.engine_position(lines, rng.end, ls.encoding)
    hits = [d for d in root.results.get(path, []) if (d.line, d.column) <= b and (d.end_line, d.end_column) >= a]
    ours = [(c.code, c.range.start.line) for c in context.diagnostics if c.source == diagnostics.SOURCE]
    if ours:
        hits = [d for d in hits if (d.code, d.line - 1) in ours] or hits
    return hits


def titled(fix: Fix, path: Path, folder: Path) -> str:
    """The fix's title, naming the other files it edits: "Wrap in jax.shard_map (in train.py)"."""
    others = sorted({str(Path(e.path).resolve()) for e in fix.edits} - {str(path)})
    if not others:
        return fix.title
    return f"{fix.title} (in {', '.join(convert.shown_path(p, folder) for p in others)})"


async def _fix_all(ls: ShardlintServer, fixes, root: Root, path: str, read: Callable[[str], str]):
    return await ls.fixer.submit(fixes.fix_all, path, read(path), root.results.get(path, []), root.config, False, read)


def why_nothing(fixes, path: str, diags: list[Diagnostic], read: Callable[[str], str], config) -> str:
    """Why `fix_all` has no safe edit for `path` (runs on the fixer thread)."""
    errors = [d for d in diags if d.severity == Severity.ERROR]
    name = Path(path).name
    if not diags:
        return f"no problems in {name}"
    if not errors:
        return f"no errors in {name}: fix all rewrites only code that JAX would reject"
    if not fixes.fix_all(path, read(path), diags, config, True, read):
        return f"no fix is known for the {_count(len(errors), 'error')} in {name}"
    unsafe = next((f.title for d in errors for f in fixes.fixes_for(d, read, config)
                   if f.applicability == "unsafe"), "")
    return (f"only unsafe fixes for the {_count(len(errors), 'error')} in {name} (such as \"{unsafe}\"): "
            "they change what the code computes, so apply them one by one from the quick fixes (Ctrl+.)")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


@feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True))
async def code_action(ls: ShardlintServer, params: types.CodeActionParams):
    found = await diagnostics.settled(ls, params.text_document.uri)
    if found is None:
        return None
    path, root = found
    fixes = _fixes(ls)
    if fixes is None:
        return []
    spath = str(path)
    lazy = "edit" in (ls.cap("text_document.code_action.resolve_support.properties", []) or [])
    read = ls.snapshot_reader()
    only = params.context.only
    lines_of = ls.lines_of({})
    actions: list[types.CodeAction] = []
    if _wants(only, types.CodeActionKind.QuickFix):
        for d in _at_range(ls, root, spath, params.range, params.context, lines_of):
            found = await ls.fixer.submit(fixes.fixes_for, d, read, root.config)
            lsp_d = diagnostics.to_lsp(ls, d, lines_of)
            for i, fix in enumerate(found):
                action = types.CodeAction(title=titled(fix, path, root.folder), kind=types.CodeActionKind.QuickFix,
                                          diagnostics=[lsp_d], is_preferred=i == 0)
                if lazy:
                    action.data = {"id": ls.remember(("fix", fix)), "uri": params.text_document.uri}
                else:
                    action.edit = ls.workspace_edit(fix.edits, read)
                actions.append(action)
    if _wants(only, FIX_ALL_KIND) and root.results.get(spath):
        action = types.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL_KIND)
        if lazy:
            action.data = {"id": ls.remember(("all", spath)), "uri": params.text_document.uri}
            actions.append(action)
        elif edits := await _fix_all(ls, fixes, root, spath, read):
            action.edit = ls.workspace_edit(edits, read)
            actions.append(action)
    return actions


@feature(types.CODE_ACTION_RESOLVE)
async def code_action_resolve(ls: ShardlintServer, action: types.CodeAction) -> types.CodeAction:
    data = action.data if isinstance(action.data, dict) else {}
    payload = ls.fix_cache.get(str(data.get("id")))
    fixes = _fixes(ls)
    if payload is None or fixes is None:
        ls.log(types.MessageType.Warning, f"code action {action.title!r} is stale; ask for code actions again")
        return action
    read = ls.snapshot_reader()
    if payload[0] == "fix":
        action.edit = ls.workspace_edit(payload[1].edits, read)
    else:
        root = ls.root_for(Path(payload[1]))
        await diagnostics.settle(ls, root)
        action.edit = ls.workspace_edit(await _fix_all(ls, fixes, root, payload[1], read), read)
    return action


@command(FIX_ALL_COMMAND)
async def fix_all_command(ls, *args):  # no annotations: pygls reads them to structure the arguments
    """`shardlint.fixAll <uri>`: apply every safe fix of the file through workspace/applyEdit.
    Answers `{"applied": N}`, with `"reason"` when N is 0."""
    found = await diagnostics.settled(ls, args[0] if args else None)
    if found is None:
        raise JsonRpcInvalidParams(f"{FIX_ALL_COMMAND} needs the file URI as its argument")
    path, root = found
    fixes = _fixes(ls)
    if fixes is None:
        return {"applied": 0, "reason": _missing[0]}
    read = ls.snapshot_reader()
    spath = str(path)
    edits = await _fix_all(ls, fixes, root, spath, read)
    if not edits:
        reason = await ls.fixer.submit(why_nothing, fixes, spath, root.results.get(spath, []), read, root.config)
        return {"applied": 0, "reason": reason}
    res = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(
        edit=ls.workspace_edit(edits, read), label="shardlint: fix all"))
    if not res.applied:
        return {"applied": 0, "reason": f"the editor did not apply the edit{': ' + res.failure_reason if res.failure_reason else ''}"}
    return {"applied": len(edits)}
