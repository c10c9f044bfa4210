"""Wrap in jax.shard_map (SHL001-SHL005): the function that reaches an unbound collective,
where it enters its innermost jit (or the eager call), becomes a shard_map over a mesh with the
call's axes.

Why the wrap replicates (`in_specs=P()`, `out_specs=P()`, `check_vma=False`): it keeps every
shape the wrapped function sees exactly as it was under `jit` (a kernel's block shapes, a
`precv` out_shape built from `x.shape`, callers that use the result), works with scalar and
non-divisible inputs, and with meshes whose axes are Explicit (JAX 0.10's `jax.make_mesh`
default, where a sharded `in_specs` must match the input's sharding). It is a guess about the
user's intent, hence "unsafe"; the second fix shards the arguments over the call's axes.
"""

from __future__ import annotations

import libcst as cst

from .. import apis
from ..diagnostics import Diagnostic, Edit, Fix
from ..fixfacts import Pmap, Wrap
from ..jaxfacts import SHARD_MAP_TOP_LEVEL
from .edits import insert_at, replace_node, text_change, tuple_text
from .frameworks import FILTER_JIT, filter_shard_map, nnx_shard_map, nnx_specs_given, nnx_step
from .importer import Importer, api_name
from .mesh import find_or_insert_mesh
from .registry import FixContext, fixer
from .tree import SourceModule, argument, is_docstring, literal_str

TITLE_WRAP = "Wrap in jax.shard_map"
TITLE_WRAP_NNX = "Wrap in nnx.shard_map"
TITLE_WRAP_CALL = "Wrap the call in jax.shard_map (its function runs one over the same axes)"

_BLOCK_COLLECTIVES = frozenset({"all_gather", "psum_scatter", "reduce_scatter"})


@fixer("wrap", Wrap)
def wraps(diag: Diagnostic, fact: Wrap, ctx: FixContext) -> list[Fix | None]:
    """The replicated wrap and the sharded one. A gather or a reduce-scatter works on blocks:
    over replicated operands the shapes it gives no longer fit the code around it, so the
    sharded wrap comes first there (unless the arguments are not known, as an eager call's:
    sharded alike, its keys and parameters would be too). Under a pmap, shard_map helps only
    when the pmap binds the axes the call names (a misspelt axis is no scope problem: no wrap
    repairs it), nor around a jitted function that runs a pmap (a shard_map would hold it,
    which JAX rejects). An `nnx.jit` step of NNX modules is offered `nnx.shard_map` first, which
    passes their state through."""
    pmap = diag.fact(Pmap)
    if pmap is not None and not set(fact.axes) <= {pmap.axis_name} or fact.pmap_inside:
        return []
    if fact.call is not None:
        return [] if fact.call.opaque else [ctx.attempt(_wrap_call, fact, ctx)]
    blocks = (fact.api or "").rsplit(".", 1)[-1] in _BLOCK_COLLECTIVES and (fact.args or fact.kind != "call")
    # over a mesh of Explicit axes the data keeps its sharding: the Equinox helper's replicated
    # wrap would close over it, which shard_map does not take
    explicit = fact.transform == FILTER_JIT and "batch" in fact.args and not fact.on_state and any(
        m.explicit for m in fact.meshes if set(fact.axes) <= set(m.axes))
    lifted = (True, False) if nnx_step(fact) else (False,)
    return [ctx.attempt(_wrap, fact, ctx, sharded, nnx) for nnx in lifted
            for sharded in ((True, False) if blocks or explicit else (False, True))]


def shard_map_kwargs(imp: Importer, edits: list[Edit], fact: Wrap, modern: bool, anchor, sharded: bool,
                     kinds: tuple[str, ...] | None = None, out: str | None = None) -> str:
    """The keyword arguments of the wrapping shard_map (a mesh inserted into `edits` if needed).
    `kinds`: what each argument of the wrapped function is (the fact's, unless its parameters
    are not all operands); `out`: the replicated wrap's out_specs, where not `P()`."""
    axes = list(fact.axes)
    p = imp.pspec()
    out = out or f"{p}()"
    mesh, explicit = find_or_insert_mesh(imp, edits, fact.meshes, axes, anchor)
    if explicit and not sharded:
        # over an Explicit mesh shard_map takes the specs from the arguments' own shardings
        return f"mesh={mesh}, out_specs={out}, check_vma=False"
    if sharded:
        spec = f"{p}({_entry(fact.axes)})"
        placed = _placed(fact) if kinds is None and not fact.on_state else ()
        kinds = () if fact.on_state else fact.args if kinds is None else kinds
        kwargs = f"mesh={mesh}, in_specs={in_specs(p, spec, kinds, placed)}, out_specs={out_specs(p, spec, fact)}"
        if fact.pallas:
            kwargs += ", check_vma=False" if modern else ", check_rep=False"
        return kwargs
    return f"mesh={mesh}, in_specs={p}(), out_specs={out}, " + ("check_vma=False" if modern else "check_rep=False")


