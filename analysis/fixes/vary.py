"""A reduction over several manual axes of a value that varies over only some of them (SHL022):
`jax.lax.psum(loss, ("data", "model"))` of a loss that is the same on every device along
`'model'`. The operand is made varying over the others where it is passed,
`jax.lax.pcast(x, axes, to='varying')`: the sum then adds each device's copy, as JAX did before
0.8.2 (the one JAX that reports the problem already has pcast)."""

from __future__ import annotations

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import VaryFirst
from .axes import quoted
from .edits import replace_node
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
