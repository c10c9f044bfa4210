"""Fix facts for shard_map specs that do not fit (SHL015 in_specs, SHL016 and SHL020
out_specs): what the analysis knows of the arguments and the output, turned into the repair
most likely meant."""

from __future__ import annotations

import ast
import itertools

from ..fixfacts import InSpecsRank, InSpecs, OutSpecsRank, OutSpecsVarying, SpecsRepair
from ..interp.frames import Site
from ..interp.transforms import spec_leaves, spec_mismatch
from ..interp.values import (ArrayV, Bound, Const, DictV, FilterSpecs, Func, GraphPart, Inst, Partial, PSpecV, Seq,
                             ShardingV, StateDict, Unknown, vma_of)
from .facts import Facts, scalars, site_ref

_MAX_ARGS = 12  # beyond this many arguments the alignment is not searched


def in_specs_facts(facts: Facts, ev, which: str = "in_specs") -> tuple[InSpecs, ...]:
    """The in_specs (or out_specs) rebuilt, where the first part that does not fit has a repair."""
    if ev.created is None or ev.specs is None or ev.values is None:
        return ()
    repair = _repair(ev.specs, ev.values, ())
    if repair is None:
        return ()
    return (InSpecs(site_ref(facts, ev.created), repair, which),)


def _repair(spec, arg, path: tuple) -> SpecsRepair | None:
    """The repair of the first part of `spec` whose structure differs from `arg`'s."""
    if isinstance(arg, GraphPart) and arg.kind == "state" and isinstance(spec, (DictV, Seq)) \
            and not isinstance(spec, (StateDict, FilterSpecs)):
        leaves = list(_specs_in(spec))
        same = leaves and all(isinstance(s, PSpecV) for s in leaves) and len({s.key() for s in leaves}) == 1
        return SpecsRepair(path, whole=True) if same else None
    if isinstance(spec, Seq) and isinstance(arg, Seq):
        groups = _groups(spec.items, arg.items)
        if groups is not None:
            return SpecsRepair(path, arg.kind, groups=groups)
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
            add = tuple(k for k in arg.items if k not in spec.items)
            return SpecsRepair(path, drop=tuple(k for k in spec.items if k not in arg.items), add=add,
                               like=tuple(_renamed(spec, arg, k) or _like_key(spec, arg, k) for k in add))
        for k in spec.items:
            if spec_mismatch(spec.items[k], arg.items[k], "") is not None:
                return _repair(spec.items[k], arg.items[k], (*path, k))
    return None


def _specs_in(spec):
    """The leaves of a dict or sequence of specs, nested."""
    if isinstance(spec, (DictV, Seq)):
        for s in (spec.items.values() if isinstance(spec, DictV) else spec.items):
            yield from _specs_in(s)
    else:
        yield spec


def _groups(specs: tuple, values: tuple) -> tuple[int, ...] | None:
    """Where the specs are one per item of values that are tuples, flattened (`(P(), P(), specs)`
    for `((loss, aux), grads)`, as `value_and_grad(..., has_aux=True)` returns): how many of them
    each value takes, when every spec fits its item; else None."""
    sizes = tuple(len(v.items) if isinstance(v, Seq) and v.kind == "tuple" and v.items else 1 for v in values)
    if len(specs) <= len(values) or sum(sizes) != len(specs):
        return None
    at = 0
    for size, value in zip(sizes, values):
        items = value.items if size > 1 else (value,)
        if any(spec_mismatch(s, v, "") is not None for s, v in zip(specs[at:at + size], items)):
            return None
        at += size
    return sizes


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
    """None where `spec` cannot describe `arg`; 1 where it shards a module or a value of which
    nothing is known (an optimizer's state, say: arrays are what a batch spec is written for),
    gives it the structure of a dict or a sequence of specs (another argument's), or splits an
    array placed by a NamedSharding otherwise than it is; else 0."""
    if spec_mismatch(spec, arg, "") is not None:
        return None
    if arg is Unknown and isinstance(spec, PSpecV) and spec.named:
        return 1
    if isinstance(spec, (DictV, Seq)) and isinstance(arg, Inst):
        return 1
    if isinstance(spec, PSpecV) and spec.axes is not None and any(
            set(placed) != set(spec.axes) for placed in _placed_axes(arg)):
        return 1  # another split than the arrays' own (over Explicit axes, one JAX rejects)
    if isinstance(spec, PSpecV) and spec.axes:
        rank = _rank(arg)
        if rank == 0 or (rank is not None and spec.entries is not None and spec.entries > rank):
            return None
        if isinstance(arg, Inst):
            return 1
    return 0