def in_specs(p: str, spec: str, kinds: tuple[str, ...], placed: tuple = ()) -> str:
    """The in_specs of a sharded wrap: an argument placed over the wrap's axes by the spec it
    was placed with (`placed`, per argument; see `_placed`), the other data arguments (arrays
    with a leading dimension) sharded by `spec`, modules, parameters, optimizer states, keys and
    what is not known replicated; one spec for all where all are data sharded alike, or nothing
    is known of them."""
    specs = [f"{p}({', '.join(_entry(e) for e in placed[i])})" if i < len(placed) and placed[i] is not None
             else spec if k == "batch" else f"{p}()" for i, k in enumerate(kinds)]
    if all(k == "batch" for k in kinds) and len(set(specs)) <= 1:
        return specs[0] if specs else spec
    return tuple_text(specs)


def out_specs(p: str, spec: str, fact: Wrap) -> str:
    """The out_specs of a sharded wrap: the outputs sharded by `spec` as the data is, except
    scalars (a loss, a metric, a dict of metrics), which have no dimension to shard, and modules
    (a train state, replicated as it came in): `P()` (a scalar still varies, and the re-check
    reduces it where it is returned)."""
    return _outs_text([f"{p}()" if k in ("scalar", "module") else spec for k in fact.out], fact.out_tuple, spec)


def _outs_text(specs: list[str], is_tuple: bool, default: str) -> str:
    """out_specs text for one spec per output: the first alone where the function returns one
    value or all its outputs take the same spec (`default` where nothing is known of them)."""
    if not specs:
        return default
    return tuple_text(specs) if is_tuple and len(set(specs)) > 1 else specs[0]


def shards_data(kinds: tuple[str, ...]) -> bool:
    """A sharded wrap shards something: an argument is data, or nothing is known of them."""
    return not kinds or "batch" in kinds


def shard_map_decorator(imp: Importer, modern: bool, smap: str, kwargs: str) -> str:
    """The shard_map decorator expression (without `@`) for the target JAX version."""
    return f"{smap}({kwargs})" if modern else f"{imp.partial()}({smap}, {kwargs})"


def _wrap(fact: Wrap, ctx: FixContext, sharded: bool, nnx: bool = False) -> Fix | None:
    if sharded and (not fact.axes or not (fact.on_state or shards_data(fact.args))):
        return None
    mod = ctx.module(fact.site.path)
    if mod is None:
        return None
    modern = ctx.version(fact.jax_version) >= SHARD_MAP_TOP_LEVEL
    if nnx and not (modern and nnx_specs_given(fact, sharded)):
        return None
    if fact.kind in ("arg", "call"):
        node = mod.node_at(fact.site, (cst.BaseExpression,))
        if fact.kind == "call" and isinstance(node, cst.Call):
            # an eager call `f(x)`: wrap the callee; `jax.eval_shape(model.init, ...)`: the
            # function it traces (not `jax.lax.cond`, which traces two)
            traced = _traced_function(mod, node)
            node = traced if traced is not None else None if _api_row(mod, node) is not None else node.func
        if node is None:
            return None
        jit = mod.parent.get(mod.parent.get(node))
        func = mod.def_named(node.value) if isinstance(node, cst.Name) and fact.kind == "arg" else None
        static = _static_params(func, (jit,)) if func is not None and isinstance(jit, cst.Call) else []
    elif fact.kind == "decorator":
        node = func = mod.function_at(fact.site.line, fact.function)
        if node is None:
            return None
        static = _static_params(node)
    else:
        return None
    if static is None:
        return None
    imp = Importer(mod, node)
    edits: list[Edit] = []
    if static and nnx:
        return None
    placed = _placements(mod, func) if func is not None else (0, None)
    # Under eqx.filter_jit the arguments hold leaves that are not arrays, which shard_map
    # rejects: the helper shard_maps the array leaves only.
    helper = filter_shard_map(imp, edits, modern) if fact.transform == FILTER_JIT else None
    helper = helper or (nnx_shard_map(imp) if nnx else None)
    if static or placed != (0, None):
        # `jax.jit(step, static_argnums=...)`, `@partial(jax.jit, static_argnums=0)`: the static
        # arguments stay out of the shard_map; the constraints that place the arguments (and
        # the result) stay out too, where they place global arrays over axes that are not manual
        if not _wrap_body(imp, edits, fact, modern, func, static, sharded, helper, placed):
            return None
    else:
        smap = helper or imp.shard_map(modern)
        kwargs = shard_map_kwargs(imp, edits, fact, modern, node, sharded,
                                  out=_init_out_specs(mod, imp, node, jit) if fact.kind == "arg" else None)
        r = mod.pos[node]
        if fact.kind == "decorator":
            indent = mod.line_text(r.start.line)[:r.start.column]
            decorator = f"{helper}({kwargs})" if helper else shard_map_decorator(imp, modern, smap, kwargs)
            edits.append(insert_at(mod, r.start.line, 1, f"{indent}@{decorator}{mod.newline}"))
        else:
            edits.append(insert_at(mod, r.start.line, r.start.column + 1, f"{smap}("))
            edits.append(insert_at(mod, r.end.line, r.end.column + 1, f", {kwargs})"))
    title = TITLE_WRAP_NNX if nnx else TITLE_WRAP
    if sharded:
        title += f" (arguments sharded over {', '.join(fact.axes)})"
    return Fix(title, "unsafe", imp.with_imports(edits, node))


