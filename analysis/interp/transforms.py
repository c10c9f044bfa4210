"""Applying a transformed function: the layer each kind of transformation pushes (jit,
shard_map with its mesh and manual axes, pmap and vmap with their axis names, differentiation,
a Pallas kernel), and what the function's arguments become under it (a shard_map's arguments
are per-device blocks that vary over its manual axes). A parameter that matters and is one of
several values (a mesh, an axis name) is applied once per option, each under its own choice."""

from __future__ import annotations

import ast
import itertools
import math
from dataclasses import replace

from .. import apis
from ..jaxfacts import ANY_SPACES, CARRY_SHARDING_CHECKED, HBM_SPACE, VMAP_AXIS_SIZE_CHECKED
from . import dtypes, nnxstate, stypes
from .events import (
    ApiRefEvent, CarryTypeEvent, DuplicateSpecEvent, ExplicitMismatchEvent, ExplicitUnshardedEvent, KeywordsEvent,
    NestedMeshEvent, JitShardingsEvent, NoMeshEvent, PallasEvent, ReceivedCarryEvent, SpecEvent, UnevenShardingEvent,
    VmapAxesEvent,
)
from .calls import MAP_VARIABLES, ints, is_callable
from .frameworks import linen_stacking, param_array
from .frames import Layer, Raise, Site
from .shapes import LAYER_SHAPES, STACK_NAME, STACKED
from .values import (
    BATCHED, DIFFERENTIATED, NNX_VARIABLES, ArrayV, BlockSpecV, Bound, ClassV, Const, DictV, DTypeV, Ext, FilterSpecs,
    Func, GraphPart, Inst, LinenShardingsV, LinenVarsV, MeshV, ModV, Multi, NO_SHARDING, Partial, PSpecV, Repeated, Seq,
    ShardingV, StateDict, Transformed, Unknown, Value, ancestors, differentiated, holds, is_received, is_variable,
    join, map_arrays, options, spec_duplicate, variable_array, vma_of,
)