def _placed_axes(arg):
    """The mesh axes each array of `arg` placed by a NamedSharding of a known spec is split over."""
    if isinstance(arg, ArrayV):
        spec = arg.sharding.spec if isinstance(arg.sharding, ShardingV) else None
        if isinstance(spec, PSpecV) and spec.axes is not None:
            yield spec.axes
    elif isinstance(arg, (Seq, DictV)):
        for item in (arg.items if isinstance(arg, Seq) else arg.items.values()):
            yield from _placed_axes(item)


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


def _renamed(spec: DictV, arg: DictV, key: str) -> str | None:
    """The key of the specs an added key replaces, where the specs hold a key the argument lacks
    at the same place among their keys (`{'b1': ..., 'w_in': ...}` for `{'b1': ..., 'w1': ...}`:
    keys renamed in place keep their specs)."""
    keys, at = list(spec.items), list(arg.items).index(key)
    return keys[at] if at < len(keys) and keys[at] not in arg.items else None


def _like_key(spec: DictV, arg: DictV, key: str) -> str | None:
    """The key whose spec an added key copies: one the specs shard along its first dimension
    only, whose array is as long there as the added key's (a batch dict's arrays are split
    alike)."""
    lead = _lead(arg.items[key])
    return next((k for k, s in spec.items.items() if lead is not None and k in arg.items
                 and _lead(arg.items[k]) == lead and _first_dim_only(s)), None)


def _lead(arg) -> int | None:
    if isinstance(arg, ArrayV) and arg.shape and isinstance(arg.shape[0], int):
        return arg.shape[0]
    return None


def _first_dim_only(spec) -> bool:
    return isinstance(spec, PSpecV) and spec.entries == 1 and bool(spec.axes)


