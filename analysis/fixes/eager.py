"""Make a Flax NNX model without eager sharding (SHL026): Flax 0.12 shards a variable whose
metadata carries a sharding where it is made, over the context mesh, and inside a shard_map that
mesh is manual. There each device makes its own variables, which hold its own block (the
shard_map's specs say how the blocks make the whole), so the statement of the shard_map's body
that makes the model goes under `with nnx.use_eager_sharding(False):`."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Edit, Fix
from ..fixfacts import EagerSharding
from .frameworks import nnx_module
from .importer import Importer
from .registry import FixContext, fixer
from .tree import walk

TITLE = "Make the model without eager sharding (inside the shard_map)"
_STRINGS = (cst.SimpleString, cst.FormattedString)


@fixer("eager_sharding", EagerSharding)
def no_eager_sharding(diag: Diagnostic, fact: EagerSharding, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    stmt = mod.statement_of(call)
    # the statement must run the call itself (not define a lambda or a function that does), and
    # indenting it must not change a string that spans lines
    if mod.function_of(call) is not mod.function_of(stmt) or any(
            isinstance(n, _STRINGS) and mod.pos[n].start.line != mod.pos[n].end.line for n in walk(stmt)):
        return None
    first, col = mod.start_of(stmt)
    last = mod.pos[stmt].end.line
    indent, unit = mod.line_text(first)[:col], mod.module.default_indent
    imp = Importer(mod, call)
    lines = [f"{indent}with {nnx_module(imp)}.use_eager_sharding(False):{mod.newline}"]
    lines += [unit + line if line.strip() else line for line in mod.lines[first - 1:last]]
    if not lines[-1].endswith(("\n", "\r")):
        lines[-1] += mod.newline
    edit = Edit(mod.path, first, 1, last + 1, 1, "".join(lines))
    return Fix(TITLE, "unsafe", imp.with_imports([edit], call))