class TransformMixin:
    def apply_transformed(self, t: Transformed, args, kwargs, act, ctx, site, node, label="") -> Value:
        return getattr(self, "_apply_" + t.kind)(t, args, kwargs, act, ctx, site, node, label)

    def _backward(self, t, args, kwargs, fwd, act, ctx, site, node) -> None:
        """A custom VJP's backward rule, given the `nondiff_argnums` arguments, the residuals the
        forward rule returned and a cotangent typed as the primal output (varying as it does).
        Under shard_map's varying-axes check, each cotangent it returns must vary as its primal
        argument does (JAX raises `Custom VJP bwd rule must produce an output with the same
        type`): compared as a loop's carry is."""
        label = "its custom VJP backward rule runs under differentiation"
        nondiff = ints(t.params.get("nondiff_argnums", Seq(())))
        if nondiff is None or kwargs or not (isinstance(fwd, Seq) and len(fwd.items) == 2) \
                or any(i >= len(args) for i in nondiff):
            self.call(t.params["__bwd__"], [], {}, act, ctx, site, node, unknown_tail=True, label=label)
            return
        out, residuals = fwd.items
        cts = self.call(t.params["__bwd__"], [*(args[i] for i in nondiff), residuals, cotangent(out)], {}, act, ctx,
                        site, node, label=label)
        primals = [a for i, a in enumerate(args) if i not in nondiff]
        smap = ctx.innermost("shard_map")
        # (JAX runs the rule, and checks every cotangent, only where an argument depends on what is
        # differentiated: else it runs the primal function)
        if smap is not None and smap.axes and isinstance(cts, Seq) and len(cts.items) == len(primals) \
                and any(DIFFERENTIATED in vma_of(a) for a in primals):
            self.carry_pairs([(a, c, "backward") for a, c in zip(primals, cts.items)], t.api, smap, act, ctx,
                             site, node)

    def each_option(self, value, origin, ctx):
        """(option, context) for each value a parameter may be: one choice per option."""
        opts = options(value)
        for i, o in enumerate(opts):
            yield o, ctx.choose(origin, i, len(opts))

    def _apply_wrap(self, t, args, kwargs, act, ctx, site, node, label):
        p = t.params
        grad = ctx.innermost("grad")
        if grad is not None and ("__fwd__" in p or "__jvp__" in p) and not (
                grad.tracked and all(_arrays_or_constants(a, DIFFERENTIATED) for a in (*args, *kwargs.values()))):
            # Differentiated: JAX traces the custom rules instead of the primal function, and
            # does not differentiate them (unless no argument depends on what is differentiated:
            # JAX runs the primal function then).
            ctx = ctx._with(layers=tuple(f for f in ctx.layers if f.kind != "grad"))
            if "__jvp__" in p:
                self.call(p["__jvp__"], [], {}, act, ctx, site, node, unknown_tail=True,
                          label="its custom JVP rule runs under differentiation")
                return Unknown
            fwd = self.call(p["__fwd__"], args, kwargs, act, ctx, site, node,
                            label="its custom VJP forward rule runs under differentiation")
            if "__bwd__" in p:
                saved, self.blame = self.blame, self.blame or site
                try:
                    self._backward(t, args, kwargs, fwd, act, ctx, site, node)
                finally:
                    self.blame = saved
            # the forward rule returns (the primal output, the residuals)
            return fwd.items[0] if isinstance(fwd, Seq) and len(fwd.items) == 2 else Unknown
        if t.api == "flax.nnx.split_rngs":
            # the Rngs it is given come in split `splits` ways: a vmap over them maps that many
            splits = p.get("splits")
            if isinstance(splits, Const) and isinstance(splits.value, int) and not isinstance(splits.value, bool):
                args = [stacked(a, splits.value) if isinstance(a, Inst) else a for a in args]
        if t.api == MAP_VARIABLES and is_callable(p.get("trans_in_fn")):
            # the module's variables (arrays not known here) go through trans_in_fn before it runs
            self.call(p["trans_in_fn"], [ArrayV(exact=False)], {}, act, ctx, site, node,
                      label="map_variables maps its variables")
        length = None
        scans = t.api == "flax.linen.scan" and bool(args)
        if scans:
            # a Linen scan of a module's method: its first argument is the carry, the others
            # come a step at a time (their `in_axes` dimension taken away, `nn.broadcast`: whole)
            xs, length = _scan_steps(p.get("in_axes", Const(0)), args[1:], p.get("length"))
            args = [args[0], *xs]
            self.linen_stacks.append(linen_stacking(p, length))
        elif t.api == "flax.nnx.scan" and args:
            # the argument `in_axes` marks `nnx.Carry` (the first, by default) and those it
            # broadcasts (None) come whole, the others a step at a time
            args, length = _scan_steps(_nnx_scan_axes(p.get("in_axes")), args, p.get("length"))
        try:
            result = self.call(t.fn, args, kwargs, act, ctx, site, node, label=label)
        finally:
            if scans:
                self.linen_stacks.pop()
        if t.api == "flax.nnx.scan":
            self.nnx_scan_carry(t, args, result, act, ctx, site, node)
            result = _scan_outputs(result, t, _nnx_scan_axes(p.get("out_axes")), length)
        elif t.api == "flax.linen.scan" and args and isinstance(result, Seq) and result.items:
            # its result is (the carry, what each step gave stacked at `out_axes`)
            smap, pairs = ctx.innermost("shard_map"), [(args[0], result.items[0], "carry")]
            if smap is not None and smap.axes:
                self.carry_pairs(pairs, t.api, smap, act, ctx, site, node)
            self.carry_types(pairs, apis.API[t.api], t.api, act, ctx, site, node, manual=smap is not None,
                             carry_at=0)
            if len(result.items) == 2:
                result = Seq((result.items[0], _batched(result.items[1], t, length, None, outer=True)), result.kind)
        return result

    def _apply_grad(self, t, args, kwargs, act, ctx, site, node, label):
        argnums = t.params.get("argnums", Const(0))
        picked = {i.value for i in (argnums.items if isinstance(argnums, Seq) else (argnums,))
                  if isinstance(i, Const) and isinstance(i.value, int)}
        picked = {i % len(args) for i in picked if -len(args) <= i < len(args)}
        tracked = bool(picked) and all(_arrays_or_constants(args[i]) for i in picked)
        inner = ctx.push(Layer("grad", t.site, frozenset(), api=t.api, tracked=tracked))
        traced = [differentiated(a) if i in picked else a for i, a in enumerate(args)]
        self.backward.append(None)
        before = len(self.events)
        try:
            result = self.call(t.fn, traced, kwargs, act, inner, site, node,
                               label=label or f"calls the function {apis.short(t.api)} differentiates")
        finally:
            failing = self.backward.pop()
        if failing is not None and all(isinstance(e, (ApiRefEvent, KeywordsEvent))
                                       for e in itertools.islice(self.events.values(), before, None)):
            # JAX's backward pass, after the function ran: only where the function met nothing
            # the rules judge but the names it uses (a collective there may raise first, and the
            # fix that binds its axis makes what it differentiates run in a shard_map)
            self.record(failing)
            raise Raise()
        grads = _grads(t.params.get("argnums", Const(0)), args, self._pytree_module)
        if "value_and_grad" in t.api:
            return Seq((result, grads))  # (value, grads); (value, aux) is the value with has_aux
        aux = t.params.get("has_aux")
        if isinstance(aux, Const) and aux.value is True:
            return Seq((grads, result.items[1])) if isinstance(result, Seq) and len(result.items) == 2 \
                else Seq((grads, Unknown))  # (grads, aux)
        return grads

    def _pytree_module(self, m: Inst) -> bool:
        """Whether `m` is a pytree whose gradient is a module of its class (an Equinox module, a
        Flax NNX module, a dataclass pytree; an Equinox layer, a Flax NNX layer whose parameters'
        shapes are known)."""
        return (isinstance(m.cls, ClassV) and self.pytree_class(m.cls)) or (
            isinstance(m.cls, Ext) and (m.cls.name.startswith("equinox.nn.") or (
                m.cls.name.startswith("flax.nnx.") and isinstance(m.attrs.get(LAYER_SHAPES), Const))))

    def _apply_jit(self, t, args, kwargs, act, ctx, site, node, label):
        p = t.params
        auto = multi_device(p.get("in_shardings")) or multi_device(p.get("out_shardings")) or any(
            multi_device(a) for a in args)
        shardings = p.get("in_shardings") if t.api == "jax.jit" else None
        static = _static_positions(t.fn, p.get("static_argnums"), p.get("static_argnames"))
        dynamic = [a for i, a in enumerate(args) if i not in static] if static is not None else None
        if t.api == "jax.jit" and node not in self.open_calls:
            self._jit_inputs_fit(shardings, kwargs, dynamic, act, ctx, site, node, t.site)
        if isinstance(shardings, ShardingV) and dynamic is not None:
            shardings = Seq((shardings,) * len(dynamic))  # one for every argument
        if isinstance(shardings, Seq) and dynamic is not None and len(shardings.items) == len(dynamic):
            for i, (s, a) in enumerate(zip(shardings.items, dynamic)):
                for part, sharding in prefix_pairs(s, a):  # (a pytree of shardings for a pytree)
                    sharding = self.resolved_spec(sharding, "in_shardings", act, ctx, site, node)
                    self.check_even(sharding, part, "in_shardings", i, act, ctx, site, node)
                    self._committed_fits(sharding, part, i, act, ctx, site, node)
        platforms = _platform_names(p.get("platforms")) or (self.platforms[-1] if self.platforms else ())
        inner = ctx.push(Layer("jit", t.site, frozenset(), auto_partitioned=auto, api=t.api,
                               platforms=platforms, wrap=p.get("__wrap__"), args=tuple(args),
                               entry=len(act.path if act is not None else ()) + (site is not None)))
        outermost, faults = ctx.innermost("jit") is None, self.lowering_faults
        if outermost:
            self.lowering_faults = []
        try:
            result = self.call(t.fn, args, kwargs, act, inner, site, node, label=label or "calls the jitted function")
        finally:
            if outermost:
                faults, self.lowering_faults = self.lowering_faults, faults
        if not _none(p.get("out_shardings", Const(None))):
            result = stypes.cleared(result)
        self.jit_outputs.setdefault(t.site, []).append(result)
        if t.api == "jax.jit":
            given = p.get("out_shardings")
            detail = spec_mismatch(given, result, "", "out_shardings", arrays=False) \
                if isinstance(given, (Seq, DictV, GraphPart, Inst)) else None
            if detail is not None:
                # (JAX raises once the function is traced)
                self.record(JitShardingsEvent(site, ctx, act.path, node, which="out", detail=detail))
                raise Raise()
            for part, sharding in prefix_pairs(p.get("out_shardings", Unknown), result):
                sharding = self.resolved_spec(sharding, "out_shardings", act, ctx, site, node)
                self.check_even(sharding, part, "out_shardings", None, act, ctx, site, node)
            for sharding, shape in _linen_pairs(p.get("out_shardings", Unknown)):
                # (a Linen init's variables given their boxes' shardings: each parameter's own)
                self.check_even(sharding, ArrayV(shape), "out_shardings", None, act, ctx, site, node)
        if outermost and faults:
            (axis, literal), spec, where = faults[0]
            self.record(DuplicateSpecEvent(site, ctx, act.path, node, axis=axis, spec=spec, what="NamedSharding spec",
                                           where=where, literal=literal, lowered=True))
            raise Raise()
        return result

    def _jit_inputs_fit(self, shardings, kwargs, dynamic, act, ctx, site, node, created) -> None:
        """`jax.jit`'s `in_shardings` where they cannot fit its call, which JAX checks before it
        traces the function: keyword arguments given with them (static ones too), a tuple (or a
        list) of another length than the positional arguments that are not static, or one part
        that is no pytree prefix of its argument."""
        if shardings is None or _none(shardings):
            return
        if kwargs:
            self.record(JitShardingsEvent(site, ctx, act.path, node, which="kwargs", detail=", ".join(kwargs)))
            raise Raise()
        if not isinstance(shardings, Seq) or dynamic is None:
            return
        if len(shardings.items) != len(dynamic):
            self.record(JitShardingsEvent(site, ctx, act.path, node, which="length", given=len(shardings.items),
                                          args=len(dynamic), created=created))
            raise Raise()
        for i, (s, a) in enumerate(zip(shardings.items, dynamic)):
            detail = spec_mismatch(s, a, f"[{i}]", "in_shardings", arrays=False)
            if detail is not None:
                self.record(JitShardingsEvent(site, ctx, act.path, node, which="in", detail=detail))
                raise Raise()

    def _committed_fits(self, sharding: Value, value: Value, index: int, act, ctx, site, node) -> None:
        """An array placed with one NamedSharding (`jax.device_put`, a `ShapeDtypeStruct`'s
        `sharding=`) given to a jit whose `in_shardings` place it otherwise over the same mesh: JAX
        compares the two and raises at the call (measured on 0.6.2, 0.8.2 and 0.10.2, on meshes
        of either axis type). Only shardings that lay out the array differently are reported
        (trailing unsplit dimensions and axes of size 1 split nothing)."""
        wanted = _layout(sharding)
        if wanted is None:
            return
        for leaf in self.arg_leaves(value):
            if not isinstance(leaf, ArrayV) or not isinstance(leaf.sharding, ShardingV):
                continue
            own = _layout(leaf.sharding)
            if own is not None and own[0] == wanted[0] and own[1] != wanted[1]:
                self.record(JitShardingsEvent(site, ctx, act.path, node, which="committed", given=index,
                                              specs=(leaf.sharding.spec, sharding.spec)))
                raise Raise()

    def check_even(self, sharding: Value, value: Value, where: str, index, act, ctx, site, node,
                   rank: bool = True, even: bool = True) -> None:
        """A NamedSharding that (with `even`) splits a dimension of `value`'s arrays over mesh
        axes whose total size does not divide it, or (with `rank`) whose spec is longer than an
        array's rank (jit's `in_shardings`/`out_shardings`, `device_put`; a constraint in traced
        code, the rank only): JAX raises (measured on 0.6.2, 0.8.2 and 0.10.2), and nothing after
        it on this path runs."""
        if not (isinstance(sharding, ShardingV) and isinstance(sharding.mesh, MeshV)
                and isinstance(sharding.spec, PSpecV)):
            return
        rank = too_long(sharding.spec, value, self.arg_leaves) if rank else None
        found = uneven(sharding.spec, value, sharding.mesh.axes, sharding.mesh.sizes, self.arg_leaves) \
            if rank is None and even else None
        if found is not None or rank is not None:
            self.record(UnevenShardingEvent(site, ctx, act.path, node, where=where, index=index, found=found or (),
                                            spec=sharding.spec, mesh=sharding.mesh, rank=rank or ()))
            raise Raise()

    def _apply_pmap(self, t, args, kwargs, act, ctx, site, node, label):
        self.jit_pmaps.update(f.site for f in ctx.layers if f.kind == "jit")
        results = []
        for name, c in self.each_option(t.params.get("axis_name", Const(None)), (t.site, "axis_name"), ctx):
            axes = axis_set(name)
            inner = c.push(Layer("pmap", t.site, axes, api=t.api, wrap=t.params.get("__wrap__"), args=tuple(args),
                                 size=_vmap_size(t, args)))
            results.append(self.call(t.fn, args, kwargs, act, inner, site, node,
                                     label=label or "calls the pmapped function"))
        return join(results)

    def _apply_filter_pmap(self, t, args, kwargs, act, ctx, site, node, label):
        """`eqx.filter_pmap`: the function is traced under `jax.vmap` (same axis name) to find its
        outputs' structure (traced, never lowered), then pmapped: what vmap rejects while tracing
        fails it too."""
        self._apply_vmap(t, args, kwargs, act, ctx.in_mode("trace_only"), site, node,
                         label or "calls the filter_pmapped function")
        return self._apply_pmap(t, args, kwargs, act, ctx, site, node, label)

    def _replicated_modules(self, spec: Value, args: list, mesh_axes, sizes) -> tuple:
        """Where one PartitionSpec given for every argument splits a module unevenly: per
        argument, 0 where the spec still applies and -1 for the modules, replicated, when every
        argument then splits evenly; else ()."""
        if not isinstance(spec, PSpecV):
            return ()
        items = tuple(-1 if isinstance(a, Inst) else 0 for a in args)
        if 0 not in items or -1 not in items:
            return ()
        kept = [a for a, i in zip(args, items) if i == 0]
        return items if spec_indivisible(spec, Seq(tuple(kept)), (), mesh_axes, sizes, self.arg_leaves) is None \
            else ()

    def arg_leaves(self, v: Value, seen: frozenset = frozenset()):
        """The leaves a shard_map's in_specs apply to in an argument: the items of containers,
        the attributes of a module that is a pytree (Equinox, Flax NNX, a dataclass pytree),
        the parameter arrays of a framework layer whose shapes its constructor says; anything
        else (a module stacked by a vmap, whose attributes are one member's) is one leaf."""
        if isinstance(v, Seq):
            for i in v.items:
                yield from self.arg_leaves(i, seen)
        elif isinstance(v, DictV):
            for i in v.items.values():
                yield from self.arg_leaves(i, seen)
        elif is_variable(v):
            yield variable_array(v)
        elif isinstance(v, GraphPart) and v.kind == "state" and v.select is None:
            yield from self.arg_leaves(v.of, seen)  # (`nnx.split(model)`'s: all the module's variables)
        elif isinstance(v, Inst) and id(v) not in seen and STACKED in v.attrs:
            n = v.attrs[STACKED]
            if not isinstance(n, Const):
                yield v
                return
            for leaf in self.arg_leaves(member(v), seen):
                # each array holds one member's per item: the count leads its shape
                if isinstance(leaf, ArrayV):
                    leaf = ArrayV((n.value, *leaf.shape), leaf.dtype) if leaf.shape is not None \
                        else ArrayV(None, leaf.dtype, lead=n.value)
                yield leaf
        elif isinstance(v, Inst) and id(v) not in seen:
            params = v.attrs.get(LAYER_SHAPES)
            if isinstance(v.cls, ClassV) and self.pytree_class(v.cls):
                for k, a in v.attrs.items():
                    if not k.startswith("__"):
                        yield from self.arg_leaves(a, seen | {id(v)})
            elif isinstance(v.cls, Ext) and isinstance(params, Const):
                for _, shape in params.value:
                    yield ArrayV(shape)
            elif isinstance(v.cls, Ext) and v.cls.name == "equinox.nn.MLP" and isinstance(v.attrs.get("layers"), Seq):
                yield from self.arg_leaves(v.attrs["layers"], seen | {id(v)})
            else:
                yield v
        else:
            yield v

    def _apply_vmap(self, t, args, kwargs, act, ctx, site, node, label):
        if node not in self.open_calls:
            self._vmap_inputs_fit(t, args, kwargs, act, ctx, site, node)
        results = []
        items = _per_item(t, args, kwargs)
        variables = t.params.get("variable_axes")
        maps_params = t.api == "flax.linen.vmap" and isinstance(variables, DictV) and "params" in variables.items
        for name, c in self.each_option(t.params.get("axis_name", Const(None)), (t.site, "axis_name"), ctx):
            # a layer even without an axis name: what is batched matters (psend/precv)
            size = _vmap_size(t, args)
            inner = c.push(Layer("vmap", t.site, axis_set(name), api=t.api, size=size, per_item=items is not None,
                                 views=items[2] if items is not None else (),
                                 split=items[1] if items is not None else None,
                                 spmd=axis_set(t.params.get("spmd_axis_name", Const(None))) or frozenset(),
                                 maps_params=maps_params))
            result = self.call(t.fn, items[0] if items is not None else args, kwargs, act, inner, site, node,
                               label=label or "calls the vmapped function")
            if items is not None:
                result = _batched(result, t, size, items[1], outer=c.innermost("vmap") is not None)
            out_axes = t.params.get("out_axes", Const(0))
            if isinstance(result, Inst):
                # a module made per mapped item: its state stacked (how many, where known);
                # Equinox's default stacks every array at 0
                leading = isinstance(out_axes, Const) and (out_axes.value == 0 or (
                    out_axes.value is None and t.api == "equinox.filter_vmap"))
                result = stacked(result, size if leading else None)
                meta = t.params.get("transform_metadata")
                named = meta.items.get("partition_name") if isinstance(meta, DictV) and t.api == "flax.nnx.vmap" \
                    else None
                if named is not None and leading:
                    result.attrs[STACK_NAME] = named
            results.append(result)
        return join(results)

    def _vmap_inputs_fit(self, t, args, kwargs, act, ctx, site, node) -> None:
        """A vmap's `in_axes` where they cannot fit its call, which JAX checks before it traces the
        function (`VmapAxesEvent`; measured on 0.6.2, 0.8.2 and 0.10.2 for `jax.vmap`, `nnx.vmap`
        and `eqx.filter_vmap`). Shapes are judged where known as JAX sees them (not under a vmap
        whose items are not followed), of arrays given as arrays, tuples, lists and dicts, and of
        stacks of modules outside shard_maps (inside, a module's arrays may keep their global
        shapes)."""
        if t.api not in _PER_ITEM_VMAPS or not ctx.per_item:
            return
        in_axes = t.params.get("in_axes", Const(0))
        if isinstance(in_axes, Seq) and in_axes.kind == "tuple" and len(in_axes.items) != len(args):
            self.record(VmapAxesEvent(site, ctx, act.path, node, kind="length", api=t.api,
                                      given=len(in_axes.items), args=len(args)))
            raise Raise()
        per_arg = _in_axes(t, args)
        if per_arg is None:
            return
        for i, (axes, arg) in enumerate(zip(per_arg, args)):
            detail = spec_mismatch(axes, arg, f"[{i}]", "vmap in_axes", arrays=False)
            if detail is not None:
                self.record(VmapAxesEvent(site, ctx, act.path, node, kind="structure", api=t.api, detail=detail))
                raise Raise()
        mapped = []
        global_modules = ctx.innermost("shard_map") is None  # (where a module's arrays have their global shapes)
        for i, (axes, arg) in enumerate(zip(per_arg, args)):
            stack = _stack_mapped(axes, arg) if global_modules else None
            if stack is not None:
                mapped.append((f"argument {i} (a stack of modules)", 0, None, None, stack))
            mapped += _mapped(axes, arg, f"argument {i}", numbers=t.api == "jax.vmap")
        if t.api == "jax.vmap":  # (it maps keyword arguments at 0)
            mapped += [m for k, v in kwargs.items() for m in _mapped(Const(0), v, f"keyword `{k}`", numbers=True)]
        for where, axis, shape, dtype, _ in mapped:
            if shape is not None and not -len(shape) <= axis < len(shape):
                self.record(VmapAxesEvent(site, ctx, act.path, node, kind="rank", api=t.api,
                                          mapped=((where, axis, shape, dtype, None),)))
                raise Raise()
        sized = [(m, m[4]) for m in mapped if m[4] is not None]
        given = t.params.get("axis_size")
        size = given.value if isinstance(given, Const) and type(given.value) is int else None
        if size is not None and self.jax_version >= VMAP_AXIS_SIZE_CHECKED:
            wrong = [m for m, n in sized if n != size]
            if wrong:
                self.record(VmapAxesEvent(site, ctx, act.path, node, kind="sizes", api=t.api, given=size,
                                          mapped=(wrong[0],)))
                raise Raise()
        elif len({n for _, n in sized}) > 1:
            first = sized[0][1]
            other = next(m for m, n in sized if n != first)
            self.record(VmapAxesEvent(site, ctx, act.path, node, kind="sizes", api=t.api,
                                      mapped=(sized[0][0], other)))
            raise Raise()

    def _apply_shard_map(self, t, args, kwargs, act, ctx, site, node, label):
        p = t.params
        given_mesh = p.get("mesh", Const(None))
        raised = 0
        opts = options(given_mesh)
        results = []
        for mesh, c in self.each_option(given_mesh, (t.site, "mesh"), ctx):
            if isinstance(mesh, MeshV) and not mesh.abstract and ctx.innermost("shard_map") is not None:
                # the axes it makes manual, all manual already: the outer one split its inputs
                names, outer = p.get("axis_names"), ctx.manual_axes
                unnamed = names is None or (isinstance(names, Const) and names.value is None)
                inner = frozenset(mesh.axes or ()) if unnamed else axis_set(names)
                self.record(NestedMeshEvent(site, c, act.path, node, api=t.api, created=t.site,
                                            inline=bool(inner) and outer is not None and inner <= outer))
            if isinstance(mesh, Const) and mesh.value is None:
                mesh = self.context_mesh(ctx, act)
                if mesh is None and self._no_mesh(t, ctx):
                    named = {a for k in ("in_specs", "out_specs") if k in p
                             for leaf in spec_leaves(p[k], partly=True) if leaf for a in leaf if isinstance(a, str)}
                    self.record(NoMeshEvent(site, c, act.path, node, api=t.api, created=t.site,
                                            axes=tuple(sorted(named))))
                    raised += 1  # ValueError when it is called: nothing in it runs
                    continue
            try:
                results.append(self._shard_map_with(t, mesh if mesh is not None else Unknown, args, act, c, site,
                                                    node, label))
            except Raise:
                raised += 1
        if raised == len(opts):
            raise Raise()
        return join(results)

    def _no_mesh(self, t, ctx) -> bool:
        """`jax.shard_map` given no mesh, where no mesh context can be in force (the code enters
        none, and the entry point is not one a test runner may enter one for)."""
        from ..jaxfacts import SET_MESH_ADDED

        return (t.api == "jax.shard_map" and ctx.mesh is None and "mesh_maybe" not in ctx.modes
                and self.jax_version >= SET_MESH_ADDED)

    def _shard_map_with(self, t, mesh, args, act, ctx, site, node, label):
        p = t.params
        mesh_axes = mesh.axes if isinstance(mesh, MeshV) else None
        mesh_sizes = mesh.sizes if isinstance(mesh, MeshV) else None
        manual = None
        names = p.get("axis_names")
        auto = p.get("auto")
        if names is not None and not (isinstance(names, Const) and names.value is None) \
                and not (isinstance(names, Seq) and not names.items):
            manual = axis_set(names)
        elif auto is not None and not (isinstance(auto, Const) and auto.value is None) and mesh_axes is not None:
            a = axis_set(auto)
            manual = None if a is None else frozenset(mesh_axes) - a
        elif mesh_axes is not None:
            manual = frozenset(mesh_axes)
        rep = p.get("check_rep")  # (the experimental shard_map's, and Flax 0.11's `nnx.shard_map`'s)
        check = rep if rep is not None and not _none(rep) else p.get("check_vma", Const(True))
        layer = Layer("shard_map", t.site, manual, mesh_axes, mesh_sizes, api=t.api,
                      wrap=p.get("__wrap__"), spec_axes=spec_axes(p.get("in_specs")),
                      entry=len(act.path if act is not None else ()) + (site is not None))
        inner = ctx.push(layer)
        if isinstance(mesh, MeshV):
            inner = inner.with_mesh(mesh)
        self.smap_checks[layer] = check
        in_specs = p.get("in_specs")
        if isinstance(in_specs, Seq) and any(isinstance(s, FilterSpecs) for s in in_specs.items):
            in_specs = Seq(tuple(self.filtered_specs(s, a, act, ctx, site, node) if isinstance(s, FilterSpecs) else s
                                 for s, a in zip(in_specs.items, args)) + in_specs.items[len(args):], in_specs.kind)
        # every axis a spec is known to name must be manual, whatever the others are: JAX checks
        # the in_specs, then the out_specs, before anything else of the call
        for which, given_specs in (("axis", in_specs), ("out_axis", p.get("out_specs"))):
            named = frozenset(a for axes in spec_leaves(given_specs, partly=True) if axes is not None for a in axes)
            if manual is not None and not named <= manual:
                outside = tuple(sorted(named - manual))
                self.record(SpecEvent(site, ctx, act.path, node, which=which, axes=outside,
                                      detail=", ".join(map(repr, sorted(manual))), created=t.site,
                                      manual=tuple(sorted(manual)), specs=given_specs))
                raise Raise()
            for spec in _spec_values(given_specs) if _lowered(ctx) else ():
                # (JAX traces a jitted function's shard_map with such a spec, and rejects it as it
                # lowers the jit; a shard_map called outside jit is lowered at its call; one only
                # traced, by eval_shape, is never rejected)
                where, found = "in_specs" if which == "axis" else "out_specs", spec_duplicate(spec)
                if found is not None and ctx.innermost("jit") is not None:
                    self.lowering_faults.append((found, spec, where))
                else:
                    self.spec_unique(spec, "NamedSharding spec", where, act, ctx, site, node)
        if isinstance(mesh, MeshV) and (mesh.explicit_default or mesh.explicit_types) and mesh_axes is not None \
                and manual == frozenset(mesh_axes):
            # JAX checks the specs against the inputs' own shardings where every axis is manual
            self._explicit_inputs(mesh, in_specs, args, act, ctx, site, node)
        given = Seq(tuple(args))
        if isinstance(in_specs, (Seq, DictV)) and node not in self.open_calls:
            detail = spec_mismatch(in_specs, given, "")
            if detail is not None:
                self.record(SpecEvent(site, ctx, act.path, node, which="in", detail=detail, created=t.site,
                                      specs=in_specs, values=given))
                raise Raise()  # JAX raises when it is called: the function is never traced
        if isinstance(in_specs, (PSpecV, Seq, DictV)):
            found = spec_too_long(in_specs, given, (), "in_specs", self.arg_leaves)
            if found is not None:
                self.record(SpecEvent(site, ctx, act.path, node, which="in_rank", detail=found[0], created=t.site,
                                      specs=in_specs, values=given, short=found[1:]))
                raise Raise()
            detail = spec_indivisible(in_specs, given, (), mesh_axes, mesh_sizes, self.arg_leaves)
            if detail is not None:
                self.record(SpecEvent(site, ctx, act.path, node, which="in_divisible", detail=detail,
                                      created=t.site, specs=in_specs, values=given,
                                      prefix=self._replicated_modules(in_specs, args, mesh_axes, mesh_sizes)))
                raise Raise()
        specs = in_specs.items if isinstance(in_specs, Seq) and len(in_specs.items) == len(args) else (
            (in_specs,) * len(args))
        sizes = dict(zip(mesh_axes, mesh_sizes)) if mesh_axes is not None and mesh_sizes is not None else None
        result = self.call(t.fn, [block(a, s, manual, sizes=sizes) for a, s in zip(args, specs)], {}, act, inner,
                           site, node, label=label or "calls the shard_mapped function")
        for f in ctx.layers:
            if f.kind == "jit" and manual:
                self.jit_smaps.setdefault(f.site, set()).update(manual)
        checked = not (isinstance(check, Const) and check.value is False)
        out_specs = p.get("out_specs")
        if isinstance(out_specs, (Seq, DictV)) and isinstance(result, (Seq, DictV)):
            detail = spec_mismatch(out_specs, result, "", "out_specs", arrays=False)
            if detail is not None:
                self.record(SpecEvent(site, ctx, act.path, node, which="out_structure", detail=detail,
                                      created=t.site, specs=out_specs, values=result))
                raise Raise()  # JAX raises once the function is traced: nothing after it runs
        if isinstance(out_specs, (PSpecV, Seq, DictV)):
            found = spec_too_long(out_specs, result, (), "out_specs")
            if found is not None:
                detail, path, missing = found
                self.record(SpecEvent(site, ctx, act.path, node, which="out_rank", detail=detail,
                                      created=t.site, specs=out_specs, values=result, fn=t.fn,
                                      short=(path, missing)))
                raise Raise()
        if checked and manual and isinstance(out_specs, (PSpecV, Seq, DictV)):
            extra = unreplicated(out_specs, result, manual)
            if extra:
                self.record(SpecEvent(site, ctx, act.path, node, which="out", detail=_spec_text(out_specs),
                                      axes=tuple(sorted(extra)), created=t.site, specs=out_specs, values=result,
                                      fn=t.fn, inputs=tuple(zip(specs, args))))
        return unblock(result, out_specs, mesh)

    def _apply_pallas_call(self, t, args, kwargs, act, ctx, site, node, label):
        kl = Layer("kernel", t.site, frozenset(), api=t.api, invocation=(ctx.memo_key, t.fn.key()))
        params = dict(t.params)
        if params.get("compiler_params") is None:
            params["compiler_params"] = Unknown
        grads = [f.api for f in ctx.layers if f.kind == "grad"]
        through = grads and DIFFERENTIATED in vma_of(Seq(tuple(args)))
        vmap, space = _whole_blocks_batched(params, args, ctx)
        self.record(PallasEvent(site, ctx, act.path, node, api=t.api, created=t.site, params=params,
                                kernel_layer=kl, differentiated=tuple(grads) if through else (),
                                batched_by=vmap, memory_space=space))
        self.call(t.fn, _prefetched(params.get("grid_spec"), args), {}, act, ctx.push(kl), t.site, node,
                  unknown_tail=True, label="runs the Pallas kernel")
        out = params.get("out_shape")
        return out if isinstance(out, ArrayV) else Unknown

    def _apply_trace(self, t, args, kwargs, act, ctx, site, node, label):
        self.call(t.fn, [], {}, act, ctx, site, node, unknown_tail=True, label=label)
        return Unknown

    # ------------------------------------------------------------------ checks at application

    def received_carry(self, name: str, row, p: dict, outputs: list, act, ctx, site, node) -> None:
        """Under shard_map's varying-axes check, a loop's carry must vary over the same axes in its
        initial value and in what the body returns, and cond's branches must agree: record where
        one side is known to vary over an axis the other is known not to (what `precv` returned
        does not vary; `jnp.zeros(...)` does not; a block sharded over an axis does)."""
        smap = ctx.innermost("shard_map")
        short = apis.short(name)
        pairs = []
        if row.carry is not None:
            init = p.get(row.carry, Unknown)
            carries = outputs[-1:] if short != "scan" else [
                o.items[0] if isinstance(o, Seq) and o.items else o for o in outputs]
            pairs = [(init, c, "carry") for c in carries]
        elif short in ("cond", "switch") and len(outputs) > 1:
            pairs = [(a, b, "branches") for i, a in enumerate(outputs) for b in outputs[i + 1:]]
        if smap is not None and smap.axes:
            self.carry_pairs(pairs, name, smap, act, ctx, site, node)
        self.carry_types(pairs, row, name, act, ctx, site, node, manual=smap is not None)

    def carry_types(self, pairs: list, row, name: str, act, ctx, site, node, manual: bool = False,
                    carry_at: int | None = None) -> None:
        """The two sides of a loop's carry (or two branches) must be of one type: where a part's
        dtypes are known on both sides and differ (a bfloat16 carry through float32 layers; a
        weakly typed initial value, which JAX promotes, has none), or, outside shard_map
        (`manual` false), its shapes (a scalar accumulator to which the body adds a row of
        per-example values) or, from JAX 0.8, its sharding types (split over an Explicit axis on
        one side only, say), JAX raises, and nothing after it on this path runs. Not under a
        vmap, whose batching of the loop the types here do not say. `carry_at`: the position of
        the initial carry in the call (a fix may cast or reshard it), where not `row`'s carry
        parameter's (the call of a function `nnx.scan` made)."""
        if not ctx.per_item:
            return
        names = [p.arg for p in (*row.params.posonlyargs, *row.params.args)]
        if carry_at is None and row.carry in names:
            carry_at = names.index(row.carry)
        for a, b, what in pairs:
            at = carry_at if what == "carry" and isinstance(a, ArrayV) else None
            for x, y, path in _paired_at(a, b):
                x, y = _as_array(x), _as_array(y)
                if not (isinstance(x, ArrayV) and isinstance(y, ArrayV)):
                    continue
                shaped = x.shape is not None and y.shape is not None and None not in x.shape and None not in y.shape
                if shaped and x.shape != y.shape and not manual:
                    self.record(CarryTypeEvent(site, ctx, act.path, node, api=name, what=what, kind="shape",
                                               specs=(x.shape, y.shape)))
                    raise Raise()
                types = (dtypes.canonical(x.dtype), dtypes.canonical(y.dtype))
                if None not in types and types[0] != types[1]:
                    self.record(CarryTypeEvent(site, ctx, act.path, node, api=name, what=what, kind="dtype",
                                               specs=types, arg=carry_at if what == "carry" else None, part=path))
                    raise Raise()
                if manual:
                    continue
                if self.jax_version >= CARRY_SHARDING_CHECKED and x.spec is not None and y.spec is not None \
                        and len(x.spec) == len(y.spec) and x.spec != y.spec:
                    self.record(CarryTypeEvent(site, ctx, act.path, node, api=name, what=what, specs=(x.spec, y.spec),
                                               arg=at, bare=self._bare_specs(ctx, act)))
                    raise Raise()

    def carry_pairs(self, pairs: list, name: str, smap: Layer, act, ctx, site, node) -> None:
        for a, b, what in pairs:
            axes = carry_mismatch(a, b, smap.axes)
            if axes:
                received = _received_mismatch(a, b, smap.axes)
                leaves = init_lacks(a, b, smap.axes) if what == "carry" else None
                self.record(ReceivedCarryEvent(site, ctx, act.path, node, api=name, what=what,
                                               axes=tuple(sorted(axes)), received=received,
                                               init_leaves=tuple(leaves or ())))
                return

    def nnx_scan_carry(self, t: Transformed, args: list, result: Value, act, ctx, site, node) -> None:
        """`nnx.scan(f, in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))`: the argument and the
        output marked `nnx.Carry` (first, by default) are the loop's carry."""
        smap = ctx.innermost("shard_map")
        i = _carry_index(t.params.get("in_axes"))
        j = _carry_index(t.params.get("out_axes"))
        if i is None or i >= len(args) or j is None:
            return
        if j == "all":
            out = result
        elif isinstance(result, Seq) and j < len(result.items):
            out = result.items[j]
        else:
            return
        pairs = [(args[0] if i == "all" else args[i], out, "carry")]
        if smap is not None and smap.axes:
            self.carry_pairs(pairs, t.api, smap, act, ctx, site, node)
        self.carry_types(pairs, apis.API[t.api], t.api, act, ctx, site, node, manual=smap is not None,
                         carry_at=0 if i == "all" else i)

    def filtered_specs(self, specs: FilterSpecs, module: Value, act, ctx, site, node) -> Value:
        """The specs `nnx.StateSharding`'s filters give an NNX module's variables, shaped as the
        module (as `jax.tree.map` over it gives them): each variable the spec of the first filter
        it matches. `specs` as it was where a variable matches none, or where what a filter
        says of one, or the module's state, is not known."""
        try:
            return self._filter_tree(specs.filters, module, (), act, ctx, site, node, frozenset())
        except _Undecided:
            return specs

    def _filter_tree(self, filters: tuple, m: Value, path: tuple, act, ctx, site, node, seen: frozenset) -> Inst:
        if not (isinstance(m, Inst) and isinstance(m.cls, ClassV)) or id(m) in seen or STACKED in m.attrs:
            raise _Undecided
        specs = {}
        for k, v in m.attrs.items():
            if k.startswith("__") or isinstance(v, (Const, Func, Bound, Partial, ClassV, Ext)):
                continue  # (what is not state: settings, functions)
            if is_variable(v):
                specs[k] = self._filter_match(filters, (*path, k), v, act, ctx, site, node)
            elif isinstance(v, Inst) and isinstance(v.cls, ClassV):
                specs[k] = self._filter_tree(filters, v, (*path, k), act, ctx, site, node, seen | {id(m)})
            elif isinstance(v, Inst) and isinstance(v.cls, Ext) and isinstance(v.attrs.get(LAYER_SHAPES), Const) \
                    and STACKED not in v.attrs:
                specs[k] = Inst(v.cls, {n: self._filter_match(filters, (*path, k, n), ArrayV(shape), act, ctx, site,
                                                              node)
                                        for n, shape in v.attrs[LAYER_SHAPES].value})
            else:
                raise _Undecided
        return Inst(m.cls, specs)

    def _filter_match(self, filters: tuple, path: tuple, value: Value, act, ctx, site, node) -> Value:
        """The spec of the first filter that the variable at `path` matches, as `nnx.split`
        matches them (`nnxstate.matches`: types, `...`, combinations, `nnx.PathContains`), or a
        function of its path and value. (A tag is not decided here.)"""
        cls = value.cls if is_variable(value) else Ext("flax.nnx.Param")  # (a layer's parameter)
        for f, spec in filters:
            hit = nnxstate.matches(f, cls, path)
            if hit is None and is_callable(f) and not isinstance(f, (ClassV, Ext)):
                said = self.call(f, [Seq(tuple(Const(p) for p in path)), value], {}, act, ctx, site, node,
                                 label="calls an nnx.StateSharding filter")
                hit = said.value if isinstance(said, Const) and isinstance(said.value, bool) else None
            if hit is None:
                raise _Undecided
            if hit:
                return spec
        raise _Undecided

    def _explicit_inputs(self, mesh: MeshV, in_specs, args, act, ctx, site, node) -> None:
        """Inputs given to a shard_map over an Explicit mesh whose in_specs say another sharding
        than their own: JAX checks the specs against the inputs' types. An input without a
        sharding, or of a type that splits nothing, where the specs shard it; an input of
        another known type than the specs'."""
        if in_specs is None or not args:
            return
        specs = in_specs.items if isinstance(in_specs, Seq) else (in_specs,) * len(args)
        aligned = len(specs) == len(args)  # (else the specs' structure fails first: SHL015)
        for i, (given, arg) in enumerate(zip(specs, args)):
            for spec, leaf in _spec_pairs(given, arg):
                if spec.axes and (leaf.sharding is NO_SHARDING or (leaf.spec is not None and not any(leaf.spec))):
                    self.record(ExplicitUnshardedEvent(site, ctx, act.path, node, axes=spec.axes, mesh=mesh))
                    return
                wanted = stypes.of_spec(spec, leaf.shape)
                if aligned and wanted is not None and leaf.spec is not None and any(leaf.spec) and leaf.spec != wanted:
                    self.record(ExplicitMismatchEvent(site, ctx, act.path, node, given=leaf.spec, wanted=wanted,
                                                      arg=i, bare=self._bare_specs(ctx, act)))
                    return

    def wrap_site(self, fn: Value, node, act, decorating: bool, row) -> tuple | None:
        """Where the transformed function is written, for fixes: its def (decorator form) or the
        function argument of the call; with the meshes the enclosing function binds to local
        names there (a trainer's `mesh` parameter), which a wrap there can use."""
        local = tuple((k, v) for k, v in act.env.items() if isinstance(v, MeshV)) \
            if act.scope.kind == "function" else ()
        if decorating:
            if isinstance(fn, Func) and isinstance(fn.scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                d = fn.scope.node
                return ("decorator", Site(fn.scope.module.path, d.lineno, d.col_offset, d.lineno,
                                          d.col_offset, d.name), local)
            inner = fn.params.get("__wrap__") if isinstance(fn, Transformed) else None
            if isinstance(inner, tuple) and inner[0] == "decorator":
                # over another decorator (`@jax.jit` on `@eqx.filter_checkpoint`): the same def
                return ("decorator", inner[1], local)
            return None
        if isinstance(node, ast.Call):
            expr = None
            if node.args and not isinstance(node.args[0], ast.Starred):
                expr = node.args[0]
            elif row is not None and row.fn is not None:
                expr = next((k.value for k in node.keywords if k.arg == row.fn), None)
            if expr is not None:
                return ("arg", self.site(expr, act, ast.unparse(expr) if len(ast.dump(expr)) < 400 else ""), local)
        return None


# ---------------------------------------------------------------------- helpers


def block(v: Value, spec: Value, manual, in_module: bool = False, sizes: dict | None = None) -> Value:
    """An argument as a shard_mapped function sees it: arrays become per-device blocks that vary
    over the manual axes their spec shards them over, of the shape the spec splits theirs into
    (`sizes`: each mesh axis's size, where known); modules, functions and containers keep their
    structure (a spec applies to each leaf, or part by part where it has the same structure)."""
    if isinstance(v, Inst) and isinstance(spec, GraphPart) and spec.kind == "state" and isinstance(spec.of, Inst):
        spec = spec.of  # (an NNX State of specs, `nnx.get_partition_spec(nnx.state(model))`: shaped as the module)
    if isinstance(v, Inst) and isinstance(spec, (DictV, PSpecV, Inst)) and not isinstance(spec, FilterSpecs):
        return _module_block(v, spec, manual, sizes)
    if isinstance(v, Inst) and (spec is Unknown or isinstance(spec, FilterSpecs)) and manual is not None:
        # specs not known (`nnx.StateSharding` filters not decided here): its arrays are blocks
        # of shapes not known, not its global ones
        return _module_block(v, Unknown, manual, sizes)
    if isinstance(v, GraphPart) and v.kind == "state" and isinstance(spec, (DictV, PSpecV, GraphPart)):
        # `nnx.split`'s state: the module's (or modules', `nnx.split((model, optimizer))`),
        # given one spec, a dict of them or a state of them (`jax.tree.map` over the state)
        part = spec.of if isinstance(spec, GraphPart) else spec
        of = block(v.of, part, manual, sizes=sizes) if isinstance(v.of, (Inst, Seq)) else v.of
        return v.remade(of)
    if isinstance(v, (Inst, Func, ClassV, Bound, Partial, Transformed, ModV, GraphPart)):
        return v
    if isinstance(v, LinenVarsV) and isinstance(spec, LinenVarsV) and spec.specs and not spec.logical \
            and manual is not None:
        return replace(v, split=frozenset(manual))  # Linen variables split by their own boxes
    if in_module and isinstance(v, (Const, MeshV, DTypeV)):
        return v  # a module's static fields (an axis name, a flag) stay as they are
    if isinstance(v, Seq):
        parts = spec.items if isinstance(spec, Seq) and len(spec.items) == len(v.items) else (spec,) * len(v.items)
        return Seq(tuple(block(i, s, manual, in_module, sizes) for i, s in zip(v.items, parts)), v.kind)
    if isinstance(v, Repeated):
        return Repeated(block(v.item, Unknown if isinstance(spec, (Seq, DictV)) else spec, manual, in_module, sizes),
                        v.kind)
    if isinstance(v, DictV):
        return DictV({k: block(x, spec.items.get(k, Unknown) if isinstance(spec, DictV) else spec, manual, in_module,
                               sizes)
                      for k, x in v.items.items()})
    if isinstance(v, Multi):
        return join([block(o, spec, manual, in_module, sizes) for o in v.options])
    if (v is Unknown or isinstance(v, ArrayV)) and not in_module and isinstance(spec, (DictV, Seq)):
        # A spec tree is a prefix of the argument's: a dict of specs is given a dict with its keys
        # (what the analysis took for one array, a function's result it did not follow, is one).
        if isinstance(spec, DictV):
            return DictV({k: block(Unknown, s, manual) for k, s in spec.items.items()})
        return Seq(tuple(block(Unknown, s, manual) for s in spec.items), spec.kind)
    known = isinstance(spec, PSpecV) and spec.axes is not None
    vma = frozenset(spec.axes) if known else frozenset()
    if manual is not None:
        vma &= manual
    if isinstance(v, ArrayV):
        vma |= v.vma & {DIFFERENTIATED, BATCHED}  # (what a grad or vmap around the shard_map maps stays so)
    shape = _block_shape(v.shape, spec, sizes) if isinstance(v, ArrayV) and sizes else None
    return ArrayV(shape, v.dtype if isinstance(v, ArrayV) else None, vma=vma, exact=known and manual is not None)


def _block_shape(shape, spec: Value, sizes: dict) -> tuple | None:
    """The shape of each device's block of an array of `shape` that `spec` splits over mesh axes
    of `sizes`: a dimension split evenly is divided, one split unevenly or over axes of unknown
    size is not known; None where the spec's entries are not all known."""
    if shape is None or not isinstance(spec, PSpecV) or spec.parts is None or len(spec.parts) > len(shape):
        return None
    out = list(shape)
    for i, part in enumerate(spec.parts):
        split = _split_over(part, sizes)
        if split is None:
            return None
        axes, total = split
        if axes:
            out[i] = out[i] // total if total is not None and isinstance(out[i], int) and out[i] % total == 0 else None
    return tuple(out)


def _split_over(part: Value, sizes: dict) -> tuple[tuple, int | None] | None:
    """The mesh axes a spec entry splits a dimension over, and how many devices they span
    together (None where an axis's size is not known or it is not in `sizes`, the mesh's); None
    where the entry is not known."""
    names = part.items if isinstance(part, Seq) else (part,)
    if not all(isinstance(n, Const) for n in names):
        return None
    axes = tuple(n.value for n in names if n.value is not None)
    counts = [sizes.get(a) if isinstance(a, str) else None for a in axes]
    return axes, math.prod(counts) if all(isinstance(c, int) and c > 0 for c in counts) else None


def unblock(v: Value, spec: Value, mesh: Value) -> Value:
    """A shard_mapped function's output as its caller sees it: each array a global one, placed
    over the mesh by its `out_specs` entry (of a shape not known here); containers keep their
    structure (a spec applies to each leaf, or part by part where it has the same structure).
    What is not known to be an array stays unknown."""
    if isinstance(v, Multi):
        return join([unblock(o, spec, mesh) for o in v.options])
    if isinstance(v, Seq):
        parts = spec.items if isinstance(spec, Seq) and len(spec.items) == len(v.items) else (spec,) * len(v.items)
        return Seq(tuple(unblock(i, s, mesh) for i, s in zip(v.items, parts)), v.kind)
    if isinstance(v, DictV):
        return DictV({k: unblock(x, spec.items.get(k, Unknown) if isinstance(spec, DictV) else spec, mesh)
                      for k, x in v.items.items()})
    if isinstance(v, ArrayV) and isinstance(spec, PSpecV) and spec.parts is not None and isinstance(mesh, MeshV):
        return ArrayV(None, v.dtype, ShardingV(mesh, spec))
    if isinstance(v, LinenVarsV) and not v.specs and isinstance(spec, PSpecV) and spec.axes is not None:
        # a Linen init's variables: known by the names their boxes hold, their shapes the
        # blocks' where the spec splits none
        return replace(v, sharding=None, split=None, shaped=v.shaped if not spec.axes else frozenset())
    return Unknown


def cotangent(v: Value, module=lambda m: False) -> Value:
    """A cotangent of `v`: its arrays' shapes and types, varying over the axes they vary over; a
    module that is a pytree (`module` says which) is one of its class, its fields' cotangents,
    an NNX state a state of them, a variable one holding its array's."""
    def other(x: Value) -> Value:
        if isinstance(x, GraphPart) and x.kind == "state":
            return x.remade(cotangent(x.of, module))
        if is_variable(x):
            return Inst(x.cls, {**x.attrs, "value": cotangent(variable_array(x), module)})
        if isinstance(x, Inst) and module(x):
            attrs = {k: a if k.startswith("__") else cotangent(a, module) for k, a in x.attrs.items()}
            return Inst(x.cls, {**attrs, COTANGENT: Const(True)}, x.version + 1, x.lift, x.setup_done)
        return ArrayV((), exact=True) if isinstance(x, Const) and isinstance(x.value, float) else Unknown

    return map_arrays(v, lambda a: ArrayV(a.shape, a.dtype, vma=a.vma, exact=a.exact), other)


def _static_positions(fn: Value, argnums: Value | None, argnames: Value | None) -> set | None:
    """The positions of a jitted function's static arguments (`static_argnums`, and
    `static_argnames` by its parameters' names); None where they are not known."""
    def given(v):
        return v is not None and not (isinstance(v, Const) and v.value is None)

    out: set = set()
    if given(argnums):
        nums = ints(argnums)
        if nums is None:
            return None
        out |= set(nums)
    if given(argnames):
        names = [argnames.value] if isinstance(argnames, Const) else [i.value for i in argnames.items] \
            if isinstance(argnames, Seq) and all(isinstance(i, Const) for i in argnames.items) else None
        node = fn.scope.node if isinstance(fn, Func) else None
        if names is None or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return None
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        out |= {params.index(n) for n in names if n in params}
    return out


def _grads(argnums: Value, args: list, module) -> Value:
    """What differentiating gives for the arguments `argnums` picks: cotangents in their structure,
    each varying over the axes its primal varies over (under shard_map's varying-axes types the
    transpose sums an invariant primal's cotangent over the axes it does not vary over)."""
    def pick(i: Value) -> Value:
        if isinstance(i, Const) and isinstance(i.value, int) and -len(args) <= i.value < len(args):
            return cotangent(args[i.value], module)
        return Unknown

    if isinstance(argnums, Seq):
        return Seq(tuple(pick(i) for i in argnums.items))
    return pick(argnums)


def _spec_vma(spec: Value, manual) -> frozenset:
    """Every manual axis a spec tree names."""
    if isinstance(spec, PSpecV):
        axes = frozenset(spec.axes or ())
    elif isinstance(spec, DictV):
        axes = frozenset().union(*(_spec_vma(s, manual) for s in spec.items.values()))
    elif isinstance(spec, Seq):
        axes = frozenset().union(*(_spec_vma(s, manual) for s in spec.items))
    elif isinstance(spec, Inst):  # specs in the module's own structure (`jax.tree.map` over it)
        axes = frozenset().union(*(_spec_vma(s, manual) for k, s in spec.attrs.items() if isinstance(s, Value)))
    else:
        axes = frozenset()
    return axes & manual if manual is not None else axes


def _spec_known(spec: Value) -> bool:
    if isinstance(spec, PSpecV):
        return spec.axes is not None
    if isinstance(spec, DictV):
        return all(_spec_known(s) for s in spec.items.values())
    if isinstance(spec, Seq):
        return all(_spec_known(s) for s in spec.items)
    return False


# The fields of a framework's pytree classes that hold its data (the others are static: a train
# state's `apply_fn` and `tx`): passed through shard_map, they are blocks even where not known.
_DATA_FIELDS = {"flax.training.train_state.TrainState": ("step", "params", "opt_state"),
                **{name: ("value",) for name in NNX_VARIABLES}}


def _module_block(m: Inst, spec: Value, manual, sizes: dict | None = None) -> Inst:
    """A module passed to shard_map: its state as the per-device block its spec makes of it (a
    tree of specs keyed like its attributes, as `nnx.StateSharding` gives, or one spec for
    all). A framework layer whose parameters vary makes what it computes vary too."""
    if STACKED in m.attrs:
        return _stacked_block(m, spec, manual, sizes)
    out = Inst(m.cls, dict(m.attrs), m.version + 1, m.lift, m.setup_done)
    if isinstance(m.cls, Ext):
        # the axes its parameters vary over inside are their specs' (what they depend on stays)
        vma = _spec_vma(spec, manual) | (m.attrs.get("__vma__", frozenset()) & {DIFFERENTIATED})
        if vma:
            out.attrs["__vma__"] = vma
        # a framework layer whose parameters' specs are all known varies over those axes only
        # (specs shaped as the module, `jax.tree.map` over it, hold its static fields too)
        params = m.attrs.get(LAYER_SHAPES)
        out.attrs["__exact__"] = manual is not None and (
            all(_spec_known(_spec_of(spec, k)) for k, _ in params.value)
            if isinstance(spec, Inst) and isinstance(params, Const) else _spec_known(spec))
        data = _DATA_FIELDS.get(m.cls.name, ())
        for k, v in m.attrs.items():  # the arrays it holds (a train state's params) are blocks too
            part = spec.items.get(k) if isinstance(spec, DictV) else spec
            if part is not None and (isinstance(v, (ArrayV, Seq, Repeated, DictV)) or v is Unknown and k in data):
                out.attrs[k] = block(v, part, manual, in_module=True, sizes=sizes)
        for k, shape in params.value if isinstance(params, Const) else ():
            # its parameters (`linear.weight`), each the block its own spec makes of it
            part = _spec_of(spec, k)
            if k not in m.attrs and isinstance(part, PSpecV):
                out.attrs[k] = block(layer_param(m, k), part, manual, in_module=True, sizes=sizes)
        return out
    for k, v in m.attrs.items():
        part = _spec_of(spec, k)
        if part is not None and (isinstance(v, (Inst, ArrayV, Seq, Repeated, DictV)) or v is Unknown):
            out.attrs[k] = block(v, part, manual, in_module=True, sizes=sizes)
    return out


def _stacked_block(m: Inst, spec: Value, manual, sizes: dict | None) -> Inst:
    """A stacked module (`stacked`) as a shard_map's block: each spec's leading entry splits the
    stacked count (each device holds its share of the members), its others each member's
    array, which varies over every axis the spec names. The count is known where every spec
    splits it alike."""
    leads: dict = {}
    inner = _module_block(member(m), _member_specs(spec, leads), manual, sizes)
    n = m.attrs[STACKED]
    count = None
    if len(leads) == 1 and None not in leads and isinstance(n, Const) and isinstance(n.value, int):
        # (the leading dimension, of the stacked count, as the block splits it)
        (count,) = _block_shape((n.value,), PSpecV(None, 1, parts=tuple(leads.values())), sizes or {}) or (None,)
    out = stacked(inner, count)
    if STACK_NAME in m.attrs:
        out.attrs[STACK_NAME] = m.attrs[STACK_NAME]
    return out


def _member_specs(spec: Value, leads: dict, depth: int = 0) -> Value:
    """What each spec in a tree of them (for a stacked module's arrays) makes of one member's
    array: its entries after the leading one, varying over all it names; the leading entries
    added to `leads` by their keys (None where not known)."""
    if isinstance(spec, PSpecV):
        if spec.parts is None:
            leads[None] = None
            return spec
        lead = spec.parts[0] if spec.parts else Const(None)
        leads[lead.key()] = lead
        rest = spec.parts[1:]
        return PSpecV(spec.axes, len(rest), spec.named, (), rest)
    if depth > 50 or isinstance(spec, FilterSpecs):
        leads[None] = None
        return spec
    if isinstance(spec, GraphPart):
        return spec.remade(_member_specs(spec.of, leads, depth + 1))
    if isinstance(spec, Seq):
        return Seq(tuple(_member_specs(i, leads, depth + 1) for i in spec.items), spec.kind)
    if isinstance(spec, DictV):
        return type(spec)({k: _member_specs(i, leads, depth + 1) for k, i in spec.items.items()})
    if isinstance(spec, Inst):
        return Inst(spec.cls, {k: i if k.startswith("__") else _member_specs(i, leads, depth + 1)
                               for k, i in spec.attrs.items()}, spec.version, spec.lift, spec.setup_done)
    leads[None] = None
    return spec


def _spec_of(spec: Value, attr: str) -> Value | None:
    """The spec for a module's attribute: its entry in a dict of specs or in specs shaped as
    the module (`jax.tree.map` over it), else the one spec for all."""
    return spec.items.get(attr) if isinstance(spec, DictV) else spec.attrs.get(attr) if isinstance(spec, Inst) \
        else spec


def _carry_index(axes: Value | None):
    """Where `nnx.Carry` is in an nnx.scan `in_axes`/`out_axes`: its index, "all" where the
    whole value is the carry, None where it is not known (the default is `(nnx.Carry, 0)`)."""
    axes = _nnx_scan_axes(axes)
    if _is_carry(axes):
        return "all"
    if isinstance(axes, Seq):
        found = [k for k, v in enumerate(axes.items) if _is_carry(v)]
        return found[0] if len(found) == 1 else None
    return None


def _is_carry(v: Value) -> bool:
    return isinstance(v, Ext) and v.name.startswith("flax.nnx") and v.name.rsplit(".", 1)[-1] == "Carry"


def _nnx_scan_axes(axes: Value | None) -> Value:
    """An nnx.scan's `in_axes` or `out_axes`, its default `(nnx.Carry, 0)` where not given."""
    if axes is None or isinstance(axes, Const) and axes.value is None:
        return Seq((Ext("flax.nnx.Carry"), Const(0)), "tuple")
    return axes


def _scan_outputs(result: Value, t, out_axes: Value, length: int | None) -> Value:
    """What an nnx.scan returns from what its function returned at a step: the carry and what
    it does not stack (None) as they are, each array of an int `out_axes` entry stacked at that
    dimension, `length` long (where the entry is not known, of a shape not known)."""
    if _is_carry(out_axes):
        return result
    if isinstance(out_axes, Seq) and isinstance(result, Seq) and len(out_axes.items) == len(result.items):
        return Seq(tuple(r if _is_carry(a) else _batched(r, t, length, None, outer=True, out_axes=a)
                         for r, a in zip(result.items, out_axes.items)), result.kind)
    return _batched(result, t, length, None, outer=True, out_axes=out_axes if isinstance(out_axes, Const) else Unknown)


def carry_mismatch(a: Value, b: Value, manual: frozenset) -> frozenset:
    """Manual axes over which one of two values that must have the same type (a loop's carry in
    and out, two cond branches) is known to vary and the other is known not to."""
    return frozenset().union(*(_leaf_mismatch(x, y, manual) for x, y in _paired(a, b)))


def _received_mismatch(a: Value, b: Value, manual: frozenset) -> bool:
    """Whether a part of a carry (or of two branches) whose two sides' varying axes differ holds
    what `precv` received."""
    return any(_leaf_mismatch(x, y, manual) and (holds(x, is_received) or holds(y, is_received))
               for x, y in _paired(a, b))


def _paired(a: Value, b: Value):
    """The parts of two values at the same place, where both have one structure (tuples of one
    length, dicts of the same keys); anything else is one part."""
    for x, y, _ in _paired_at(a, b):
        yield x, y


def _paired_at(a: Value, b: Value, path: tuple = ()):
    """`_paired`'s parts with their paths (tuple indices, dict keys; a module's attributes and an
    NNX state's, a variable's array)."""
    if isinstance(a, Seq) and isinstance(b, Seq) and len(a.items) == len(b.items):
        for i, (x, y) in enumerate(zip(a.items, b.items)):
            yield from _paired_at(x, y, (*path, i))
    elif isinstance(a, DictV) and isinstance(b, DictV) and set(a.items) == set(b.items):
        for k in a.items:
            yield from _paired_at(a.items[k], b.items[k], (*path, k))
    elif isinstance(a, GraphPart) and isinstance(b, GraphPart) and a.kind == b.kind == "state":
        yield from _paired_at(a.of, b.of, path)
    elif is_variable(a) and is_variable(b):
        yield variable_array(a), variable_array(b), path
    elif isinstance(a, Inst) and isinstance(b, Inst) and a.cls is b.cls and STACKED not in a.attrs \
            and STACKED not in b.attrs and (isinstance(a.cls, ClassV) or isinstance(a.cls, Ext)
                                            and a.cls.name.split(".")[0] in apis.MODELLED_PACKAGES):
        # (a module through a loop: its fields, a framework layer's parameters mapped by `jax.tree.map`)
        for k, x in a.attrs.items():
            if isinstance(k, str) and not k.startswith("__") and k in b.attrs:
                yield from _paired_at(x, b.attrs[k], (*path, k))
    else:
        yield a, b, path


def _leaf_mismatch(a: Value, b: Value, manual: frozenset) -> frozenset:
    a, b = _as_array(a), _as_array(b)
    if not (isinstance(a, ArrayV) and isinstance(b, ArrayV)):
        return frozenset()
    va, vb = a.vma & manual, b.vma & manual
    return ((vb - va) if a.exact else frozenset()) | ((va - vb) if b.exact else frozenset())


def _as_array(v: Value) -> Value:
    """A Python number as JAX takes it into a loop's carry or a branch's output: a scalar array
    the same on every device."""
    if isinstance(v, Const) and isinstance(v.value, (int, float, complex)):
        return ArrayV((), exact=True)
    return v


def init_lacks(init: Value, out: Value, manual: frozenset, path: tuple = ()) -> list | None:
    """Where a loop's initial carry varies over fewer manual axes than the body's result (and
    is known not to vary over them): [(path of indices, the axes it lacks)]; None where they
    also differ the other way (the body's result lacks some)."""
    if isinstance(init, Seq) and isinstance(out, Seq) and len(init.items) == len(out.items):
        found = []
        for i, (a, b) in enumerate(zip(init.items, out.items)):
            sub = init_lacks(a, b, manual, (*path, i))
            if sub is None:
                return None
            found += sub
        return found
    mismatch = carry_mismatch(init, out, manual)
    if not mismatch:
        return []
    init, out = _as_array(init), _as_array(out)
    if not (isinstance(init, ArrayV) and isinstance(out, ArrayV) and init.exact) or mismatch & init.vma:
        return None
    return [(path, tuple(sorted(mismatch)))]


def spec_mismatch(spec: Value, arg: Value, path: str, name: str = "in_specs", arrays: bool = True) -> str | None:
    """How a shard_map spec's pytree structure differs from the values it describes (JAX's
    "pytree structure error"), where both are known; None where it is a prefix of them or
    unknown. `name`: the spec's parameter (`in_specs`, `out_specs`, jit's `in_shardings`,
    `out_shardings`); without `arrays`, a value the analysis takes for an array of a shape it does
    not know is no evidence (an operation it does not know may return a tuple)."""
    array = isinstance(arg, ArrayV) and (arrays or arg.shape is not None)
    # (an NNX State is a pytree node of its own type: no dict or tuple of specs is a prefix of it,
    # where a State of specs, or the filters of `nnx.StateSharding`, may be)
    state = isinstance(arg, GraphPart) and arg.kind == "state" and not isinstance(spec, (StateDict, FilterSpecs))
    if isinstance(spec, GraphPart) and spec.kind == "state" and (array or isinstance(arg, (Seq, DictV))):
        # (a State of shardings, `nnx.get_named_sharding(state, mesh)`, for an array or a container)
        kind = "an array" if array else "a dict" if isinstance(arg, DictV) else f"a {arg.kind}"
        return f"different types at key path `{name}{path}` (an nnx.State for {kind})"
    if isinstance(spec, GraphPart) and spec.kind == "state" and state:
        # (the state of a tuple of modules, `nnx.split((model, optimizer))`, is keyed 0, 1, ...)
        split = [m for m in (spec.module, arg.module) if isinstance(m, Seq)]
        if len(split) == 1 and all(isinstance(m, (Seq, Inst)) for m in (spec.module, arg.module)) or \
                len(split) == 2 and len(split[0].items) != len(split[1].items):
            value = "argument" if name.startswith("in_") else "value"
            return (f"different pytree metadata at key path `{name}{path}`: the spec is the state of "
                    f"{_of_modules(spec.module)}, the {value} the state of {_of_modules(arg.module)}")
        found = nnxstate.state_difference(spec, arg)
        if found is not None:
            where, cls, in_spec = found
            value = "argument" if name.startswith("in_") else "value"
            return (f"different numbers of pytree children at key path `{name}{path}`: the spec is a state "
                    f"{_selection(spec)}, the {value} a state {_selection(arg)}; `{'.'.join(map(str, where))}`, "
                    f"{_article(cls)}, is only in the {'spec' if in_spec else value}")
    if isinstance(spec, Seq):
        if isinstance(arg, Seq):
            if spec.kind != arg.kind:
                return f"different types at key path `{name}{path}` (a {spec.kind} for a {arg.kind})"
            if len(spec.items) != len(arg.items):
                return (f"different lengths of tuple at key path `{name}{path}`: the specs have "
                        f"{len(spec.items)}, the {'arguments' if name.startswith('in_') else 'outputs'} "
                        f"{len(arg.items)}")
            for i, (s, a) in enumerate(zip(spec.items, arg.items)):
                d = spec_mismatch(s, a, f"{path}[{i}]", name, arrays)
                if d is not None:
                    return d
            return None
        if isinstance(arg, DictV) or array or state:
            return f"different types at key path `{name}{path}` (a {spec.kind} for " \
                   f"{'a dict' if isinstance(arg, DictV) else 'an nnx.State' if state else 'an array'})"
        return None
    node = _class_node(arg) if isinstance(arg, Inst) else None
    dict_spec = isinstance(spec, DictV) and not isinstance(spec, (StateDict, FilterSpecs)) \
        or isinstance(spec, LinenShardingsV) and spec.variables
    if dict_spec and node:
        return f"different types at key path `{name}{path}` (a dict for a `{node}`, a pytree of its own " \
               f"class: specs for it are that class too, as `jax.tree.map` over it gives them)"
    if isinstance(spec, LinenShardingsV) and isinstance(arg, LinenVarsV):
        # (shardings made of whole variables for one collection's parameters, or the other way)
        whole, part = (spec, arg) if spec.collections else (arg, spec)
        if whole.collections and part.within is not None:
            said = ("shardings", "values") if whole is spec else ("values", "shardings")
            return (f"different pytree structures at key path `{name}{path}`: the {said[0]} are whole "
                    f"variables, keyed by collection ({', '.join(map(repr, sorted(whole.collections)))}), the "
                    f"{said[1]} the {part.within!r} collection's parameters")
    if isinstance(spec, DictV) and isinstance(arg, LinenVarsV) and not isinstance(spec, (StateDict, FilterSpecs)):
        # (a Linen init's variables: the collections it surely made, BatchNorm's `batch_stats`)
        missing = sorted(arg.collections - set(spec.items))
        if missing:
            return (f"different numbers of pytree children at key path `{name}{path}`: keys "
                    f"{sorted(map(str, spec.items))} for variables that also hold "
                    f"{', '.join(map(repr, missing))}")
    if isinstance(spec, DictV):
        if isinstance(arg, DictV):
            if set(spec.items) != set(arg.items):
                what = "numbers of pytree children" if len(spec.items) != len(arg.items) else "pytree metadata"
                return (f"different {what} at key path `{name}{path}`: keys "
                        f"{sorted(map(str, spec.items))} for {sorted(map(str, arg.items))}")
            for k in spec.items:
                d = spec_mismatch(spec.items[k], arg.items[k], f"{path}[{k!r}]", name, arrays)
                if d is not None:
                    return d
            return None
        if isinstance(arg, Seq) or array or state:
            return f"different types at key path `{name}{path}` (a dict for " \
                   f"{'a tuple' if isinstance(arg, Seq) else 'an nnx.State' if state else 'an array'})"
    if isinstance(spec, Inst) and isinstance(arg, Inst) and _class_name(spec) and _class_name(arg):
        # (a module of specs, `jax.tree.map` over a module: a pytree node of the module's class)
        if not (spec.cls is arg.cls or isinstance(spec.cls, Ext) and isinstance(arg.cls, Ext)
                and spec.cls.name == arg.cls.name):
            values = "arguments" if name.startswith("in_") else "values"
            return f"different types at key path `{name}{path}` (`{_class_name(spec)}` in the specs, " \
                   f"`{_class_name(arg)}` in the {values})"
        for k, v in spec.attrs.items():
            if not k.startswith("__") and k in arg.attrs:
                d = spec_mismatch(v, arg.attrs[k], f"{path}.{k}", name, arrays)
                if d is not None:
                    return d
    return None


def _selection(state: GraphPart) -> str:
    """Which of its module's variables an NNX state holds, in words."""
    if state.select is None:
        return "of all the module's variables"
    own, earlier = state.select
    text = f"of its {_filter_text(own)}"
    return text + (f" other than {' or '.join(map(_filter_text, earlier))}" if earlier else "")


def _filter_text(f: Value) -> str:
    if isinstance(f, Const) and f.value is Ellipsis:
        return "variables"
    name = f.name if isinstance(f, Ext) else getattr(f.scope, "name", None) if isinstance(f, ClassV) else None
    return f"`{name.rsplit('.', 1)[-1]}` variables" if name else "filtered variables"


def _of_modules(m: Value) -> str:
    """What an NNX state is the state of, in words: a module, or a tuple of them."""
    if isinstance(m, Seq):
        return f"a {m.kind} of {len(m.items)} (keyed by position)"
    return _article(m.cls) if isinstance(m, Inst) else "a module"


def _article(cls: Value) -> str:
    name = cls.name.rsplit(".", 1)[-1] if isinstance(cls, Ext) else getattr(cls.scope, "name", "a variable")
    return f"an `{name}`" if name[:1] in "AEIOU" else f"a `{name}`"


def _class_node(v: Inst) -> str | None:
    """The name of an instance's class where it is a pytree node of its own class, keyed by its
    fields, that no dict stands for (an Equinox module, a `flax.struct` dataclass, a Flax
    TrainState); else None (an NNX module, whose state a mapping of specs may describe)."""
    cls = v.cls
    if isinstance(cls, Ext):
        node = cls.name.startswith("equinox.nn.") and cls.name not in _NOT_MODULES or cls.name == _TRAIN_STATE
        return cls.name.rsplit(".", 1)[-1] if node else None
    return cls.scope.name if isinstance(cls, ClassV) and _class_node_class(cls) else None


def _prefetched(grid_spec: Value | None, operands: list) -> list:
    """A kernel's scalar-prefetch refs, its first parameters (a PrefetchScalarGridSpec's first
    `num_scalar_prefetch` operands, in scalar memory): each read of one is an array of its
    operand's dtype (a peer's index in a table, say). [] where there are none or that is not known."""
    n = grid_spec.attrs.get("num_scalar_prefetch") if isinstance(grid_spec, Inst) else None
    if not (isinstance(n, Const) and type(n.value) is int and 0 < n.value <= len(operands)):
        return []
    return [ArrayV(a.shape, a.dtype) if isinstance(a, ArrayV) else Unknown for a in operands[:n.value]]


def _class_node_class(cls: ClassV) -> bool:
    return any(isinstance(c, ClassV) and any(d in ("flax.struct.dataclass", "chex.dataclass") for d in c.decorators)
               or isinstance(c, Ext) and c.name in _CLASS_NODE_BASES for c in ancestors(cls))


_TRAIN_STATE = "flax.training.train_state.TrainState"
_CLASS_NODE_BASES = frozenset({"equinox.Module", "equinox._module.Module", "flax.struct.PyTreeNode", _TRAIN_STATE})


def _class_name(v: Inst) -> str | None:
    """The name of a module's class (None where the class is not one known, or the object is
    not a module: `nnx.StateAxes`, an `in_axes` prefix of Flax's own)."""
    if isinstance(v.cls, ClassV):
        return getattr(v.cls.scope, "name", None)
    if isinstance(v.cls, Ext) and (v.cls.name.startswith(_MODULE_PACKAGES) and v.cls.name not in _NOT_MODULES
                                   or v.cls.name == _TRAIN_STATE):
        return v.cls.name.rsplit(".", 1)[-1]
    return None


_MODULE_PACKAGES = ("equinox.nn.", "flax.nnx.", "flax.linen.")
_NOT_MODULES = frozenset({"flax.nnx.StateAxes"})


def spec_too_long(spec: Value, value: Value, path: tuple, name: str, leaves=None) -> tuple[str, tuple, int] | None:
    """Where a shard_map spec has more entries than the array it describes has dimensions (JAX
    checks each spec against the rank of its value): which spec, how long, and the rank; the
    path to the spec (indices and keys), and how many dimensions are missing for the array of
    the lowest rank it describes, where the rank of each is known (0 otherwise). None where none
    is known to be too long. `leaves(value)`: the leaves a spec applies to (containers' items)."""
    leaves = leaves or _leaves
    if isinstance(spec, PSpecV):
        if not spec.entries:
            return None
        found = list(leaves(value))
        for leaf in found:
            if isinstance(leaf, ArrayV) and short_rank(spec, leaf) is not None:
                n = spec.entries
                where = "".join(f"[{p!r}]" for p in path)
                detail = (f"`{name}{where}` has {n} entr{'y' if n == 1 else 'ies'}, but the "
                          f"{'argument' if name == 'in_specs' else 'output'} there has rank {len(leaf.shape)}"
                          + (" (a scalar)" if not leaf.shape else ""))
                ranked = all(isinstance(x, ArrayV) and x.shape is not None for x in found)
                return detail, path, n - min(len(x.shape) for x in found) if ranked else 0
        return None
    for where, s, v in spec_parts(spec, value, path):
        found = spec_too_long(s, v, where, name, leaves)
        if found is not None:
            return found
    return None


def spec_parts(spec: Value, value: Value, path: tuple) -> list:
    """(path, spec, value) for each part of a tuple or dict of specs (or shardings) and the
    value it describes, where both have that structure (a tuple of the same length, a dict's
    shared keys, a module's fields)."""
    if isinstance(spec, Seq) and isinstance(value, Seq) and len(spec.items) == len(value.items):
        return [((*path, i), s, v) for i, (s, v) in enumerate(zip(spec.items, value.items))]
    if isinstance(spec, DictV) and isinstance(value, DictV):
        return [((*path, k), s, value.items[k]) for k, s in spec.items.items() if k in value.items]
    if isinstance(spec, GraphPart) and isinstance(value, GraphPart):
        return [(path, spec.of, value.of)]  # an NNX state of specs for a state
    if isinstance(spec, StateDict) and isinstance(value, GraphPart) and value.kind == "state":
        return [(path, spec, value.of)]  # (an `nnx.State` of specs written as a mapping, for a module's state)
    if isinstance(spec, DictV) and not isinstance(spec, FilterSpecs) and isinstance(value, Inst) \
            and not is_variable(value):
        # (a state's mapping for a module: its keys the module's attributes)
        return [((*path, k), s, v) for k, s in spec.items.items() if (v := layer_param(value, k)) is not None]
    if isinstance(spec, Inst) and isinstance(value, Inst) and not is_variable(spec):
        found = ((k, s, layer_param(value, k)) for k, s in spec.attrs.items() if not k.startswith("__"))
        if STACKED in value.attrs:
            # (a module a vmap stacked holds one member's attributes: not the arrays' shapes)
            n = value.attrs[STACKED]
            n = n.value if isinstance(n, Const) and isinstance(n.value, int) else None
            found = ((k, s, _stacked_part(v, n)) for k, s, v in found)
        return [((*path, k), s, v) for k, s, v in found if v is not None]
    return []


def _stacked_part(v: Value | None, n: int | None) -> Value | None:
    """What a module a vmap stacked `n` of (None: a number not known) holds where its member
    holds `v`: an array of `n` of the member's, its dtype, varying as it does; a submodule (a
    framework layer too) stacked alike."""
    if is_variable(v):
        v = variable_array(v)
    if isinstance(v, ArrayV):
        shape = (n, *v.shape) if n is not None and v.shape is not None else None
        return ArrayV(shape, v.dtype, Unknown, v.vma, exact=v.exact)
    if isinstance(v, Inst) and (isinstance(v.cls, ClassV) or n is not None and LAYER_SHAPES in v.attrs):
        return stacked(v, n)
    return None


def _layout(sharding: Value) -> tuple | None:
    """(mesh axes and sizes, the axes each dimension is split over) of a NamedSharding whose mesh
    and spec are known: axes of size 1 and trailing unsplit dimensions left out, so that two
    shardings that lay an array out alike have one layout; None where not known."""
    if not (isinstance(sharding, ShardingV) and isinstance(sharding.mesh, MeshV) and sharding.mesh.axes is not None
            and sharding.mesh.sizes is not None and None not in sharding.mesh.sizes):
        return None
    sizes = dict(zip(sharding.mesh.axes, sharding.mesh.sizes))
    dims = stypes.of_spec(sharding.spec, (None,) * (sharding.spec.entries or 0)) \
        if isinstance(sharding.spec, PSpecV) else None
    if dims is None or any(a not in sizes for d in dims for a in d):
        return None
    dims = [tuple(a for a in d if sizes[a] > 1) for d in dims]
    while dims and not dims[-1]:
        dims.pop()
    return (tuple(sharding.mesh.axes), tuple(sharding.mesh.sizes)), tuple(dims)


def prefix_pairs(where: Value, x: Value):
    """(part of `x`, what `where` gives it): `where` a pytree of shardings whose structure is a
    prefix of `x`'s (see `spec_parts`), each of its leaves for the part of `x` at its place."""
    parts = spec_parts(where, x, ())
    if not parts:
        yield x, where
    for _, w, v in parts:
        yield from prefix_pairs(w, v)


def layer_param(layer: Value, name: str) -> Value | None:
    """What a module holds under `name`; for a framework layer's parameter, which it does not
    hold, an array of the shape its constructor says; else None."""
    if not isinstance(layer, Inst):
        return None
    if name in layer.attrs:
        return layer.attrs[name]
    params = layer.attrs.get(LAYER_SHAPES)
    shape = dict(params.value).get(name) if isinstance(params, Const) else None
    if shape is None:
        return None
    return ArrayV(shape, dtypes.layer_params(layer.cls.name, layer.attrs) if isinstance(layer.cls, Ext) else None)


def too_long(spec: PSpecV, value: Value, leaves=None) -> tuple | None:
    """(the spec's length, the rank) of the first array leaf of `value` with fewer dimensions than
    `spec` has entries; None where none is known to."""
    for leaf in (leaves or _leaves)(value):
        rank = short_rank(spec, leaf)
        if rank is not None:
            return spec.entries, rank
    return None


def short_rank(spec: PSpecV, leaf: Value) -> int | None:
    """The rank of `leaf`, an array (on every path it is bound differently) with fewer
    dimensions than `spec` has entries; else None."""
    ranks = {len(o.shape) if isinstance(o, ArrayV) and o.shape is not None else None for o in options(leaf)}
    return max(ranks) if spec.entries and None not in ranks and max(ranks) < spec.entries else None


def uneven(spec: PSpecV, value: Value, mesh_axes, sizes, leaves=None) -> tuple | None:
    """(dimension, its size, the axes, their total size) of the first array leaf of `value` whose
    dimension `spec` splits over mesh axes whose total size does not divide it, with the sizes
    known; None where none is known to."""
    if mesh_axes is None or sizes is None:
        return None
    by_axis = dict(zip(mesh_axes, sizes))
    for i, part in enumerate(spec.parts or ()):
        split = _split_over(part, by_axis)
        if split is None or not split[0] or split[1] is None:
            continue
        axes, total = split
        for leaf in (leaves or _leaves)(value):
            # (a value bound differently on the paths here: uneven on every one of them)
            dims = [o.shape if isinstance(o, ArrayV) else None for o in options(leaf)]
            if all(d is not None and i < len(d) and isinstance(d[i], int) and d[i] % total for d in dims):
                return i, dims[0][i], tuple(axes), total
    return None


def spec_indivisible(spec: Value, value: Value, path: tuple, mesh_axes, sizes, leaves=None) -> str | None:
    """Where a shard_map's in_specs split a dimension of an argument over mesh axes whose total
    size does not divide it (JAX checks each argument when the shard_map is called), with the
    dimension's and the axes' sizes known; None where none is known to."""
    if isinstance(spec, PSpecV):
        found = uneven(spec, value, mesh_axes, sizes, leaves)
        if found is None:
            return None
        i, size, axes, total = found
        where = "".join(f"[{p!r}]" for p in path)
        over = f"axis {axes[0]!r}" if len(axes) == 1 else f"axes {axes!r}"
        return (f"`in_specs{where}` splits dimension {i} of the argument there (of size {size}) over "
                f"mesh {over} (of total size {total}), which does not divide it")
    for where, s, v in spec_parts(spec, value, path):
        found = spec_indivisible(s, v, where, mesh_axes, sizes, leaves)
        if found is not None:
            return found
    return None


def unreplicated(spec: Value, out: Value, manual: frozenset) -> frozenset:
    """Manual axes the output is known to vary over that its out_specs do not name (shard_map's
    check then cannot infer the replication the spec claims), where every option agrees."""
    if isinstance(out, Multi):
        each = [unreplicated(spec, o, manual) for o in out.options]
        return frozenset.intersection(*each) if each else frozenset()
    if isinstance(spec, PSpecV):
        if spec.axes is None:
            return frozenset()
        return (vma_of(out) & manual) - frozenset(spec.axes)
    if isinstance(spec, Seq) and isinstance(out, Seq) and len(spec.items) == len(out.items):
        return frozenset().union(*(unreplicated(s, o, manual) for s, o in zip(spec.items, out.items)))
    if isinstance(spec, DictV) and isinstance(out, DictV):
        return frozenset().union(*(unreplicated(spec.items[k], out.items[k], manual)
                                   for k in spec.items if k in out.items))
    return frozenset()


def _spec_text(spec: Value) -> str:
    if isinstance(spec, PSpecV):
        return "P(" + ", ".join(repr(a) for a in spec.axes or ()) + ")" if spec.axes is not None else "P(...)"
    if isinstance(spec, Seq):
        inner = ", ".join(_spec_text(i) for i in spec.items)
        return f"({inner},)" if len(spec.items) == 1 else f"({inner})"
    return "..."


_NO_SPLIT = object()  # (a mapped dimension whose split is not known)


def _per_item(t, args: list, kwargs: dict) -> tuple | None:
    """What the function `jax.vmap`, `nnx.vmap` or `eqx.filter_vmap` maps is given, as JAX gives
    it: each mapped array without its mapped dimension (in its shape and its sharding type),
    batched (BATCHED in its varying axes); with the split the mapped dimensions share (their
    type's entry; None where one's is not known or they differ), and which array each per-item
    one maps ((id, id), ...). None where what is mapped is not followed: `in_axes` other than an
    int or a tuple of ints and Nones, arrays given by keyword, a module or other object mapped."""
    if t.api not in ("jax.vmap", "equinox.filter_vmap", "flax.nnx.vmap") or any(
            not isinstance(v, Const) and v is not Unknown for v in kwargs.values()):
        return None
    per_arg = _in_axes(t, args)
    if per_arg is None:
        return None
    splits: list = []
    views: list = []

    def item(v: Value, axis: int) -> Value | None:
        if isinstance(v, ArrayV):
            if v.shape is None:
                splits.append(_NO_SPLIT)
                view = ArrayV(None, v.dtype, vma=v.vma | {BATCHED}, exact=v.exact, received=v.received)
            elif not -len(v.shape) <= axis < len(v.shape):
                return None
            else:
                at = axis % len(v.shape)
                splits.append(v.spec[at] if v.spec is not None else _NO_SPLIT)
                view = ArrayV(v.shape[:at] + v.shape[at + 1:], v.dtype, vma=v.vma | {BATCHED}, exact=v.exact,
                              received=v.received, spec=v.spec[:at] + v.spec[at + 1:] if v.spec is not None else None)
            views.append((id(view), id(v)))
            return view
        if isinstance(v, (Seq, DictV)):
            parts = v.items if isinstance(v, Seq) else tuple(v.items.values())
            new = [item(i, axis) for i in parts]
            if any(i is None for i in new):
                return None
            return Seq(tuple(new), v.kind) if isinstance(v, Seq) else DictV(dict(zip(v.items, new)), v.origin)
        return v if isinstance(v, Const) or v is Unknown else None

    out = []
    for axis, arg in zip(per_arg, args):
        if not isinstance(axis, Const) or not (axis.value is None or type(axis.value) is int):
            return None
        mapped = arg if axis.value is None else item(arg, axis.value)
        if mapped is None:
            return None
        out.append(mapped)
    split = splits[0] if splits and all(s == splits[0] for s in splits) else _NO_SPLIT
    return out, None if split is _NO_SPLIT else split, tuple(views)


_PER_ITEM_VMAPS = ("jax.vmap", "equinox.filter_vmap", "flax.nnx.vmap")


def _mapped(axes: Value, arg: Value, where: str, numbers: bool):
    """(where, axis, shape, dtype, the length of that axis) of each array of `arg` that the
    `in_axes` entry `axes` (a pytree prefix of it) maps, as far as its containers are known:
    arrays in tuples, lists and dicts (shape and length None where not known; the length of the
    leading axis may be known alone: `jax.random.split(key, n)`); with `numbers`, Python numbers
    too (rank 0: `jax.vmap` maps them, where Equinox leaves every non-array unmapped)."""
    if isinstance(axes, Const) and type(axes.value) is int:
        axis = axes.value
        if isinstance(arg, ArrayV):
            n = arg.shape[axis] if arg.shape is not None and -len(arg.shape) <= axis < len(arg.shape) else \
                arg.lead if arg.shape is None and axis == 0 else None
            yield where, axis, arg.shape, arg.dtype, n if type(n) is int else None
        elif numbers and isinstance(arg, Const) and type(arg.value) in (int, float, complex):
            yield where, axis, (), type(arg.value).__name__, None
        elif isinstance(arg, (Seq, DictV)):
            keyed = enumerate(arg.items) if isinstance(arg, Seq) else arg.items.items()
            for k, v in keyed:
                yield from _mapped(axes, v, f"{where}[{k!r}]", numbers)
    elif isinstance(axes, Seq) and isinstance(arg, Seq) and len(axes.items) == len(arg.items):
        for k, (a, v) in enumerate(zip(axes.items, arg.items)):
            yield from _mapped(a, v, f"{where}[{k}]", numbers)
    elif isinstance(axes, DictV) and isinstance(arg, DictV):
        for k, a in axes.items.items():
            if k in arg.items:
                yield from _mapped(a, arg.items[k], f"{where}[{k!r}]", numbers)


def _stack_mapped(axes: Value, arg: Value) -> int | None:
    """How many modules a vmap maps where its `in_axes` entry maps a stack of them (made under an
    `nnx.vmap`, `nnx.split_rngs`) along the stacking axis; None where it does not, or that is
    not known."""
    module = arg.of if isinstance(arg, GraphPart) and arg.kind == "state" else arg
    lead = module.attrs.get(STACKED) if isinstance(module, Inst) else None
    return lead.value if isinstance(axes, Const) and axes.value == 0 and type(axes.value) is int \
        and isinstance(lead, Const) and type(lead.value) is int else None


def _batched(result: Value, t, size: int | None, split: tuple | None, outer: bool = False,
             out_axes: Value | None = None) -> Value:
    """What a vmap returns from what its function returned given per-item arguments: each array
    with the mapped dimension at `out_axes` (`t`'s where not given; `size` long, split as
    `split`: None where not known), no longer batched unless an `outer` vmap maps it too. An
    array unmapped (`out_axes=None`) is returned as it is; where `out_axes` is not an int, the
    arrays' shapes are not known."""
    out_axes = t.params.get("out_axes", Const(0)) if out_axes is None else out_axes
    if t.api == "equinox.filter_vmap" and isinstance(out_axes, Const) and out_axes.value is None:
        out_axes = Const(0)  # (its default stacks every array at 0)
    if isinstance(out_axes, Const) and out_axes.value is None:
        return result
    axis = out_axes.value if isinstance(out_axes, Const) and type(out_axes.value) is int else None

    def batched(v: ArrayV) -> ArrayV:
        vma = v.vma if outer else v.vma - {BATCHED}
        if axis is None or v.shape is None or not -len(v.shape) - 1 <= axis <= len(v.shape):
            return ArrayV(None, v.dtype, vma=vma, exact=v.exact, received=v.received,
                          lead=size if axis == 0 else None)
        at = axis % (len(v.shape) + 1)
        spec = v.spec[:at] + (split,) + v.spec[at:] if v.spec is not None and split is not None \
            and not set(split) & {a for d in v.spec for a in d} else None  # (an axis splits one dimension)
        return ArrayV(v.shape[:at] + (size,) + v.shape[at:], v.dtype, vma=vma, exact=v.exact,
                      received=v.received, spec=spec)

    def other(v: Value) -> Value:  # (a value that differs by path: each option)
        return join([map_arrays(o, batched, other) for o in v.options]) if isinstance(v, Multi) else v

    return map_arrays(result, batched, other)


def _scan_steps(in_axes: Value, xs: list, length: Value | None) -> tuple[list, int | None]:
    """What a Linen `nn.scan`'s function is given of the arguments after its carry, or an
    `nnx.scan`'s of all its arguments, one step at a time: each array without the dimension its
    `in_axes` entry (an int, one for all or one per argument) scans over, an `nn.broadcast`,
    `nnx.Carry` or None one whole (an entry not known: of a shape not known; a module as it is);
    and how many steps it takes (`length=`, else the scanned dimension's size), None where not
    known."""
    entries = list(in_axes.items) if isinstance(in_axes, Seq) and len(in_axes.items) == len(xs) else [in_axes] * len(xs)
    n = length.value if isinstance(length, Const) and type(length.value) is int else None
    sizes = set()

    def step(a: ArrayV, axis) -> ArrayV:
        at = axis if a.shape is not None and -len(a.shape) <= axis < len(a.shape) else None
        if at is None:
            return ArrayV(None, a.dtype, vma=a.vma, exact=a.exact, received=a.received)
        if isinstance(a.shape[at], int):
            sizes.add(a.shape[at])
        at %= len(a.shape)
        return ArrayV(a.shape[:at] + a.shape[at + 1:], a.dtype, vma=a.vma, exact=a.exact, received=a.received,
                      spec=a.spec[:at] + a.spec[at + 1:] if a.spec is not None and len(a.spec) == len(a.shape)
                      else None)

    out = []
    for axis, x in zip(entries, xs):
        if isinstance(axis, Ext) and axis.name.endswith(".broadcast") or _is_carry(axis) \
                or isinstance(axis, Const) and axis.value is None:
            out.append(x)
        elif isinstance(axis, Const) and type(axis.value) is int:
            out.append(map_arrays(x, lambda a, k=axis.value: step(a, k), lambda v: v))
        else:
            out.append(map_arrays(x, lambda a: ArrayV(None, a.dtype, vma=a.vma, exact=a.exact), lambda v: v))
    return out, n if n is not None else sizes.pop() if len(sizes) == 1 else None


class _Undecided(Exception):
    """An `nnx.StateSharding` filter that cannot be matched against a module's variables."""


def _arrays_or_constants(v: Value, without: str | None = None) -> bool:
    """Whether `v` is Python constants and arrays (in tuples, lists, dicts), none of them
    varying over the axis `without`."""
    if isinstance(v, ArrayV):
        return without not in v.vma
    if isinstance(v, Seq):
        return all(_arrays_or_constants(i, without) for i in v.items)
    if isinstance(v, DictV):
        return all(_arrays_or_constants(i, without) for i in v.items.values())
    return isinstance(v, Const)


def _whole_blocks_batched(params: dict, args: list, ctx) -> tuple[str | None, str | None]:
    """(the vmap, the memory space) where a vmap batches a pallas_call (one of its operands
    is batched, the vmap known to map more than one item) and a BlockSpec of a batched operand,
    or of an output (all are batched then), puts it in a memory space Mosaic takes only whole
    (`pl.ANY`, HBM): batching gives such a block a batch dimension of one item. (None, None)
    where not known to."""
    vmap = ctx.innermost("vmap")
    if vmap is None or vmap.size is None or vmap.size < 2:
        return None, None
    batched = [BATCHED in vma_of(a) for a in args]
    if not any(batched):
        return None, None
    ins, outs = params.get("in_specs"), params.get("out_specs")
    grid = params.get("grid_spec")
    if isinstance(grid, Inst) and all(s is None or isinstance(s, Const) and s.value is None for s in (ins, outs)):
        # a grid spec's blocks are of the operands after the scalar-prefetched ones; where one of
        # those is batched, JAX runs the kernel once per item instead (its blocks unchanged)
        n = grid.attrs.get("num_scalar_prefetch")
        if not (isinstance(n, Const) and type(n.value) is int and 0 <= n.value <= len(args)) or any(
                batched[:n.value]):
            return None, None
        ins, outs, batched = grid.attrs.get("in_specs"), grid.attrs.get("out_specs"), batched[n.value:]
    per_in = ins.items if isinstance(ins, Seq) else (ins,) * len(args) if isinstance(ins, BlockSpecV) else ()
    spaces = [_space(s) for s, b in zip(per_in, batched) if b]
    spaces += [_space(s) for s in (outs.items if isinstance(outs, Seq) else (outs,))]
    whole = next((s for s in spaces if s is not None and (s in ANY_SPACES or s == HBM_SPACE)), None)
    return (vmap.api, whole) if whole is not None else (None, None)


def _space(spec: Value) -> str | None:
    return spec.memory_space.name if isinstance(spec, BlockSpecV) and isinstance(spec.memory_space, Ext) else None


def _in_axes(t, args) -> list | None:
    """A vmap's `in_axes`, one entry per argument: an int or a tuple with one per argument
    (Equinox's default, None, maps every array at 0); None where it is another pytree."""
    in_axes = t.params.get("in_axes", Const(0))
    equinox = t.api in ("equinox.filter_vmap", "equinox.filter_pmap")
    if equinox and isinstance(in_axes, Const) and in_axes.value is None:
        in_axes = Const(0)
    if equinox:  # (an int entry maps arrays only there: `eqx.if_array(n)` is the same entry)
        in_axes = _if_array(in_axes)
        if isinstance(in_axes, Seq):
            in_axes = Seq(tuple(_if_array(a) for a in in_axes.items), in_axes.kind)
    if isinstance(in_axes, Const):
        return [in_axes] * len(args)
    if isinstance(in_axes, Seq) and in_axes.kind == "tuple" and len(in_axes.items) == len(args):
        return list(in_axes.items)
    return None


def _if_array(entry: Value) -> Value:
    """An `in_axes` entry of Equinox's, `eqx.if_array(n)` read as the int `n`."""
    if isinstance(entry, Inst) and isinstance(entry.cls, Ext) and entry.cls.name == "equinox.if_array":
        axis = entry.attrs.get("axis")
        return axis if isinstance(axis, Const) and type(axis.value) is int else Unknown
    return entry


def _vmap_size(t, args) -> int | None:
    """The size of the dimension a vmap maps: `axis_size=`, else the one length every mapped
    argument whose shape is known agrees on (`in_axes` an int or one entry per argument;
    Equinox's default maps every array at 0). None where that is not known."""
    given = t.params.get("axis_size")
    if isinstance(given, Const) and isinstance(given.value, int) and not isinstance(given.value, bool):
        return given.value
    per_arg = _in_axes(t, args)
    if per_arg is None:
        return None
    sizes = set()
    for axis, arg in zip(per_arg, args):
        if not isinstance(axis, Const) or axis.value is None:
            continue
        if not isinstance(axis.value, int) or isinstance(axis.value, bool):
            return None
        module = arg.of if isinstance(arg, GraphPart) else arg
        lead = module.attrs.get(STACKED) if isinstance(module, Inst) and axis.value == 0 else None
        if isinstance(lead, Const):
            sizes.add(lead.value)
        for leaf in _leaves(arg):
            if isinstance(leaf, ArrayV) and leaf.shape is not None and -len(leaf.shape) <= axis.value < len(leaf.shape):
                n = leaf.shape[axis.value]
                if isinstance(n, int):
                    sizes.add(n)
            elif isinstance(leaf, ArrayV) and leaf.shape is None and axis.value == 0 and leaf.lead is not None:
                sizes.add(leaf.lead)  # `jax.random.split(key, n)`: n keys
    return sizes.pop() if len(sizes) == 1 else None


COTANGENT = "__cotangent__"  # a module that is a gradient (of the module it has the class of), an Inst's


def stacked(m: Inst, n: int | None) -> Inst:
    """A copy of `m` whose state stacks `n` of it along a leading axis (modules made under an
    `nnx.vmap` of `n` items, Rngs `nnx.split_rngs` splits `n` ways): a vmap over it maps `n`.
    With `n` None, stacked in a way not known (its attributes' shapes are not its arrays')."""
    return Inst(m.cls, {**m.attrs, STACKED: Const(n) if n is not None else Unknown}, m.version + 1, m.lift,
                m.setup_done)


def member(m: Inst) -> Inst:
    """One member of a stacked module (`stacked`): its attributes are one member's."""
    return Inst(m.cls, {k: a for k, a in m.attrs.items() if k not in (STACKED, STACK_NAME)}, m.version, m.lift,
                m.setup_done)


def _spec_pairs(spec, arg, seen: frozenset = frozenset(), state: bool = False):
    """Each array of `arg` with the PartitionSpec `spec` gives it: one spec for all the arrays of
    a pytree or a Flax NNX module (or `nnx.split`'s state of one); specs shaped as a module (what
    `nnx.StateSharding`'s filters give it, an `nnx.State` of specs) field by field, a framework
    layer's parameters by their names; Linen variables made with no mesh, the specs their boxes
    name (an array not known but for being unsharded). `state`: inside an `nnx.State` of specs,
    whose nested dicts are States too."""
    if isinstance(arg, GraphPart) and arg.kind == "state":
        yield from _spec_pairs(spec.of if isinstance(spec, GraphPart) else spec, arg.of, seen)
    elif isinstance(spec, PSpecV):
        for leaf in _leaves(arg, modules=True):
            if isinstance(leaf, ArrayV):
                yield spec, leaf
    elif (isinstance(spec, StateDict) or state and isinstance(spec, DictV)
          or isinstance(spec, Inst) and spec.cls is getattr(arg, "cls", None)) \
            and isinstance(arg, Inst) and id(arg) not in seen:
        nested = isinstance(spec, DictV)
        for k, s in (spec.items if nested else spec.attrs).items():
            if k in arg.attrs:
                yield from _spec_pairs(s, arg.attrs[k], seen | {id(arg)}, nested)
            elif isinstance(s, PSpecV) and STACKED not in arg.attrs and (held := param_array(arg, k)) is not None:
                yield s, held
    elif isinstance(spec, LinenVarsV) and isinstance(arg, LinenVarsV) and arg.sharding is NO_SHARDING:
        # Linen variables made with no mesh, given the specs `nn.get_partition_spec` read off their boxes
        for axes in sorted({names for names in spec_leaves(spec) if names}):
            yield PSpecV(axes, named=axes), ArrayV(None, sharding=NO_SHARDING)


def _leaves(v, modules: bool = False, seen: frozenset = frozenset()):
    """The leaves of a pytree argument (a spec given for it applies to each); with `modules`,
    the arrays of a Flax NNX module's variables too (a program's module class, its submodules)."""
    if isinstance(v, Seq):
        for i in v.items:
            yield from _leaves(i, modules, seen)
    elif isinstance(v, DictV):
        for i in v.items.values():
            yield from _leaves(i, modules, seen)
    elif modules and is_variable(v):
        yield variable_array(v)
    elif modules and isinstance(v, Inst) and isinstance(v.cls, ClassV) and id(v) not in seen:
        for k, i in v.attrs.items():
            if not k.startswith("__"):
                yield from _leaves(i, modules, seen | {id(v)})
    elif not modules or not isinstance(v, Inst):
        yield v


def axis_set(v) -> frozenset | None:
    from .jaxapi import axis_names

    return axis_names(v)


def spec_axes(specs) -> frozenset | None:
    """The mesh axes a shard_map's in_specs (a PartitionSpec or a pytree of them) name, when
    every spec in it is known."""
    leaves = list(spec_leaves(specs))
    if not leaves or any(i is None for i in leaves):
        return None
    return frozenset(a for i in leaves for a in i)


def spec_literals(specs) -> list:
    """The string Consts the PartitionSpecs of a pytree of specs were given (with their sites)."""
    if isinstance(specs, Seq):
        return [c for i in specs.items for c in spec_literals(i)]
    if isinstance(specs, DictV):
        return [c for i in specs.items.values() for c in spec_literals(i)]
    if isinstance(specs, LinenVarsV) and specs.specs:
        return [c for names in specs.mesh_names for c in names if isinstance(c.value, str)]
    return list(specs.literals) if isinstance(specs, PSpecV) else []


def _lowered(ctx) -> bool:
    """Whether the code runs where JAX lowers it (not only traced for its outputs' shapes)."""
    return ctx.innermost("eval_shape") is None and "trace_only" not in ctx.modes


def _spec_values(specs):
    """The PartitionSpecs in a pytree of specs (a module's fields' too)."""
    if isinstance(specs, PSpecV):
        yield specs
    elif isinstance(specs, (Seq, DictV, Inst)):
        for i in (specs.items if isinstance(specs, Seq) else specs.items.values() if isinstance(specs, DictV)
                  else specs.attrs.values()):
            yield from _spec_values(i)


def spec_leaves(specs, partly: bool = False):
    """The axes each PartitionSpec in a pytree of specs names (None for a spec not known; with
    `partly`, those of its known entries). Specs shaped as a module (what `nnx.StateSharding`'s
    filters give a module's variables) are its fields' specs; Linen variables' specs read off
    their boxes (`nn.get_partition_spec`) name the mesh axes and the logical names the boxes do
    (mapped by `nn.logical_to_mesh`, the mesh axes the rules give)."""
    if isinstance(specs, Seq):
        for i in specs.items:
            yield from spec_leaves(i, partly)
    elif isinstance(specs, DictV):
        for i in specs.items.values():
            yield from spec_leaves(i, partly)
    elif isinstance(specs, Inst) and isinstance(specs.cls, (ClassV, Ext)):
        for i in specs.attrs.values():
            yield from spec_leaves(i, partly)
    elif isinstance(specs, LinenVarsV) and specs.specs:
        for names in specs.mesh_names:  # (those of the parameters not partitioned are P())
            yield tuple(n.value for n in names if n.value is not None)
        for names in specs.logical:  # (`nn.get_partition_spec` gives logical names as they are: JAX reads them so)
            yield tuple(n for n in names if n is not None)
    elif isinstance(specs, PSpecV):
        yield specs.named if partly else specs.axes
    elif isinstance(specs, Const) and specs.value is None:
        yield ()
    else:
        yield None


def _linen_pairs(v: Value):
    """(sharding, shape) of each Linen parameter in `v` (shardings for Linen variables, in
    tuples and dicts)."""
    if isinstance(v, LinenShardingsV):
        yield from v.pairs
    elif isinstance(v, (Seq, DictV)):
        for i in v.items if isinstance(v, Seq) else v.items.values():
            yield from _linen_pairs(i)


def multi_device(v) -> bool:
    """Whether `v` (shardings, or arrays placed with them) spans more than one device."""
    if v is None:
        return False
    if isinstance(v, LinenShardingsV):
        return any(multi_device(s) for s, _ in v.pairs)
    if isinstance(v, ShardingV):
        m = v.mesh
        if isinstance(m, MeshV):
            n = m.devices
            return n is None or n > 1
        return False
    if isinstance(v, ArrayV):
        return multi_device(v.sharding) if isinstance(v.sharding, ShardingV) else False
    if isinstance(v, Seq):
        return any(multi_device(i) for i in v.items)
    if isinstance(v, DictV):
        return any(multi_device(i) for i in v.items.values())
    if isinstance(v, Multi):
        return any(multi_device(i) for i in v.options)
    return False


def _platform_names(v) -> tuple:
    from .jaxapi import axis_tuple

    return tuple(axis_tuple(v) or ())


def _none(v: Value) -> bool:
    """Whether a parameter is not given: None, or `jax.jit`'s default."""
    return isinstance(v, Const) and v.value is None