def _function_site(facts: Facts, fn) -> tuple | None:
    """The shard_mapped function's node and where a fixer finds it: a def's name, or a lambda
    (through a bound method, `jax.shard_map(self._local_step, ...)`, and a `partial(step, cfg)`)."""
    while isinstance(fn, (Bound, Partial)):
        fn = fn.func
    node = fn.scope.node if isinstance(fn, Func) else None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    path = fn.scope.module.path
    if isinstance(node, ast.Lambda):
        return node, Site(path, node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    line = node.lineno
    col = _name_col(facts, path, line, node.name)
    return node, Site(path, line, col, line, col + len(node.name))


def in_rank_facts(facts: Facts, ev) -> tuple[InSpecsRank, ...]:
    """An in_specs entry whose entries beyond its argument's rank are all None: shortened (one
    PartitionSpec given for every argument is that entry: dropping trailing Nones changes no
    argument's sharding)."""
    path, missing = ev.short
    spec = ev.specs
    if isinstance(spec, PSpecV):
        path = ()
    for step in path:
        spec = spec.items[step] if isinstance(spec, Seq) and isinstance(step, int) and step < len(spec.items) \
            else spec.items.get(step) if isinstance(spec, DictV) else None
    if ev.created is None or missing < 1 or not isinstance(spec, PSpecV) or spec.parts is None:
        return ()
    kept, dropped = spec.parts[:len(spec.parts) - missing], spec.parts[len(spec.parts) - missing:]
    if not all(isinstance(p, Const) and p.value is None for p in dropped):
        return ()
    parts = []
    for p in kept:
        names = p.items if isinstance(p, Seq) else (p,)
        if not all(isinstance(n, Const) and (n.value is None or isinstance(n.value, str)) for n in names):
            return ()
        parts.append(tuple(n.value for n in names if n.value is not None))
    return (InSpecsRank(site_ref(facts, ev.created), tuple(str(s) for s in path), tuple(parts)),)


def out_rank_facts(facts: Facts, ev) -> tuple[OutSpecsRank, ...]:
    """An output one dimension short of its out_specs entry, where that entry describes it alone
    (the whole output, or a component of its tuple or dict): returned with a leading axis."""
    found = _function_site(facts, ev.fn)
    path, missing = ev.short
    if ev.created is None or found is None or missing != 1 or len(path) > 1:
        return ()
    step = path[0] if path else None
    value = ev.values
    if path:
        value = value.items[step] if isinstance(value, Seq) and isinstance(step, int) and step < len(value.items) \
            else value.items.get(step) if isinstance(value, DictV) else None
    if not isinstance(value, ArrayV):
        return ()  # one spec for several outputs: no leading axis for all of them
    index = step if isinstance(step, int) else -1
    key = step if isinstance(step, str) else None
    if path and index < 0 and key is None:
        return ()
    return (OutSpecsRank(site_ref(facts, ev.created), site_ref(facts, found[1]), index, key),)


def out_specs_facts(facts: Facts, ev) -> tuple[OutSpecsVarying, ...]:
    """One fact per component of the output that its out_specs claim replicated and that
    varies, with the remedies in the order the analysis finds them likely."""
    found = _function_site(facts, ev.fn)
    if ev.created is None or found is None:
        return ()
    node, where = found
    spec, out = ev.specs, ev.values
    if isinstance(spec, Seq) and isinstance(out, Seq) and len(spec.items) == len(out.items):
        parts = [(i, None, s, o) for i, (s, o) in enumerate(zip(spec.items, out.items))]
    elif isinstance(spec, DictV) and isinstance(out, DictV) and set(spec.items) == set(out.items) \
            and all(isinstance(k, str) for k in out.items):
        parts = [(-1, k, spec.items[k], o) for k, o in out.items.items()]
    else:
        parts = [(-1, None, spec, out)]
    returned = _returned(node)
    found = []
    for i, key, s, o in parts:
        named = frozenset(s.axes or ()) if isinstance(s, PSpecV) else frozenset()
        axes = tuple(a for a in ev.axes if a in vma_of(o) and a not in named)
        if not axes or not isinstance(s, PSpecV):
            continue
        exprs = [_part(r, i, key, len(parts)) for r in returned]
        found.append(OutSpecsVarying(site_ref(facts, ev.created), site_ref(facts, where), i, axes,
                                     _remedies(node, exprs, axes, ev.inputs, o), key))
    return tuple(found)


def _part(expr, index: int, key: str | None, n: int):
    """The expression of one part of a returned value: item `index` of a tuple of `n`, the
    value of `key` in a dict display; else the whole expression."""
    if index >= 0 and isinstance(expr, ast.Tuple) and len(expr.elts) == n:
        return expr.elts[index]
    if key is not None and isinstance(expr, ast.Dict):
        return next((v for k, v in zip(expr.keys, expr.values) if isinstance(k, ast.Constant) and k.value == key),
                    expr)
    return expr


def _name_col(facts: Facts, path: str, line: int, name: str) -> int:
    """The byte column of the def's name on its line."""
    sf = facts.files.get(path)
    text = sf.line_text(line) if sf is not None else ""
    at = text.find(f"def {name}")
    return len(text[:at + 4].encode()) if at >= 0 else 0


def _returned(node) -> list:
    """The expressions the function returns (a lambda's body; a def's return statements, not
    those of the functions it defines)."""
    if isinstance(node, ast.Lambda):
        return [node.body]
    out, todo = [], list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Return) and n.value is not None:
            out.append(n.value)
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))
    return out


