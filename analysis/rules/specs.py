"""Fix facts for shard_map specs that do not fit (SHL015 in_specs, SHL016 out_specs): what the
analysis knows of the arguments and the output, turned into the repair most likely meant."""

from __future__ import annotations

import itertools

from ..fixfacts import InSpecs, SpecsRepair
from ..interp.transforms import spec_mismatch
from ..interp.values import ArrayV, Const, DictV, Inst, PSpecV, Seq
from .facts import Facts, site_ref

_MAX_ARGS = 12  # beyond this many arguments the alignment is not searched


def in_specs_facts(facts: Facts, ev) -> tuple[InSpecs, ...]:
    """The in_specs rebuilt, where the first part that does not fit has a repair."""
    if ev.created is None or ev.specs is None or ev.values is None:
        return ()
    repair = _repair(ev.specs, ev.values, ())
    if repair is None:
        return ()
    return (InSpecs(site_ref(facts, ev.created), repair),)


def _repair(spec, arg, path: tuple) -> SpecsRepair | None:
    """The repair of the first part of `spec` whose structure differs from `arg`'s."""
    if isinstance(spec, Seq) and isinstance(arg, Seq):
        if spec.kind != arg.kind or len(spec.items) != len(arg.items):
            items = _align(spec.items, arg.items)
            return None if items is None else SpecsRepair(path, arg.kind, items=items)
        for i, (s, a) in enumerate(zip(spec.items, arg.items)):
            if spec_mismatch(s, a, "") is not None:
                return _repair(s, a, (*path, str(i)))
        return None
    if isinstance(spec, DictV) and isinstance(arg, DictV):
        if not all(isinstance(k, str) for k in (*spec.items, *arg.items)):
            return None
        if set(spec.items) != set(arg.items):
            return SpecsRepair(path, drop=tuple(k for k in spec.items if k not in arg.items),
                               add=tuple(k for k in arg.items if k not in spec.items))
        for k in spec.items:
            if spec_mismatch(spec.items[k], arg.items[k], "") is not None:
                return _repair(spec.items[k], arg.items[k], (*path, k))
    return None


def _align(specs: tuple, args: tuple) -> tuple[int, ...] | None:
    """Per argument, the index of the spec it keeps (-1: a new one): the user's specs stay in
    their order, and the arguments that get none (or the specs left out) are chosen so that
    every spec fits its argument (no axis for a scalar, no more entries than its rank), a
    module or its parameters are not sharded where another choice replicates them, and else
    the last ones (a spec left off the end)."""
    n, k = len(args), len(specs)
    if n > _MAX_ARGS or k > _MAX_ARGS:
        return None
    best, best_key = None, None
    if k <= n:
        choices = ((tuple(i for i in range(n) if i not in new), new)
                   for new in map(frozenset, itertools.combinations(range(n), n - k)))
    else:
        choices = ((kept, frozenset()) for kept in itertools.combinations(range(k), n))
    for option in choices:
        if k <= n:
            given, new = option
            items = [-1] * n
            for pos, j in zip(given, range(k)):
                items[pos] = j
            moved = sorted(new)
        else:
            items = list(option[0])
            moved = sorted(set(range(k)) - set(items))
        cost = 0
        for pos, j in enumerate(items):
            c = _cost(specs[j], args[pos]) if j >= 0 else 0
            if c is None:
                break
            cost += c
        else:
            key = (cost, [-m for m in reversed(moved)])
            if best_key is None or key < best_key:
                best, best_key = items, key
    if best is None:
        return None
    return tuple(_fill(best, specs, args))


def _cost(spec, arg) -> int | None:
    """None where `spec` cannot describe `arg`; 1 where it shards a module; else 0."""
    if spec_mismatch(spec, arg, "") is not None:
        return None
    if isinstance(spec, PSpecV) and spec.axes:
        rank = _rank(arg)
        if rank == 0 or (rank is not None and spec.entries is not None and spec.entries > rank):
            return None
        if isinstance(arg, Inst):
            return 1
    return 0


def _rank(arg) -> int | None:
    if isinstance(arg, Const) and isinstance(arg.value, (bool, int, float, complex)):
        return 0
    if isinstance(arg, ArrayV) and arg.shape is not None:
        return len(arg.shape)
    return None


def _fill(items: list, specs: tuple, args: tuple):
    """A new spec is `P()`, or for an array whose leading dimension is as long as that of an
    array the kept specs shard along its first dimension only, a copy of that spec (arrays of
    one batch are split alike)."""
    for pos, j in enumerate(items):
        if j >= 0:
            yield j
            continue
        lead = _lead(args[pos])
        like = next((jj for p, jj in enumerate(items)
                     if jj >= 0 and lead is not None and _lead(args[p]) == lead and _first_dim_only(specs[jj])), None)
        yield like if like is not None else -1


def _lead(arg) -> int | None:
    if isinstance(arg, ArrayV) and arg.shape and isinstance(arg.shape[0], int):
        return arg.shape[0]
    return None


def _first_dim_only(spec) -> bool:
    return isinstance(spec, PSpecV) and spec.entries == 1 and bool(spec.axes)
