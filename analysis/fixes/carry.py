"""A loop carry that starts out varying over fewer manual axes than the body makes it (SHL013):
a ring-attention accumulator started from `jnp.zeros(...)` inside shard_map, to which the body
adds what it computes from the varying blocks. Those parts of the initial value are made
varying where they are written: `jax.lax.pcast(x, axes, to='varying')` (JAX 0.8.2 on;
`jax.lax.pvary(x, axes)` before), in the loop call's own tuple or in the one tuple assigned to
the name it passes. A carry whose dtype the body changes (SHL039): the part cast where it is
written. An update written into an array of another dtype (SHL042): the update cast to it."""

from __future__ import annotations

import itertools

import libcst as cst

from .. import apis
from ..diagnostics import Diagnostic, Fix
from ..fixfacts import CarryInit, CastCarry, CastOperands
from .axes import quoted
from .edits import replace_node
from .importer import Importer
from .registry import FixContext, fixer
from .tree import argument, walk

_PCAST = (0, 8, 2)
TITLE_CAST = "Cast the initial carry to the {dtype} the body returns"
TITLE_CAST_TREE = "Cast the initial carry's {source} arrays to the {dtype} the body returns"
TITLE_CAST_OPERANDS = "Cast {what} to {dtype}, the dtype {kept}"


