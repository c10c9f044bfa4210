"""Collectives in code that JAX partitions automatically (a jit over sharded arrays, GSPMD): a
pmean, pmax or pmin there works on whole arrays, which are the same on every device, so the
fix drops it and keeps its operand (SHL005); so does the fix of a reduction over the axis name
None (a logical axis its rules leave unsharded: nothing to reduce). Wrapping such a function in shard_map instead
would make every value in it a per-device block, which its `with_sharding_constraint`s and
the shapes it computes do not expect. A sharding constraint inside a shard_map, where JAX
rejects it, is dropped the same way (SHL024)."""

from __future__ import annotations

import libcst as cst

from .. import apis
from ..diagnostics import Diagnostic, Fix
from ..fixfacts import DropConstraint, GlobalReduction
from .edits import OPEN, delete_lines, replace_node
from .registry import FixContext, fixer
from .tree import argument, callee_name

_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.SimpleString, cst.Integer, cst.Float,
          cst.Tuple, cst.List, cst.Dict)


@fixer("drop_reduction", GlobalReduction)
def drop_reduction(diag: Diagnostic, fact: GlobalReduction, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    operand = argument(call, "x", 0)
    name = callee_name(call.func)
    if operand is None or name is None or name.rsplit(".", 1)[-1] not in apis.REDUCTIONS:
        return None  # (a framework layer's own reduction, a BatchNorm's: not a call to drop)
    why = "the jitted function works on whole arrays" if fact.why == "whole" else "it reduces over no axis"
    return _drop(mod, call, operand, f"Drop the {name.rsplit('.', 1)[-1]} ({why})")


@fixer("drop_constraint", DropConstraint)
def drop_constraint(diag: Diagnostic, fact: DropConstraint, ctx: FixContext) -> Fix | None:
    """SHL024: a sharding constraint inside a shard_map constrains blocks that each device holds
    whole: its operand takes its place."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    operand = argument(call, "x", 0)
    if operand is None:
        return None
    return _drop(mod, call, operand, "Drop the sharding constraint (inside shard_map)")


def _drop(mod, call: cst.Call, operand, title: str) -> Fix:
    """`call` replaced by its `operand`; `x = call(x, ...)` goes as a whole."""
    stmt = _self_assignment(mod, call, operand)
    if stmt is not None:
        return Fix(title, "unsafe", (delete_lines(mod, stmt),))
    text = mod.text_of(operand)
    if not isinstance(operand, _ATOMS) and not isinstance(mod.parent.get(call), OPEN):
        text = f"({text})"
    return Fix(title, "unsafe", (replace_node(mod, call, text),))


def _self_assignment(mod, call: cst.Call, operand) -> cst.SimpleStatementLine | None:
    """The statement `x = call` of `x` itself (`x, y = call((x, y), ...)` too), when it is not
    alone in its block."""
    assign = mod.parent.get(call)
    line = mod.parent.get(assign)
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
            and _names(assign.targets[0].target) is not None
            and _names(assign.targets[0].target) == _names(operand)
            and isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
        return None
    block = mod.parent.get(line)
    body = getattr(block, "body", ())
    return line if isinstance(body, (list, tuple)) and len(body) > 1 else None


def _names(node) -> tuple[str, ...] | None:
    """`x` -> ("x",), `x, y` or `(x, y)` -> ("x", "y"); None for anything else."""
    if isinstance(node, cst.Name):
        return (node.value,)
    if isinstance(node, (cst.Tuple, cst.List)) and node.elements and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in node.elements):
        return tuple(e.value.value for e in node.elements)
    return None
