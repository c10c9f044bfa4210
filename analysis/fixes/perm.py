"""Perms that JAX rejects: keep only the pairs inside the axis (SHL106) or only the first pair of
each repeated source or destination (SHL103). A literal list of pairs loses the others; for
SHL106 a comprehension `[(s, s + 1) for s in range(n)]` gets an `if s + 1 < size` clause. A
perm held by a name is fixed where the name is assigned (once, in the calling function or at
module level), so that psend and precv stay paired."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import PermDuplicates, PermOutOfRange
from .edits import insert_at, replace_node, sequence
from .registry import FixContext, fixer
from .tree import argument, int_pair

TITLE_IN_RANGE = "Keep only the perm pairs inside the axis (indices below {size})"
TITLE_UNIQUE = "Keep only the first pair of each repeated source or destination"


@fixer("perm_in_range", PermOutOfRange)
def perm_in_range(diag: Diagnostic, fact: PermOutOfRange, ctx: FixContext) -> Fix | None:
    if fact.negative:
        return None
    found = _perm(fact.site, fact.position, ctx)
    if found is None:
        return None
    mod, perm = found
    title = TITLE_IN_RANGE.format(size=fact.size)
    if isinstance(perm, (cst.List, cst.Tuple)):
        return _keep(mod, perm, title, lambda pair, sources, destinations: max(pair) < fact.size)
    if isinstance(perm, (cst.ListComp, cst.GeneratorExp)) and isinstance(perm.elt, cst.Tuple) \
            and len(perm.elt.elements) == 2 and perm.for_in.inner_for_in is None:
        sides = [e.value for e, bad in zip(perm.elt.elements, (fact.sources, fact.destinations)) if bad]
        if not sides or perm.for_in.ifs:
            return None  # nothing to filter, or the author filters the pairs already
        cond = " and ".join(f"{mod.text_of(e)} < {fact.size}" for e in sides)
        at = mod.pos[perm.for_in].end
        return Fix(title, "unsafe", (insert_at(mod, at.line, at.column + 1, f" if {cond}"),))
    return None


@fixer("perm_unique", PermDuplicates)
def perm_unique(diag: Diagnostic, fact: PermDuplicates, ctx: FixContext) -> Fix | None:
    found = _perm(fact.site, fact.position, ctx)
    if found is None or not isinstance(found[1], (cst.List, cst.Tuple)):
        return None
    return _keep(*found, TITLE_UNIQUE,
                 lambda pair, sources, destinations: pair[0] not in sources and pair[1] not in destinations)


def _perm(site, position: int, ctx: FixContext):
    """The file and the perm of the call at `site` (where it is assigned, if a name)."""
    found = ctx.call_at(site)
    if found is None:
        return None
    mod, call = found
    perm = argument(call, "perm", position)
    if isinstance(perm, cst.Name):
        perm = mod.assigned_value(call, perm.value)
    return mod, perm


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