@fixer("carry_init", CarryInit)
def carry_init(diag: Diagnostic, fact: CarryInit, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    row = apis.API.get(fact.api)
    if found is None or row is None or row.carry is None:
        return None
    mod, call = found
    names = [a.arg for a in (*row.params.posonlyargs, *row.params.args)]
    init = argument(call, row.carry, names.index(row.carry)) if row.carry in names else None
    init = _written(mod, call, init)
    if init is None:
        return None
    imp = Importer(mod, call)
    pcast = ctx.version(fact.jax_version) >= _PCAST
    edits = []
    for leaf in fact.leaves:
        node, axes = init, leaf.axes
        for i in leaf.path:
            elements = node.elements if isinstance(node, (cst.Tuple, cst.List)) else ()
            if not 0 <= i < len(elements) or isinstance(elements[i], cst.StarredElement):
                return None
            node = elements[i].value
        spelled = quoted(mod, axes[0]) if len(axes) == 1 else f"({', '.join(quoted(mod, a) for a in axes)})"
        text = mod.text_of(node)
        edits.append(replace_node(mod, node, f"{imp.jax()}.lax.pcast({text}, {spelled}, to={quoted(mod, 'varying')})"
                                  if pcast else f"{imp.jax()}.lax.pvary({text}, {spelled})"))
    if not edits:
        return None
    axes = sorted({a for leaf in fact.leaves for a in leaf.axes})
    title = f"Make the initial carry vary over {', '.join(map(repr, axes))} (jax.lax.{'pcast' if pcast else 'pvary'})"
    return Fix(title, "unsafe", imp.with_imports(edits, mod.statement_of(call)))


def _written(mod, call: cst.Call, init) -> cst.BaseExpression | None:
    """The initial value as written: the argument itself, or for a name, the one value the
    function around the call (or the module) assigns it before the call."""
    if not isinstance(init, cst.Name):
        return init
    scope = mod.function_of(call) or mod.module
    start = mod.pos[call].start
    values = []
    for node in walk(scope):
        if isinstance(node, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == init.value for t in node.targets):
            values.append(node)
    if len(values) != 1 or len(values[0].targets) != 1 or mod.function_of(values[0]) is not mod.function_of(call):
        return None
    at = mod.pos[values[0]].start
    return values[0].value if (at.line, at.column) < (start.line, start.column) else None


@fixer("cast_carry", CastCarry)
def cast_carry(diag: Diagnostic, fact: CastCarry, ctx: FixContext) -> Fix | None:
    """SHL039: the part of the initial carry whose dtype the body changes is cast to the body's
    (`x.astype(jnp.float32)`): a whole carry where the call passes it, a part of a tuple where
    it is written (in the call's own tuple, or in the one tuple assigned to the name it passes).
    Where the part is an array in a module or an NNX state, the arrays of its dtype in the tuple
    item holding it (the whole carry, where that item is not written out) are cast, with
    `jax.tree.map`, and nothing else in it."""
    found = ctx.positional_at(fact.site, fact.arg)
    if found is None:
        return None
    mod, call, whole = found
    indices = tuple(itertools.takewhile(lambda i: isinstance(i, int), fact.path))
    node = _written(mod, call, whole) if indices else whole
    for i in indices:
        node = _element(node, i)
    inside = len(indices) < len(fact.path)
    if node is None and inside:
        node = whole
    if node is None:
        return None
    if not inside:
        return _cast(mod, call, [(node, False)], fact.dtype, TITLE_CAST.format(dtype=fact.dtype))
    imp = Importer(mod, call)
    new, old = imp.jax_attribute(f"jax.numpy.{fact.dtype}"), imp.jax_attribute(f"jax.numpy.{fact.source}")
    text = (f"{imp.jax_attribute('jax.tree.map')}(lambda a: a.astype({new}) if getattr(a, \"dtype\", None) == {old} "
            f"else a, {mod.text_of(node)})")
    return Fix(TITLE_CAST_TREE.format(source=fact.source, dtype=fact.dtype), "unsafe",
               imp.with_imports([replace_node(mod, node, text)], mod.statement_of(call)))


def _element(node: cst.BaseExpression | None, i: int) -> cst.BaseExpression | None:
    """Item `i` of a tuple or list written out (None where `node` is none, or it is not there as
    written: a starred item before it)."""
    elements = node.elements if isinstance(node, (cst.Tuple, cst.List)) else ()
    if not 0 <= i < len(elements) or any(isinstance(e, cst.StarredElement) for e in elements[:i + 1]):
        return None
    return elements[i].value


@fixer("cast_operands", CastOperands)
def cast_operands(diag: Diagnostic, fact: CastOperands, ctx: FixContext) -> Fix | None:
    """SHL042: the operands of a `jax.lax` operation of one dtype that are of another cast to the
    dtype its result is to keep (a `dynamic_update_slice`'s update to its operand's, as
    `.at[...].set` casts it; `select`'s case if false to its case if true; the other arrays of a
    `concatenate` to its first's). A Python number becomes an array of that dtype."""
    nodes = []
    for at in fact.at:
        found = ctx.positional_at(fact.site, at[0])
        if found is None:
            return None
        mod, call, node = found
        node = _element(node, at[1]) if len(at) == 2 else node
        if node is None:
            return None
        nodes.append(node)
    if not nodes:
        return None
    name = mod.text_of(call.func).rsplit(".", 1)[-1]
    update = name.startswith("dynamic_update_")
    what = "the update" if update else "the operand" if len(nodes) == 1 else "the operands"
    kept = "of the array it is written into" if update else "of the result"
    return _cast(mod, call, list(zip(nodes, fact.numbers)), fact.dtype,
                 TITLE_CAST_OPERANDS.format(what=what, dtype=fact.dtype, kept=kept))


def _cast(mod, call, nodes: list, dtype: str, title: str) -> Fix:
    """Each of `nodes`, arguments of `call` (with whether each is a Python number), cast to
    `dtype` where it is written: `x.astype(jnp.<dtype>)`, `jnp.<dtype>(0.5)`."""
    imp = Importer(mod, call)
    attr = imp.jax_attribute(f"jax.numpy.{dtype}")
    edits = []
    for node, number in nodes:
        text = mod.text_of(node)
        if number:
            edits.append(replace_node(mod, node, f"{attr}({text})"))
            continue
        if not isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            text = f"({text})"
        edits.append(replace_node(mod, node, f"{text}.astype({attr})"))
    return Fix(title, "unsafe", imp.with_imports(edits, mod.statement_of(call)))