def _init_out_specs(mod: SourceModule, imp: Importer, node, jit) -> str | None:
    """`jax.jit(model.init, out_shardings=...)` of a Linen module whose code reaches a collective
    (written for a shard_map: its parameters are one shard's): the wrap's out_specs are the specs
    of those shardings, which lay the shards out into the parameters the sharded `apply` takes (a
    replicated out_specs would make each shard the whole). Elsewhere the function sees whole
    inputs and returns whole results, replicated (None)."""
    if not (isinstance(node, cst.Attribute) and node.attr.value == "init" and isinstance(jit, cst.Call)
            and api_name(mod, jit) == "jax.jit"):
        return None
    given = argument(jit, "out_shardings", 1 << 30)
    if given is None or (isinstance(given, cst.Name) and given.value == "None"):
        return None
    return f"{imp.jax()}.tree.map(lambda s: s.spec, {mod.text_of(given)})"


def _wrap_call(fact: Wrap, ctx: FixContext) -> Fix | None:
    """A function that already runs a shard_map over the call's axes cannot be wrapped in
    another (JAX rejects a shard_map nested over the same axes): the call in its body that
    reaches the collective is wrapped instead. The shard_mapped outputs it is given become the
    lambda's parameters, in the specs their shard_map placed them by, and so do the jitted
    function's own arguments it passes on (data split over the axes, modules, parameters and
    scalars replicated) but for plain constants; everything else (axis names, sizes) it closes
    over. Its result keeps the layout of its first such operand (a psum, a pmean, a send to the
    next stage keep shapes), or, given the function's own arguments, takes the specs their kinds
    say (`_call_out_specs`); `check_vma=False`, as the replicated wrap, since what it returns may
    vary."""
    call = fact.call
    mod = ctx.module(call.site.path)
    node = mod.node_at(call.site, (cst.Call,)) if mod is not None else None
    if not isinstance(node, cst.Call):
        return None
    imp = Importer(mod, node)
    p = imp.pspec()
    data = f"{p}({_entry(fact.axes)})"
    params, operands, specs, args = [], [], [], []
    for i, a in enumerate(node.args):
        positional = a.keyword is None and not a.star
        spec = call.specs[i] if positional and i < len(call.specs) else None
        kind = call.kinds[i] if positional and i < len(call.kinds) else None
        if spec is None and kind is None:
            args.append(a)
            continue
        name = a.value.value if isinstance(a.value, cst.Name) and a.value.value not in params else \
            mod.fresh("block", set(params))
        params.append(name)
        operands.append(mod.text_of(a.value))
        specs.append(f"{p}({', '.join(_entry(e) for e in spec)})" if spec is not None else
                     data if kind == "batch" else f"{p}()")
        args.append(a.with_changes(value=cst.Name(name)))
    edits: list[Edit] = []
    # the meshes bound where the jit is applied: a module's, where the call is in that file; a
    # function's (line 0), where the call is written inside that function
    at = None if fact.site.path != call.site.path else mod.function_at(fact.site.line, fact.function) \
        if fact.kind == "decorator" else mod.node_at(fact.site, (cst.BaseExpression,))
    binder = mod.function_of(at) if at is not None else None
    meshes = tuple(m for m in fact.meshes if at is not None and (not m.name or m.line or mod.encloses(binder, node)))
    mesh, _ = find_or_insert_mesh(imp, edits, meshes, list(fact.axes), node)
    modern = ctx.version(fact.jax_version) >= SHARD_MAP_TOP_LEVEL
    in_specs = tuple_text(specs)
    inner = mod.text_of(node.with_changes(args=args))
    out = _call_out_specs(p, data, specs, fact) if call.kinds and call.out else specs[0] if specs else f"{p}()"
    text = (f"{imp.shard_map(modern)}(lambda {', '.join(params)}: {inner}, mesh={mesh}, in_specs={in_specs}, "
            f"out_specs={out}, {'check_vma' if modern else 'check_rep'}=False)({', '.join(operands)})")
    edits.append(replace_node(mod, node, text))
    return Fix(TITLE_WRAP_CALL, "unsafe", imp.with_imports(edits, node))