_REDUCTIONS = frozenset({"mean", "sum", "max", "min", "prod", "average", "nanmean", "nansum", "all", "any"})


def _remedies(fn, exprs: list, axes: tuple, inputs: tuple, value) -> tuple[str, ...]:
    """The remedies, most likely first. What the returned value is (scalars: a metric, a dict of
    them), else what it was made from, followed back through the function's assignments: a loss
    from `value_and_grad` or a full reduction is a scalar — averaged (pmean); what an all_gather
    gathered is the same on every device, so a pmean keeps it; where a module's parameters are
    sharded over the axes (tensor parallelism) the value is a partial sum (psum); else the
    output keeps a dimension of the sharded data: out_specs shards it."""
    made = {"scalar"} if scalars(value) or _varying_scalars(value, axes) else set()
    for e in exprs:
        made |= _origins(fn, e, 4)
    if "loss" in made or "scalar" in made or "gathered" in made:
        return ("pmean", "out_specs") if "gathered" in made else ("pmean", "psum")
    if any(isinstance(arg, (Inst, GraphPart)) and set(axes) & _named_axes(spec) for spec, arg in inputs):
        return ("psum", "out_specs", "pmean")
    return ("out_specs", "pmean", "psum")


def _varying_scalars(value, axes: tuple) -> bool:
    """Whether the arrays of `value` that vary over `axes` are all scalars (a dict of metrics
    where one is averaged already and another is not)."""
    def leaves(v):
        if isinstance(v, ArrayV):
            yield v
        for i in v.items if isinstance(v, Seq) else v.items.values() if isinstance(v, DictV) else ():
            yield from leaves(i)

    varying = [a for a in leaves(value) if set(axes) & a.vma]
    return bool(varying) and all(a.shape == () for a in varying)


def _named_axes(spec) -> set:
    """The mesh axes the known PartitionSpecs of a pytree of specs name."""
    return {a for axes in spec_leaves(spec) if axes for a in axes}


def _origins(fn, expr, depth: int) -> set:
    """What made `expr`: "gathered" (an all_gather), "scalar" (a reduction over every axis),
    "loss" (the value `value_and_grad` returns), followed through the names it reads."""
    out = set()
    for n in ast.walk(expr):
        if isinstance(n, ast.Call):
            name = _callee(n.func)
            if name in ("all_gather",):
                out.add("gathered")
            elif n is expr and name in _REDUCTIONS and not any(k.arg in ("axis", "axes") for k in n.keywords) \
                    and len(n.args) <= 1:
                out.add("scalar")
        elif isinstance(n, ast.Name) and depth > 0:
            for value, first in _assignments(fn, n.id):
                if first and isinstance(value, ast.Call) and isinstance(value.func, ast.Call) and \
                        (_callee(value.func.func) or "").endswith("value_and_grad"):
                    out.add("loss")
                else:
                    out |= _origins(fn, value, depth - 1)
    return out


def _callee(func) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _assignments(fn, name: str):
    """(value, whether `name` is in the first target of a tuple) for each assignment to `name`
    in the function's own body."""
    if isinstance(fn, ast.Lambda):
        return
    todo = list(fn.body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Assign) and len(n.targets) == 1:
            t = n.targets[0]
            if isinstance(t, ast.Name) and t.id == name:
                yield n.value, False
            elif isinstance(t, ast.Tuple) and any(isinstance(e, ast.Name) and e.id == name for e in ast.walk(t)):
                # `loss, grads = ...` or, with has_aux, `(loss, aux), grads = ...`
                yield n.value, any(isinstance(e, ast.Name) and e.id == name for e in ast.walk(t.elts[0]))
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))
