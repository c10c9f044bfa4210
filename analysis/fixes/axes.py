"""The axes a shard_map or a collective names: make every mesh axis manual (a partial-manual
shard_map, SHL001-SHL005), use the axis the transformations around a call bind (a misspelt axis,
SHL005/SHL006: at the call, or at the literal the name came from) or drop it from a tuple that
names the bound ones, name the axis of a pmap or vmap that names none (SHL005), stop checking
varying manual axes (SHL013, SHL108), pass axis names as a tuple (SHL021)."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import AxisSource, AxisTuple, DropAxis, ManualAxes, RenameAxis, UnnamedAxis, VmaCheck
from .edits import append_kwarg, remove_keywords, replace_node, sequence, tuple_text
from .registry import FixContext, fixer
from .tree import argument, callee_name, keyword_index, literal_str

TITLE_MANUAL = "Make all mesh axes manual"


def quoted(mod, name: str) -> str:
    """`name` as a string literal in the quotes the file mostly uses."""
    q = '"' if mod.text.count('"') > mod.text.count("'") else "'"
    return f"{q}{name}{q}" if q not in name and "\\" not in name else repr(name)


@fixer("manual_axes", ManualAxes)
def manual_axes(diag: Diagnostic, fact: ManualAxes, ctx: FixContext) -> Fix | None:
    """`axis_names=` (the experimental `auto=`) goes from the shard_map, or from the
    `functools.partial(jax.shard_map, ..., axis_names=...)` it is made with: every axis is
    manual. Over a mesh of Explicit axes `in_specs=` goes too: an input sharded over an axis
    that was automatic must then be given a spec naming it, and without in_specs shard_map
    takes each input's own."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    if keyword_index(call, fact.keyword) is None and isinstance(call.func, cst.Name):
        made = mod.assigned_value(call, call.func.value)
        if isinstance(made, cst.Call) and callee_name(made.func) in ("partial", "functools.partial"):
            call = made
    if keyword_index(call, fact.keyword) is None:
        return None
    return Fix(TITLE_MANUAL, "safe",
               tuple(remove_keywords(mod, call, (fact.keyword, "in_specs") if fact.explicit else (fact.keyword,))))


@fixer("check_vma", VmaCheck)
def check_vma(diag: Diagnostic, fact: VmaCheck, ctx: FixContext) -> Fix | None:
    """`check_vma=False` (`check_rep=False`) on the shard_map around the kernel or the loop."""
    found = ctx.call_at(fact.site)
    if found is None or not found[1].args:
        return None
    mod, call = found
    title = f"Pass {fact.keyword}=False to the shard_map"
    other = "check_rep" if fact.keyword == "check_vma" else "check_vma"
    if keyword_index(call, other) is not None:
        return None  # the check is given under the other version's spelling: SHL008's fix renames it
    idx = keyword_index(call, fact.keyword)
    if idx is not None:
        value = call.args[idx].value
        if isinstance(value, cst.Name) and value.value == "False":
            return None  # already off: the facts are older than the text
        return Fix(title, "safe", (replace_node(mod, value, "False"),))
    return Fix(title, "safe", (append_kwarg(mod, call, f"{fact.keyword}=False"),))


def _axis_literal(ctx: FixContext, site, axis: str):
    """The call at `site`, its module, and the string literal naming `axis` in it (alone or in a
    tuple of axes; or where a name the call passes is assigned) with the tuple holding it (None
    for a literal alone); None where the call holds no such literal."""
    found = ctx.call_at(site)
    if found is None:
        return None
    mod, call = found
    for arg in call.args:
        value = arg.value
        if isinstance(value, cst.Name):  # axes held by a name: fixed where it is assigned
            value = mod.assigned_value(call, value.value)
        if literal_str(value) == axis:
            return mod, value, None
        if isinstance(value, (cst.Tuple, cst.List)):
            names = [literal_str(e.value) for e in value.elements]
            if axis in names:
                return mod, value.elements[names.index(axis)].value, value
    return None


@fixer("rename_axis", RenameAxis)
def rename_axis(diag: Diagnostic, fact: RenameAxis, ctx: FixContext) -> Fix | None:
    """The string literal naming the misspelt axis in the call becomes the bound axis the rule
    found closest."""
    found = _axis_literal(ctx, fact.site, fact.axis)
    if found is None:
        return None
    mod, string, _ = found
    return Fix(f"Use axis {fact.to!r}", "unsafe",
               (replace_node(mod, string, f"{string.quote}{fact.to}{string.quote}"),))


@fixer("drop_axis", DropAxis)
def drop_axis(diag: Diagnostic, fact: DropAxis, ctx: FixContext) -> Fix | None:
    """The axis goes from the tuple of axes the call names, which keeps the ones bound around it.
    Preferred to making every mesh axis manual: the shard_map stays as it was written. Safe where
    the reduction over that axis computed nothing (`DropAxis.keeps_values`)."""
    found = _axis_literal(ctx, fact.site, fact.axis)
    if found is None or found[2] is None:
        return None
    mod, string, axes = found
    kept = [mod.text_of(e.value) for e in axes.elements if e.value is not string]
    return Fix(f"Drop axis {fact.axis!r}", "safe" if fact.keeps_values else "unsafe",
               (replace_node(mod, axes, sequence(axes, kept)),))


@fixer("rename_axis_source", AxisSource)
def rename_axis_source(diag: Diagnostic, fact: AxisSource, ctx: FixContext) -> Fix | None:
    """The string literal the misspelt axis was traced to (a field default, a constructor
    argument, a config entry), where the call itself holds no literal to rename."""
    if rename_axis(diag, RenameAxis(fact.site, fact.axis, fact.to), ctx) is not None:
        return None  # the call (or the name it passes) is fixed where rename_axis fixes it
    mod = ctx.module(fact.literal.path)
    string = mod.node_at(fact.literal, (cst.SimpleString,)) if mod is not None else None
    if string is None or literal_str(string) != fact.axis:
        return None
    return Fix(f"Use axis {fact.to!r} where {fact.axis!r} is written", "unsafe",
               (replace_node(mod, string, f"{string.quote}{fact.to}{string.quote}"),))


@fixer("axis_name", UnnamedAxis)
def axis_name(diag: Diagnostic, fact: UnnamedAxis, ctx: FixContext) -> Fix | None:
    """`axis_name=` on the pmap or vmap that names no axis, so that it binds the collective's."""
    found = ctx.call_at(fact.site)
    if found is None or keyword_index(found[1], "axis_name") is not None:
        return None
    mod, call = found
    return Fix(f"Name the axis {fact.axis!r} (axis_name=)", "unsafe",
               (append_kwarg(mod, call, f"axis_name={quoted(mod, fact.axis)}"),))


@fixer("axis_tuple", AxisTuple)
def axis_tuple(diag: Diagnostic, fact: AxisTuple, ctx: FixContext) -> Fix | None:
    """The axis names given as a tuple: a list display becomes a tuple display, anything else is
    passed through `tuple(...)`."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    axes = argument(call, "axis_name", 1)
    if axes is None or isinstance(axes, (cst.Tuple, cst.SimpleString)) or \
            (isinstance(axes, cst.Call) and callee_name(axes.func) == "tuple"):
        return None  # a tuple already, or one axis name
    if isinstance(axes, cst.List):
        items = [mod.text_of(e.value) for e in axes.elements if isinstance(e, cst.Element)]
        if len(items) != len(axes.elements):
            return None  # a starred item
        text = tuple_text(items)
    else:
        text = f"tuple({mod.text_of(axes)})"
    return Fix("Pass the axis names as a tuple", "safe", (replace_node(mod, axes, text),))