def _call_out_specs(p: str, data: str, specs: list[str], fact: Wrap) -> str:
    """The out_specs of a wrapped call that is given the jitted function's own arguments: scalars
    and modules replicated, as a whole function's wrap gives them, and where the collective
    reduces over the axis (a loss and gradients a pmean averages) all but data; the rest split
    as the first split operand is (over the wrap's axes where none is)."""
    reduces = apis.short(fact.api or "") in apis.REDUCTIONS
    split = next((s for s in specs if s != f"{p}()"), data)
    outs = [f"{p}()" if k in ("scalar", "module") or (reduces and k != "batch") else split for k in fact.call.out]
    return _outs_text(outs, fact.call.out_tuple, split)


def _placed(fact: Wrap) -> tuple:
    """Per argument, the entries of the spec it was placed with, where that names only the
    wrap's axes (the mesh the wrap runs over has them), else None."""
    return tuple(e if e is not None and any(e) and {a for axes in e for a in axes} <= set(fact.axes) else None
                 for e in fact.placed)


def _entry(axes: tuple[str, ...]) -> str:
    """A PartitionSpec entry naming `axes` (none: None), as written."""
    if not axes:
        return "None"
    quoted = [f'"{a}"' for a in axes]
    return quoted[0] if len(quoted) == 1 else f"({', '.join(quoted)})"


def _api_row(mod: SourceModule, call: cst.Call) -> apis.Api | None:
    """The API table's row of a call to a JAX API that traces functions right away, else None."""
    name = api_name(mod, call)
    row = apis.API.get(name) if name is not None else None
    return row if row is not None and row.kind == "call" else None


def _traced_function(mod: SourceModule, call: cst.Call) -> cst.BaseExpression | None:
    """The function argument of a call to an API that traces one function right away
    (`jax.eval_shape`, `eqx.filter_eval_shape`), else None."""
    row = _api_row(mod, call)
    if row is None or len(row.calls) != 1:
        return None
    fn = row.calls[0][0]
    params = [a.arg for a in (*row.params.posonlyargs, *row.params.args)]
    return argument(call, fn, params.index(fn)) if fn in params else None


def _static_params(func: cst.FunctionDef, calls=()) -> list[str] | None:
    """The parameters of `func` that a decorator of it, or one of `calls` (`jax.jit(func,
    static_argnums=...)`), marks static with literal values; None when they are given in a form
    we cannot read."""
    positional = [p.name.value for p in (*func.params.posonly_params, *func.params.params)]
    static: list[str] = []
    for call in (*(d.decorator for d in func.decorators), *calls):
        if not isinstance(call, cst.Call):
            continue
        for arg in call.args:
            if arg.keyword is None or arg.keyword.value not in ("static_argnums", "static_argnames"):
                continue
            values = arg.value.elements if isinstance(arg.value, (cst.Tuple, cst.List)) else [arg.value]
            for v in values:
                v = v.value if isinstance(v, cst.BaseElement) else v
                if isinstance(v, cst.Integer) and int(v.value, 0) < len(positional):
                    static.append(positional[int(v.value, 0)])
                elif literal_str(v) is not None:
                    static.append(literal_str(v))
                else:
                    return None
    return static


