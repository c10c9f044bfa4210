"""Perms that JAX rejects, fixed where they are written (the list or comprehension, wherever the
perm was built: a helper that returns it, a name assigned in the calling function or at module
level), so that psend and precv stay paired.
- SHL106: a ring whose wrap-around was left out (every device sends once, `[(i, i + 1) for i in
  range(n)]`) wraps around the axis (`(i + 1) % n`); otherwise only the pairs inside the axis
  are kept (a literal loses the others, a comprehension gets an `if i + 1 < size` clause).
- SHL103: where the repeats are pairs that send a device to itself (an index clamped at the
  edge of the axis, `min(i + 1, n - 1)`), those pairs go (`if i != min(i + 1, n - 1)`);
  otherwise a literal keeps the first pair of each repeated source or destination."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import PermDuplicates, PermOutOfRange
from .edits import insert_at, replace_node, sequence
from .registry import FixContext, fixer
from .tree import argument, int_pair

TITLE_IN_RANGE = "Keep only the perm pairs inside the axis (indices below {size})"
TITLE_RING = "Wrap the perm around the axis (indices modulo {size})"
TITLE_UNIQUE = "Keep only the first pair of each repeated source or destination"
TITLE_NO_SELF = "Drop the perm pairs that send a device to itself"

_PERM_NODES = (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer)


@fixer("perm_in_range", PermOutOfRange)
def perm_in_range(diag: Diagnostic, fact: PermOutOfRange, ctx: FixContext) -> list[Fix | None]:
    found = _perm(fact.site, fact.position, fact.written, ctx)
    if found is None:
        return []
    mod, perm = found
    return [ctx.attempt(_wrap_around, mod, perm, fact) if fact.ring else None,
            None if fact.negative else ctx.attempt(_in_range, mod, perm, fact)]


def _wrap_around(mod, perm, fact: PermOutOfRange) -> Fix | None:
    """The destinations modulo the axis size (a ring's sources are all inside the axis)."""
    if isinstance(perm, (cst.List, cst.Tuple)):
        pairs = [int_pair(e.value) for e in perm.elements]
        if not pairs or None in pairs:
            return None
        items = [mod.text_of(e.value) if 0 <= b < fact.size else f"({a}, {b % fact.size})"
                 for e, (a, b) in zip(perm.elements, pairs)]
        return Fix(TITLE_RING.format(size=fact.size), "unsafe", (replace_node(mod, perm, sequence(perm, items)),))
    pair = _comprehension_pair(perm)
    if pair is None:
        return None
    dst = pair[1]
    size = _range_bound(mod, perm) or str(fact.size)
    text = mod.text_of(dst) if isinstance(dst, _ATOMS) else f"({mod.text_of(dst)})"
    return Fix(TITLE_RING.format(size=size), "unsafe", (replace_node(mod, dst, f"{text} % {size}"),))


def _in_range(mod, perm, fact: PermOutOfRange) -> Fix | None:
    if isinstance(perm, (cst.List, cst.Tuple)):
        return _keep(mod, perm, TITLE_IN_RANGE.format(size=fact.size),
                     lambda pair, sources, destinations: max(pair) < fact.size)
    pair = _comprehension_pair(perm)
    if pair is None or perm.for_in.ifs:
        return None  # the author filters the pairs already
    sides = [e for e, bad in zip(pair, (fact.sources, fact.destinations)) if bad]
    if not sides:
        return None
    # a ring over `range(n)` names the axis size: the bound holds for any size
    size = (_range_bound(mod, perm) if fact.ring else None) or str(fact.size)
    cond = " and ".join(f"{mod.text_of(e)} < {size}" for e in sides)
    at = mod.pos[perm.for_in].end
    return Fix(TITLE_IN_RANGE.format(size=size), "unsafe", (insert_at(mod, at.line, at.column + 1, f" if {cond}"),))


@fixer("perm_unique", PermDuplicates)
def perm_unique(diag: Diagnostic, fact: PermDuplicates, ctx: FixContext) -> Fix | None:
    found = _perm(fact.site, fact.position, fact.written, ctx)
    if found is None:
        return None
    mod, perm = found
    if isinstance(perm, (cst.List, cst.Tuple)):
        if fact.self_pairs:
            return _keep(mod, perm, TITLE_NO_SELF, lambda pair, sources, destinations: pair[0] != pair[1])
        return _keep(mod, perm, TITLE_UNIQUE,
                     lambda pair, sources, destinations: pair[0] not in sources and pair[1] not in destinations)
    pair = _comprehension_pair(perm)
    if pair is None or not fact.self_pairs:
        return None
    at = mod.pos[perm.for_in].end
    cond = f"{mod.text_of(pair[0])} != {mod.text_of(pair[1])}"
    return Fix(TITLE_NO_SELF, "unsafe", (insert_at(mod, at.line, at.column + 1, f" if {cond}"),))


def _perm(site, position: int, written, ctx: FixContext):
    """The file and the perm of the call at `site`: where its list or comprehension is written,
    else where the name the call passes is assigned, else the argument itself."""
    if written is not None:
        mod = ctx.module(written.path)
        node = mod.node_at(written, _PERM_NODES) if mod is not None else None
        if node is not None:
            return mod, node
    found = ctx.call_at(site)
    if found is None:
        return None
    mod, call = found
    perm = argument(call, "perm", position)
    if isinstance(perm, cst.Name):
        perm = mod.assigned_value(call, perm.value)
    return mod, perm


def _comprehension_pair(perm) -> tuple | None:
    """The (source, destination) expressions of a comprehension over one loop that makes pairs."""
    if isinstance(perm, (cst.ListComp, cst.GeneratorExp)) and isinstance(perm.elt, cst.Tuple) \
            and len(perm.elt.elements) == 2 and perm.for_in.inner_for_in is None:
        return tuple(e.value for e in perm.elt.elements)
    return None


def _range_bound(mod, comp) -> str | None:
    """`n` of a comprehension over `range(n)`: the axis size, where every device is a source."""
    it = comp.for_in.iter
    if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range" \
            and len(it.args) == 1 and it.args[0].keyword is None and it.args[0].star == "":
        arg = it.args[0].value
        return mod.text_of(arg) if isinstance(arg, _ATOMS) else f"({mod.text_of(arg)})"
    return None


def _keep(mod, perm: cst.List | cst.Tuple, title: str, keep) -> Fix | None:
    """A literal perm with only the pairs `keep(pair, sources so far, destinations so far)`
    accepts; None unless every element is a pair of integers and some, not all, go."""
    pairs = [int_pair(e.value) for e in perm.elements]
    if not pairs or None in pairs:
        return None
    kept_flags, sources, destinations = [], set(), set()
    for p in pairs:
        kept_flags.append(keep(p, sources, destinations))
        sources.add(p[0])
        destinations.add(p[1])
    kept = [mod.text_of(e.value) for e, k in zip(perm.elements, kept_flags) if k]
    if not kept or len(kept) == len(pairs):
        return None
    return Fix(title, "unsafe", (replace_node(mod, perm, sequence(perm, kept)),))
