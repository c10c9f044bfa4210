"""Where Flax NNX makes a model whose variables' metadata carries a sharding (SHL026): Flax 0.12
shards such a variable where it is made, over the context mesh.
- Inside a shard_map that mesh is manual. There each device makes its own variables, which hold
  its own block (the shard_map's specs say how the blocks make the whole), so the statement of
  the shard_map's body that makes the model goes under `with nnx.use_eager_sharding(False):`.
- With no mesh entered, the statement that makes it (and those after it that use what it binds:
  an optimizer over the model shards its state as the model's) goes under
  `with jax.set_mesh(mesh):`."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Edit, Fix
from ..fixfacts import EagerSharding, EnterMesh
from .frameworks import nnx_module
from .mesh import find_or_insert_mesh
from .importer import Importer
from .registry import FixContext, fixer
from .tree import walk

TITLE = "Make the model without eager sharding (inside the shard_map)"
TITLE_ENTER = "Make the model under `with jax.set_mesh({mesh}):`"
_STRINGS = (cst.SimpleString, cst.FormattedString)


@fixer("eager_sharding", EagerSharding)
def no_eager_sharding(diag: Diagnostic, fact: EagerSharding, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    stmt = mod.statement_of(call)
    if not _indentable(mod, call, [stmt]):
        return None
    imp = Importer(mod, call)
    edit = _under(mod, [stmt], f"{nnx_module(imp)}.use_eager_sharding(False)", [])
    return Fix(TITLE, "unsafe", imp.with_imports([edit], call))


@fixer("enter_mesh", EnterMesh)
def enter_mesh(diag: Diagnostic, fact: EnterMesh, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    stmt = mod.statement_of(call)
    group = [stmt, *_users(mod, stmt)]
    if not isinstance(stmt, cst.SimpleStatementLine) or not _indentable(mod, call, group):
        return None
    imp = Importer(mod, call)
    inserted: list = []
    mesh, _ = find_or_insert_mesh(imp, inserted, fact.meshes, list(fact.axes), call)
    above = [e.new_text for e in inserted]  # a new mesh: made right above the `with`
    edit = _under(mod, group, f"{imp.jax_attribute('jax.set_mesh')}({mesh})", above)
    return Fix(TITLE_ENTER.format(mesh=mesh), "unsafe", imp.with_imports([edit], call))


def _indentable(mod, call, stmts: list) -> bool:
    """Whether the statements run the call themselves (they do not define a lambda or a function
    that does) and indenting them changes no string that spans lines."""
    return mod.function_of(call) is mod.function_of(stmts[0]) and not any(
        isinstance(n, _STRINGS) and mod.pos[n].start.line != mod.pos[n].end.line for s in stmts for n in walk(s))


def _users(mod, stmt) -> list:
    """The simple statements right after `stmt` in its block that each use a name bound by it or
    by one of them (`optimizer = nnx.Optimizer(model, ...)` after `model = Model(...)`)."""
    block = mod.parent.get(stmt)
    body = list(block.body) if isinstance(block, (cst.Module, cst.IndentedBlock)) else []
    bound = _bound(stmt)
    out = []
    for nxt in body[body.index(stmt) + 1:] if stmt in body else []:
        if not isinstance(nxt, cst.SimpleStatementLine) or not any(
                isinstance(n, cst.Name) and n.value in bound for n in walk(nxt)):
            break
        out.append(nxt)
        bound |= _bound(nxt)
    return out


def _bound(stmt) -> set:
    """The names a simple statement assigns."""
    return {n.value for small in getattr(stmt, "body", ()) if isinstance(small, (cst.Assign, cst.AnnAssign))
            for t in (small.targets if isinstance(small, cst.Assign) else [small])
            for n in walk(t.target) if isinstance(n, cst.Name)}


def _under(mod, stmts: list, manager: str, above: list) -> Edit:
    """An edit putting the statements under `with manager:`, with `above` (whole lines) first."""
    first, col = mod.start_of(stmts[0])
    last = mod.pos[stmts[-1]].end.line
    indent, unit = mod.line_text(first)[:col], mod.module.default_indent
    lines = [*above, f"{indent}with {manager}:{mod.newline}"]
    lines += [unit + line if line.strip() else line for line in mod.lines[first - 1:last]]
    if not lines[-1].endswith(("\n", "\r")):
        lines[-1] += mod.newline
    return Edit(mod.path, first, 1, last + 1, 1, "".join(lines))