_PLACED_NAMES = frozenset({"equinox.filter_shard", "jax.lax.with_sharding_constraint"})


def _placement(mod: SourceModule, node) -> cst.Call | None:
    """`node` when it is a sharding constraint (`eqx.filter_shard(x, s)`,
    `jax.lax.with_sharding_constraint(x, s)`) with its value first, else None."""
    if not isinstance(node, cst.Call) or not node.args or node.args[0].keyword is not None:
        return None
    return node if api_name(mod, node) in _PLACED_NAMES else None


def _placements(mod: SourceModule, func: cst.FunctionDef) -> tuple[int, cst.Call | None]:
    """How many statements open `func`'s body (after its docstring) only to constrain the
    sharding of values (`x = eqx.filter_shard(x, data)`), and the constraint its last statement
    returns (`return eqx.filter_shard(out, s)`), if any. Under a shard_map those would place
    per-device blocks over manual axes, which JAX rejects; around it they place the global
    arrays, as written."""
    if not isinstance(func.body, cst.IndentedBlock):
        return 0, None
    body = list(func.body.body)
    doc = 1 if body and is_docstring(body[0]) else 0
    lead = 0
    for stmt in body[doc:-1]:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, (cst.Assign, cst.Expr)) and _placement(mod, small.value)):
            break
        lead += 1
    last = body[-1] if body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    trail = _placement(mod, ret.value) if isinstance(ret, cst.Return) and ret.value is not None else None
    return lead, trail


def _wrap_body(imp: Importer, edits: list[Edit], fact: Wrap, modern: bool, func: cst.FunctionDef,
               static: list[str], sharded: bool, helper: str | None = None,
               placed: tuple[int, cst.Call | None] = (0, None)) -> bool:
    """A jitted function with static parameters cannot be a shard_map itself (its static
    arguments would become operands), nor one that opens with sharding constraints on its
    arguments or returns one (`placed`, from `_placements`): its body, less those, moves into
    an inner function of the other parameters, decorated with shard_map (`helper`, where one
    speaks the framework), which the function calls and returns. Adds the edit to `edits`;
    False when the function's shape does not allow it."""
    mod = imp.mod
    params = func.params
    if params.star_arg != cst.MaybeSentinel.DEFAULT or params.star_kwarg is not None:
        return False
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    dynamic = [n for n in names if n not in static]
    if not dynamic or not isinstance(func.body, cst.IndentedBlock):
        return False
    body = list(func.body.body)
    doc = body[:1] if body and is_docstring(body[0]) else []
    lead, trail = placed
    doc, body = [*doc, *body[len(doc):len(doc) + lead]], body[len(doc) + lead:]
    if not body:
        return False
    if trail is not None:
        body[-1] = body[-1].with_deep_changes(body[-1].body[0], value=trail.args[0].value)
    # the mesh goes above the module-level statement: the inner def must see it
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    kinds = tuple(k for n, k in zip(positional, fact.args) if n not in static) \
        if len(fact.args) == len(positional) and not params.kwonly_params else ()
    if sharded and not (fact.on_state or shards_data(kinds)):
        return False
    kwargs = shard_map_kwargs(imp, edits, fact, modern, mod.top_level_of(func), sharded, kinds)
    decorator = f"{helper}({kwargs})" if helper else shard_map_decorator(imp, modern, imp.shard_map(modern), kwargs)
    inner_name = mod.fresh(f"{func.name.value}_sharded")
    inner = func.with_changes(
        name=cst.Name(inner_name), leading_lines=[], decorators=[cst.Decorator(cst.parse_expression(decorator))],
        params=cst.Parameters(params=[cst.Param(cst.Name(n)) for n in dynamic]), returns=None,
        body=func.body.with_changes(body=body))
    result = cst.parse_expression(f"{inner_name}({', '.join(dynamic)})")
    if trail is not None:
        result = trail.with_changes(args=[trail.args[0].with_changes(value=result), *trail.args[1:]])
    call = cst.SimpleStatementLine([cst.Return(result)])
    new = mod.module.deep_replace(func, func.with_changes(body=func.body.with_changes(body=[*doc, inner, call])))
    edits.append(text_change(mod, new.code))
    return True
