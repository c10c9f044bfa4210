"""A reduction over several manual axes of a value that varies over only some of them (SHL022):
`jax.lax.psum(loss, ("data", "model"))` of a loss that is the same on every device along
`'model'`. The operand is made varying over the others where it is passed,
`jax.lax.pcast(x, axes, to='varying')`: the sum then adds each device's copy, as JAX did before
0.8.2 (the one JAX that reports the problem already has pcast).

A `pvary` or `pcast(..., to='varying')` of a value that varies over those axes already
(SHL019) goes: its operand stands where it was."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import DropVary, VaryFirst
from .axes import quoted
from .edits import delete_lines, replace_node
from .importer import Importer
from .registry import FixContext, fixer
from .tree import argument


@fixer("vary_first", VaryFirst)
def vary_first(diag: Diagnostic, fact: VaryFirst, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None or not fact.axes:
        return None
    mod, call = found
    operand = argument(call, "x", 0)
    if operand is None:
        return None
    imp = Importer(mod, call)
    axes = quoted(mod, fact.axes[0]) if len(fact.axes) == 1 else \
        f"({', '.join(quoted(mod, a) for a in fact.axes)})"
    text = f"{imp.jax_attribute('jax.lax.pcast')}({mod.text_of(operand)}, {axes}, to={quoted(mod, 'varying')})"
    title = f"Make the operand vary over {', '.join(map(repr, fact.axes))} first (jax.lax.pcast)"
    return Fix(title, "unsafe", imp.with_imports([replace_node(mod, operand, text)], mod.statement_of(call)))


@fixer("drop_vary", DropVary)
def drop_vary(diag: Diagnostic, fact: DropVary, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    operand = argument(call, "x", 0)
    if operand is None:
        return None
    text = mod.text_of(operand)
    title = "Drop it (the value varies over those axes already)"
    stmt = mod.parent.get(call)
    line = mod.parent.get(stmt)
    if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 and mod.text_of(stmt.targets[0].target) == text \
            and isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
        return Fix(title, "safe", (delete_lines(mod, line),))  # `x = pvary(x, ...)` goes
    if not isinstance(operand, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Tuple, cst.List)) and \
            not isinstance(stmt, (cst.Return, cst.Assign, cst.AnnAssign, cst.Expr, cst.Arg, cst.Element)):
        text = f"({text})"  # where the call stood, something may bind tighter than the operand
    return Fix(title, "safe", (replace_node(mod, call, text),))
