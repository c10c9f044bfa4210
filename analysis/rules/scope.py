"""Scope rules: collectives whose axis no transformation binds (SHL005), an axis missing from
the shard_map's mesh (SHL006), psend/precv outside manual sharding (SHL001/SHL002), psend/precv
on a backend without send/recv (SHL007), axis names given as a list (SHL021), and the pmap hint
(SHL201)."""

from __future__ import annotations

import re

from ..apis import IDEMPOTENT_REDUCTIONS, REDUCTIONS, short
from ..diagnostics import Severity
from ..jaxfacts import (
    AXIS_LIST, AXIS_LIST_ANYWHERE, AXIS_LIST_OPS, AXIS_LIST_PMAP_SINCE, BRANCH_TYPES, BWD_TYPES, CARRY_TYPES,
    CONSTRAINT_ASSERT, CONSTRAINT_AUTO_ONLY, CONSTRAINT_MANUAL, CONSTRAINT_SPMD_AXIS, CONSTRAINT_VARYING,
    CONSTRAINT_VARYING_SINCE, CONTRACTING_INCONSISTENT, CONTRACTING_SHARDED, DOT_CONTRACTING, GATHER_AMBIGUOUS,
    CONTEXT_MESH, DUPLICATE_SPEC, EXPLICIT_INPUTS_CHECKED, GPU_ONLY, IN_SPECS_MANUAL, MANUAL_SHARDING_ONLY, MIXED_STATE,
    OUT_SPECS_MANUAL, MIXED_STATE_OPS, MIXED_STATE_SINCE, NO_CONTEXT_MESH, NO_DIFFERENTIATION_RULE, NO_EVALUATION_RULE,
    OUTSIDE_JIT, OUT_SHARDING_AUTO, OUT_SHARDING_NO_MESH, OUT_SHARDING_UNEVEN, OUT_SPECS_REPLICATION,
    OUT_SPECS_STRUCTURE, BROADCAST_TYPES, CONCATENATE_TYPES, JIT_COMMITTED, JIT_IN_SHARDINGS_LENGTH, JIT_KWARGS,
    JIT_SHARDINGS_STRUCTURE, LAX_DTYPES, PAD_DTYPES, SCAN_XS_SPLIT, SLICE_SPLIT, UPDATE_SLICE_TYPES, SHAPES_BROADCAST,
    SHAPES_INCOMPATIBLE, EINSUM_RANK, EINSUM_SIZE, TREE_MAP_KEYS, TREE_MAP_LENGTH, TREE_MAP_STRUCTURE, VMAP_LENGTH,
    VMAP_RANK, VMAP_SIZES, VMAP_STRUCTURE, PCAST_VARYING_AGAIN, RESHAPE_UNSUPPORTED, RESULT_SPLIT_TWICE, SCAN_SIZES,
    SELECT_CASES,
    SELECT_WHICH, PERM_AXIS_SIZE, PMAP_IS_SHARD_MAP, PPERMUTE_BATCHER, PVARY_VARYING_AGAIN, RESHARD_AUTO,
    SEND_RECV_ADDED, SHARDING_AXIS_MISSING, SPECS_MISMATCH, SPECS_STRUCTURE, SPEC_INDIVISIBLE, SPEC_RANK, SPEC_TOO_LONG,
    UNBOUND_AXIS, UNBOUND_AXIS_SHORT, UNEVEN_SHARDING, VARIABLE_MANUAL_MESH, VARIABLE_NO_MESH, WHILE_CARRY_TYPES, as_of,
    error_head, quoted, quoted_sentence, auto_axis, unbound_axis, version_text,
)
from ..fixfacts import (AbstractMesh, AxisSource, AxisTypes, AxisTuple, BiasSpecTooLong, CarryInit, CarryLeaf,
                        CastCarry, CastOperands, ContextMesh, DropAxis, DropConstraint, DropVary, EagerSharding,
                        EnterMesh, GlobalReduction, InlineShardMap, InSpecs, JitShardingsFill, LegacyMesh, NoMesh,
                        OutSharding, RenameAxis, ReshardConstraint, ReshardInput, SendRecv, ShardingAxis, SpecAxis,
                        SpecOnOperand, SpecsRepair, SpecTooLong, UnevenDim, UnnamedAxis, VaryFirst, VmaCheck, spec_text)
from ..interp.events import (
    BackwardContractionEvent, BroadcastTypesEvent, CarryTypeEvent, CollectiveEvent, ConcatenateTypeEvent,
    ConstraintEvent, ContractionEvent, DuplicateSpecEvent, ExplicitMismatchEvent, ExplicitUnshardedEvent, GatherEvent,
    JitShardingsEvent, LaxDtypeEvent, MeshAxisLookupEvent, MixedStateEvent, NestedMeshEvent, ScanXsTypeEvent,
    SliceTypeEvent, NoMeshEvent, ReceivedCarryEvent, ReshapeTypeEvent, ResultSplitTwiceEvent, ScanSizesEvent,
    SelectTypeEvent,
    SetMeshTracedEvent, ShapeEvent, ShardingAxisEvent, SpecEvent, UnevenShardingEvent, UpdateSliceTypeEvent,
    VariableShardingEvent, VaryingAgainEvent, VmapAxesEvent,
)
from ..interp.dtypes import lax_casts
from ..interp.frameworks import LINEN_DENSE
from ..interp.stypes import render
from ..interp.transforms import spec_literals
from ..interp.values import Const, MeshV, Multi, PSpecV, Seq
from .axisnames import meant_axis
from .facts import (Facts, axis_desc, backends_of, binding, check_keyword, checks_vma, ctx_words, diag, mesh_refs,
                    scope_facts, site_ref)
from .specs import in_rank_facts, in_specs_facts, out_rank_facts, out_specs_facts

_SEND_RECV = {"send": "SHL002", "recv": "SHL001"}


def check(facts: Facts):
    out = check_traced_meshes(facts)
    for ev in facts.of(CollectiveEvent):
        name = short(ev.api)
        if name in AXIS_LIST_OPS and isinstance(ev.axis_value, Seq) and ev.axis_value.kind == "list" \
                and _hashes_axes(facts, ev, name):
            out.append(diag(
                facts, "SHL021", ev.site,
                f"`{name}` is given its axis names as a list: JAX {facts.jax_version} hashes them and raises "
                f"{quoted(AXIS_LIST)}. Pass a tuple.",
                path=ev.path, ctx=ev.ctx, fix_facts=(AxisTuple(site_ref(facts, ev.site)),)))
            continue  # JAX raises here, before it looks the axes up
        if ev.axes is None:
            d = _none_axis(facts, ev, name) or _unknown_axis(facts, ev, name)
            if d is not None:
                out.append(d)
            continue
        # One diagnostic per call: the first axis that fails it, else the first hint.
        found = [d for d in (_one(facts, ev, name, axis, *binding(ev.ctx, axis)) for axis in ev.axes)
                 if d is not None]
        if found:
            out.append(next((d for d in found if d.severity == Severity.ERROR), found[0]))
        backend = next((b for b in backends_of(facts, ev.ctx) if b in ("tpu", "cpu")), None)
        if ev.kind in _SEND_RECV and backend is not None and "trace_only" not in ev.ctx.modes:
            out.append(diag(
                facts, "SHL007", ev.site,
                f"`jax.lax.{name}` is lowered for `{backend}` (configured, or the code's own "
                f"`lowering_platforms`): JAX lowers "
                f"psend/precv only for GPU and raises {quoted(GPU_ONLY.format(name=name))}. Use "
                f"`jax.lax.ppermute` on {backend.upper()}.",
                path=ev.path, ctx=ev.ctx, fix_facts=(_send_recv(facts, ev),)))
    return out


def _one(facts: Facts, ev, name: str, axis: str, kind: str, frame):
    where = ctx_words(ev.ctx)
    v = facts.jax_version
    if kind in ("manual", "unknown"):
        batched = _vmap_inside(ev.ctx, frame)
        if ev.kind in _SEND_RECV and batched is not None and not (ev.kind == "send" and _full_permutation(ev.perm)):
            jax_says = (quoted(PPERMUTE_BATCHER) if ev.kind == "recv" else
                        f"{quoted(PERM_AXIS_SIZE)} (its perm is not a full permutation of the axis)")
            return diag(
                facts, "SHL018", ev.site,
                f"`jax.lax.{name}` is batched by a `jax.vmap` inside the shard_map that binds {axis!r} ({where}): "
                f"JAX's batching rule for it raises {jax_says}. Use `jax.lax.ppermute` (vmap batches it over "
                f"another axis with any perm), exchange outside the vmap (on the whole block), or loop with "
                f"`jax.lax.map` instead of vmap.",
                path=ev.path, ctx=ev.ctx, fix_facts=(*scope_facts(facts, ev, ev.axes), _send_recv(facts, ev)),
                raises="TypeError" if ev.kind == "recv" else "AssertionError")
        if ev.kind in _SEND_RECV and ev.ctx.innermost("grad") is not None:
            return diag(
                facts, "SHL009", ev.site,
                f"`jax.lax.{name}` is reached under differentiation ({where}): JAX raises "
                f"{quoted(NO_DIFFERENTIATION_RULE.format(name=name))}. Keep the "
                f"exchange out of the differentiated function (a `jax.custom_vjp` with an explicit backward "
                f"exchange), or use `jax.lax.ppermute`.",
                path=ev.path, ctx=ev.ctx, fix_facts=(*scope_facts(facts, ev, ev.axes), _send_recv(facts, ev)))
        return None
    if kind == "not_in_mesh":
        mesh = axis_desc(frame.mesh_axes)
        exc, jax_says = _not_in_mesh_error(facts, ev, name, axis, frame)
        return diag(
            facts, "SHL006", ev.site,
            f"`{name}` names axis {axis!r}, which is not an axis of the enclosing shard_map's mesh "
            f"({mesh}): {jax_says}. Use one of {mesh}, or add {axis!r} to the mesh.",
            path=ev.path, ctx=ev.ctx, fix_facts=(*scope_facts(facts, ev, ev.axes), *_rename(facts, ev, name, axis)),
            raises=exc)
    if ev.kind == "collective":
        if kind == "pmap" and facts.version >= PMAP_IS_SHARD_MAP and ev.ctx.innermost("kernel") is None:
            return diag(
                facts, "SHL201", ev.site,
                f"`{name}` under `jax.pmap`: this works (on JAX {v} pmap is jit + shard_map); "
                f"`jax.shard_map` is the form new code, psend/precv and communicating kernels on older "
                f"JAX need.",
                path=ev.path, ctx=ev.ctx, fix_facts=scope_facts(facts, ev, ev.axes))
        sm = _outer_shard_map(ev.ctx, frame) if kind == "vmap" else None
        if sm is not None and _checked(facts, sm):
            mesh = axis_desc(sm.mesh_axes) if sm.mesh_axes else "its mesh"
            kw = check_keyword(sm)
            return diag(
                facts, "SHL006", ev.site,
                f"`{name}` over axis {axis!r}, a `vmap` axis inside a shard_map (mesh axes {mesh}) that checks "
                f"varying axes: JAX {v} lowers collectives there against the mesh's axes only and fails with a "
                f"bare AssertionError. Pass `{kw}=False` to the shard_map (the vmap then batches the "
                f"collective), reduce over the vmapped dimension directly (e.g. `jnp.sum(x, axis=0)` outside "
                f"the vmap), or make {axis!r} a mesh axis.",
                path=ev.path, ctx=ev.ctx,
                fix_facts=(*scope_facts(facts, ev, ev.axes), VmaCheck(site_ref(facts, sm.site), kw)))
        if kind in ("pmap", "vmap"):
            return None
        if kind == "auto":
            says = _auto_axis_error(facts, ev, name, axis)
            reason = (f"{axis!r} is an automatic (not manual) axis of the enclosing shard_map "
                      f"(`axis_names=` leaves it out)")
            remedy = (f"Name {axis!r} in `axis_names=` too, or leave it out of the call (over an automatic axis "
                      f"the values are whole).")
        else:
            says = unbound_axis(name, axis, facts.version)
            reason = f"no shard_map, pmap or vmap binds axis {axis!r} ({where})"
            remedy = f"Call it inside `jax.shard_map` over a mesh with axis {axis!r}."
        return diag(
            facts, "SHL005", ev.site,
            f"`{name}` over axis {axis!r} is reached where {reason}: JAX raises {quoted_sentence(says)} {remedy}",
            path=ev.path, ctx=ev.ctx, fix_facts=(*scope_facts(facts, ev, ev.axes), *_unnamed(facts, ev, axis, kind),
                                                 *_rename(facts, ev, name, axis), *_global_reduction(facts, ev, name)),
            raises=says.partition(":")[0])
    code = _SEND_RECV[ev.kind]
    if kind == "pmap":
        if facts.version >= PMAP_IS_SHARD_MAP:
            return diag(
                facts, "SHL201", ev.site,
                f"`{name}` under `jax.pmap`: on JAX {v} pmap is jit + shard_map, so this lowers; JAX "
                f"before {version_text(PMAP_IS_SHARD_MAP)} lowers pmap through its replica path and raises "
                f"{quoted(MANUAL_SHARDING_ONLY.format(name=name))}. `jax.shard_map` works on every version.",
                path=ev.path, ctx=ev.ctx, fix_facts=scope_facts(facts, ev, ev.axes))
        return diag(
            facts, code, ev.site,
            f"`{name}` under `jax.pmap` on JAX {v}: pmap lowers through its replica path there, and JAX "
            f"raises {quoted(MANUAL_SHARDING_ONLY.format(name=name))}. Use "
            f"`jax.shard_map` instead of pmap.",
            path=ev.path, ctx=ev.ctx, fix_facts=scope_facts(facts, ev, ev.axes))
    if kind == "vmap":
        if ev.kind == "send" and _full_permutation(ev.perm):
            return None
        jax_says = (quoted(PPERMUTE_BATCHER) if ev.kind == "recv" else
                    f"{quoted(PERM_AXIS_SIZE)} unless the perm is a full permutation of the axis")
        return diag(
            facts, code, ev.site,
            f"`{name}` over axis {axis!r}, which only `jax.vmap(axis_name=)` binds: JAX raises "
            f"{jax_says}. Send/recv needs manual sharding: call it inside `jax.shard_map`, or use "
            f"`jax.lax.ppermute`, which vmap batches.",
            # A wrap in shard_map around a vmap leaves the vmap binding the axis the pair names (an
            # Equinox filter_pmap, a vmap inside, is what the wrap replaces).
            path=ev.path, ctx=ev.ctx,
            fix_facts=(*(scope_facts(facts, ev, ev.axes) if short(frame.api) == "filter_pmap" else ()),
                       _send_recv(facts, ev, batched_by=frame)))
    if ev.kind == "recv":
        jax_says = (f"JAX {v} fails at lowering with a bare `AssertionError` (where the axis is bound "
                    f"without manual sharding: {quoted(MANUAL_SHARDING_ONLY.format(name='precv'))})")
        if not ev.ctx.traced:
            jax_says = f"JAX raises {quoted(NO_EVALUATION_RULE.format(name='precv'))}"
    else:
        jax_says = f"JAX raises {quoted(unbound_axis('psend', axis, facts.version))}"
    reason = (f"{axis!r} is an automatic axis of the enclosing shard_map" if kind == "auto"
              else f"no shard_map binds axis {axis!r}")
    return diag(
        facts, code, ev.site,
        f"`jax.lax.{name}` is reached {where}, where {reason}: {jax_says}. Wrap the function that "
        f"calls it in `jax.shard_map` over a mesh with axis {axis!r}.",
        severity=Severity.ERROR, path=ev.path, ctx=ev.ctx,
        fix_facts=(*scope_facts(facts, ev, ev.axes), *_rename(facts, ev, name, axis)))


def _send_recv(facts: Facts, ev, batched_by=None) -> SendRecv:
    """The pair as a ppermute; under a vmap that binds its axis (`batched_by`), over the perm
    completed to a full permutation of the vmapped axis where its size is known."""
    if batched_by is None:
        return SendRecv(site_ref(facts, ev.site), ev.kind)
    full = _completed(ev.perm, batched_by.size)
    return SendRecv(site_ref(facts, ev.site), ev.kind, batched=True, full_perm=full or (),
                    receivers=tuple(sorted(b for _, b in ev.perm)) if full else ())


def _completed(perm, n: int | None) -> tuple | None:
    """`perm` (source, destination) pairs made a permutation of range(n): the sources it leaves
    out sent, in order, to the destinations it leaves out. None unless its indices are distinct
    and in range."""
    if not perm or n is None:
        return None
    src, dst = [a for a, _ in perm], [b for _, b in perm]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst) or not set(src + dst) <= set(range(n)):
        return None
    rest = zip(sorted(set(range(n)) - set(src)), sorted(set(range(n)) - set(dst)))
    return tuple(tuple(p) for p in (*perm, *rest))


# Collectives that, under a shard_map that checks varying axes, reach lowering with the unknown
# axis and fail there (measured on JAX 0.10.2 and 0.8.2: a bare AssertionError; 0.6.2:
# KeyError). The others, and these with the check off, raise NameError when traced.
_CHECKED_AT_LOWERING = {"psum", "pmean", "pmax", "pmin", "ppermute", "pshuffle", "psend"}


def _not_in_mesh_error(facts: Facts, ev, name: str, axis: str, frame) -> tuple[str, str]:
    """(exception, what JAX says) for a collective over an axis the shard_map's mesh lacks
    (measured on 0.6.2, 0.8.2 and 0.10.2): a Python number's sum looks the axis's size up while
    tracing; with varying axes checked, a psum or pmean also over a mesh axis its operand varies
    over fails on the mixed state first (from 0.8), one over the missing axis at lowering."""
    check = facts.smap_checks.get(frame)
    checked = not (isinstance(check, Const) and check.value is False)
    if ev.constant:
        return "NameError", f"JAX raises {quoted(UNBOUND_AXIS_SHORT.format(axis=axis))}"
    if checked and facts.version >= MIXED_STATE_SINCE and name in MIXED_STATE_OPS and \
            any(m.site == ev.site and m.ctx == ev.ctx for m in facts.of(MixedStateEvent)):
        return "ValueError", f"JAX raises {quoted(MIXED_STATE.format(name=MIXED_STATE_OPS[name]))}"
    if name in _CHECKED_AT_LOWERING and checked:
        if facts.version < SEND_RECV_ADDED:
            return "KeyError", f"JAX {facts.jax_version} raises `KeyError: {axis!r}` at lowering"
        return "AssertionError", f"JAX {facts.jax_version} fails at lowering with a bare `AssertionError`"
    return "NameError", f"JAX raises {quoted(unbound_axis(name, axis, facts.version))}"


def _auto_axis_error(facts: Facts, ev, name: str, axis: str) -> str:
    """What JAX raises for the collective `name` over `axis`, an automatic axis of the shard_map
    around it: where that shard_map checks varying axes, a psum, pmean or psum_scatter whose
    operand varies over another of the axes it names fails on the mixed state first (the
    interpreter records that as for manual axes)."""
    sm = ev.ctx.innermost("shard_map")
    checked = sm is not None and checks_vma(facts, sm)
    if checked and facts.version >= MIXED_STATE_SINCE and name in MIXED_STATE_OPS and \
            any(m.site == ev.site and m.ctx == ev.ctx for m in facts.of(MixedStateEvent)):
        return MIXED_STATE.format(name=MIXED_STATE_OPS[name])
    return auto_axis(name, axis, facts.version, checked)


def _unnamed(facts: Facts, ev, axis: str, kind: str) -> tuple[UnnamedAxis, ...]:
    """The innermost pmap or vmap around an unbound collective that names no axis: the axis is
    most likely the one it was meant to bind."""
    if kind != "unbound":
        return ()
    layer = next((f for f in reversed(ev.ctx.layers) if f.kind in ("pmap", "vmap") and f.axes == frozenset()), None)
    return (UnnamedAxis(site_ref(facts, layer.site), axis),) if layer is not None else ()


def _global_reduction(facts: Facts, ev, name: str) -> tuple[GlobalReduction, ...]:
    """A pmean/pmax/pmin that no transformation binds any axis around, under a jit that works on
    arrays sharded over several devices (automatic partitioning: the values it sees are whole)."""
    if name not in IDEMPOTENT_REDUCTIONS or any(f.kind in ("shard_map", "pmap", "vmap") for f in ev.ctx.layers):
        return ()
    jit = ev.ctx.innermost("jit")
    return (GlobalReduction(site_ref(facts, ev.site)),) if jit is not None and jit.auto_partitioned else ()


def _rename(facts: Facts, ev, name: str, axis: str) -> tuple[RenameAxis | DropAxis | AxisSource, ...]:
    """The axis the fix renames a wrong `axis` to: the only axis bound around the call that it
    does not already name, else the one it names otherwise (a misspelling, an abbreviation,
    another name of the same kind of parallelism: axisnames.meant_axis), else the one the
    shard_map's in_specs shard over; where the call names every bound axis already, none (the
    fix drops `axis`). Where the name was traced to one literal outside the call, that
    literal is renamed where it is written too, unless the axis is only the sharded one (too
    weak a guess to edit a config with)."""
    bound: list[str] = []
    for f in ev.ctx.layers:
        if f.kind in ("shard_map", "pmap", "vmap") and f.axes:
            bound += [a for a in sorted(f.axes) if isinstance(a, str) and a not in bound]
    others = [a for a in bound if a not in ev.axes]
    call = site_ref(facts, ev.site)
    if not others and any(a in ev.axes for a in bound):
        # the call names every bound axis already: the wrong one is dropped. A pmean, pmax or pmin
        # over an automatic axis of the shard_map around it reduces nothing there (the values are
        # whole over that axis), so dropping it keeps what the program computes
        sm = ev.ctx.innermost("shard_map")
        automatic = sm is not None and sm.mesh_axes is not None and sm.axes is not None \
            and axis in sm.mesh_axes and axis not in sm.axes
        return (DropAxis(call, axis, automatic and name in IDEMPOTENT_REDUCTIONS),)
    by_name = True
    if len(others) == 1:
        to = others[0]
    else:
        to = meant_axis(axis, others, facts.logical_rules)
        if to is None:
            # else the one axis the shard_map's in_specs shard its arguments over
            sm = ev.ctx.innermost("shard_map")
            sharded = [a for a in others if sm is not None and sm.spec_axes is not None and a in sm.spec_axes]
            to, by_name = (sharded[0] if len(sharded) == 1 else None), False
    if to is None:
        return ()
    out: tuple = (RenameAxis(call, axis, to),)
    literal = _literal_site(ev.axis_value, axis)
    if literal is not None and others and by_name and not _within(literal, ev.site):
        out += (AxisSource(call, site_ref(facts, literal), axis, to),)
    return out


def _literal_site(value, axis: str):
    """Where the one string literal that `value` (an axis name, or a tuple of them) holds for
    `axis` was written, or None when it was not traced to exactly one literal."""
    found = [o.site for o in (value.items if isinstance(value, Seq) else (value,))
             if isinstance(o, Const) and o.value == axis]
    return found[0] if len(found) == 1 and found[0] is not None else None


def _within(inner, outer) -> bool:
    return inner.path == outer.path and (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def _none_axis(facts: Facts, ev, name: str):
    """A collective given `None` as its axis name (a logical axis its rules leave unsharded, an
    option left unset): no shard_map, pmap or vmap binds None."""
    value = ev.axis_value
    if ev.kind != "collective" or not (isinstance(value, Const) and value.value is None):
        return None
    smap = ev.ctx.innermost("shard_map")
    if smap is not None:
        raises, jax_says = _not_in_mesh_error(facts, ev, name, "None", smap)
    else:
        raises, jax_says = "NameError", f"JAX raises {quoted(error_head(UNBOUND_AXIS) + ': None')}"
    return diag(
        facts, "SHL005", ev.site,
        f"`{name}` is given `None` as its axis name, which nothing binds: {jax_says}. Name an axis bound "
        f"around it; where the dimension is not sharded, drop the call.", path=ev.path, ctx=ev.ctx, raises=raises,
        fix_facts=(GlobalReduction(site_ref(facts, ev.site), "none"),) if name in REDUCTIONS else ())


def _unknown_axis(facts: Facts, ev, name: str):
    """An axis name we cannot read is still unbound where nothing on the path binds any axis."""
    value = ev.axis_value
    if value is None or _maybe_none(value):
        return None
    if any(f.kind in ("shard_map", "pmap", "vmap") for f in ev.ctx.layers):
        return None
    where = ctx_words(ev.ctx)
    if ev.kind == "collective":
        code, jax_says = "SHL005", f"JAX raises {quoted(unbound_axis(name, '<axis>', facts.version))}"
    else:
        code = _SEND_RECV[ev.kind]
        jax_says = (f"JAX fails ({quoted(error_head(UNBOUND_AXIS))})" if ev.kind == "send" else
                    "JAX fails at lowering (a bare `AssertionError`)")
    return diag(
        facts, code, ev.site,
        f"`{name}` is reached {where}, where no shard_map, pmap or vmap binds any axis, so whatever axis "
        f"name it gets is unbound: {jax_says}. Call it inside `jax.shard_map` over a mesh with that axis.",
        path=ev.path, ctx=ev.ctx, fix_facts=scope_facts(facts, ev, _known_options(value)))


def _hashes_axes(facts: Facts, ev, name: str) -> bool:
    """Whether JAX hashes the axis names of this collective where they are bound (see
    AXIS_LIST_ANYWHERE): a vmap's axes it does not, a pmap's only from JAX 0.7 on."""
    if name in AXIS_LIST_ANYWHERE:
        return True
    kinds = {binding(ev.ctx, i.value)[0] for i in ev.axis_value.items if isinstance(i, Const)}
    if kinds & {"manual", "auto", "not_in_mesh"}:
        return True
    return facts.version >= AXIS_LIST_PMAP_SINCE and bool(kinds - {"vmap"})


def _known_options(value) -> list[str]:
    """The axis names a value may be, where it is one of them or something unknown (a name
    read from the environment with a default): the fix's mesh gets those axes."""
    options = value.options if isinstance(value, Multi) else (value,)
    return [o.value for o in options if isinstance(o, Const) and isinstance(o.value, str)]


def _maybe_none(value) -> bool:
    if isinstance(value, Const):
        return value.value is None
    if isinstance(value, Multi):
        return any(_maybe_none(o) for o in value.options)
    return False


def check_traced_meshes(facts: Facts):
    """SHL010 (set_mesh under a trace), SHL011 (Explicit mesh, unsharded input), SHL012 (nested
    shard_map given a concrete mesh), SHL013 (precv's result as a loop carry or cond branch),
    SHL014 (`mesh.shape[axis]` for an axis the mesh lacks), SHL015/SHL016 (shard_map specs that
    do not fit its arguments or its output), SHL023 (a NamedSharding's axis its mesh lacks),
    SHL024/SHL025 (sharding constraints of manual or Explicit axes), SHL026 (a Flax NNX variable
    sharded where it is made, with no mesh to shard it over), SHL027 (a NamedSharding that splits
    a dimension unevenly), SHL028 (reshard over Auto axes), SHL032 (Explicit mesh, an input
    sharded otherwise than the in_specs)."""
    out = []
    for ev in facts.of(NoMeshEvent):
        out.append(diag(
            facts, "SHL017", ev.site,
            f"This `jax.shard_map` has no mesh: none is passed (`mesh=`) and no `jax.set_mesh` context is "
            f"entered where it is called ({ctx_words(ev.ctx)}), and JAX raises {quoted(NO_CONTEXT_MESH)}. Pass "
            f"`mesh=` or call it inside `with jax.set_mesh(mesh):`.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(NoMesh(site_ref(facts, ev.created), ev.axes, mesh_refs(facts, ev.created.path)),)
            if ev.created is not None and ev.created.path in facts.files else ()))
    for ev in facts.of(SpecEvent):
        if ev.which in ("axis", "out_axis"):
            axes = ", ".join(map(repr, ev.axes))
            which, code, error, when, what = (
                ("in_specs", "SHL015", IN_SPECS_MANUAL, "", "arguments") if ev.which == "axis" else
                ("out_specs", "SHL020", OUT_SPECS_MANUAL, ", before the function is traced", "outputs"))
            out.append(diag(
                facts, code, ev.site,
                f"The `{which}` of this shard_map name {axes}, which "
                f"{'is not one' if len(ev.axes) == 1 else 'are not'} of its manual axes ({ev.detail}): JAX raises "
                f"{quoted(error.format(manual='...', axes=axes))} when it is called{when}. Shard the {what} "
                f"over the mesh's manual axes only.",
                path=ev.path, ctx=ev.ctx, fix_facts=_spec_axes(facts, ev, which)))
        elif ev.which == "in_divisible":
            out.append(diag(
                facts, "SHL015", ev.site,
                f"The `in_specs` of this shard_map split an argument unevenly: {ev.detail}. JAX raises "
                f"{quoted(SPEC_INDIVISIBLE.format(name='...'))} when it is called. "
                + ("One spec is given for every argument, the modules' parameters included: replicate the "
                   "modules (`P()`) and shard the other arguments." if ev.prefix else
                   "Make the dimension a multiple of the mesh axes' size (pad the batch), or shard another "
                   "dimension."),
                path=ev.path, ctx=ev.ctx,
                fix_facts=(InSpecs(site_ref(facts, ev.created), SpecsRepair((), items=ev.prefix, prefix=True)),)
                if ev.prefix and ev.created is not None else ()))
        elif ev.which == "out_structure":
            out.append(diag(
                facts, "SHL020", ev.site,
                f"The `out_specs` of this shard_map do not match what its function returns: {ev.detail}. JAX "
                f"raises {quoted(error_head(OUT_SPECS_STRUCTURE))} once the function is traced. Give one spec per "
                f"output, in the structure the function returns (a single PartitionSpec applies to all).",
                path=ev.path, ctx=ev.ctx, fix_facts=in_specs_facts(facts, ev, "out_specs")))
        elif ev.which in ("in_rank", "out_rank"):
            which, what = ("in_specs", "input") if ev.which == "in_rank" else ("out_specs", "output")
            out.append(diag(
                facts, "SHL015" if ev.which == "in_rank" else "SHL020", ev.site,
                f"The `{which}` of this shard_map are longer than the arrays they describe: {ev.detail}. JAX "
                f"raises {quoted(SPEC_TOO_LONG.format(name='...', which=which, what=what))} "
                f"{'when it is called' if ev.which == 'in_rank' else 'once the function is traced'}. A spec has "
                f"at most one entry per dimension"
                + (": return the per-device values with a leading axis (`x[None]`) to gather them, or "
                   "reduce them and give `P()`." if ev.which == "out_rank" else
                   ": shorten it, or give the argument the dimensions it shards."),
                path=ev.path, ctx=ev.ctx,
                fix_facts=out_rank_facts(facts, ev) if ev.which == "out_rank" else in_rank_facts(facts, ev)))
        elif ev.which == "in":
            out.append(diag(
                facts, "SHL015", ev.site,
                f"The `in_specs` of this shard_map do not match its arguments: {ev.detail}. JAX raises "
                f"{quoted(error_head(SPECS_STRUCTURE))} when it is called. Give one spec per positional "
                f"argument, as a tuple (a single PartitionSpec applies to all of them).",
                path=ev.path, ctx=ev.ctx, fix_facts=in_specs_facts(facts, ev)))
        else:
            axes = ", ".join(map(repr, ev.axes))
            fixes = out_specs_facts(facts, ev)
            # the reduction the fixes find likelier (a partial sum of sharded parameters: psum)
            reduce = next((r for f in fixes for r in f.remedies if r in ("pmean", "psum")), "pmean")
            out.append(diag(
                facts, "SHL016", ev.site,
                f"This shard_map returns a value that varies over {axes}, but its `out_specs` ({ev.detail}) do "
                f"not name {'it' if len(ev.axes) == 1 else 'them'}, which claims the value is replicated there: "
                f"with varying axes checked, JAX raises {quoted(OUT_SPECS_REPLICATION.format(name='...'))}. Reduce it first "
                f"(`jax.lax.{reduce}(x, {ev.axes[0]!r})`), or name {axes} in `out_specs`.",
                path=ev.path, ctx=ev.ctx, fix_facts=fixes))
    for ev in facts.of(MeshAxisLookupEvent):
        axes = ", ".join(map(repr, ev.mesh.axes))
        to = meant_axis(ev.axis, list(ev.mesh.axes), facts.logical_rules)
        out.append(diag(
            facts, "SHL014", ev.site,
            f"`mesh.shape[{ev.axis!r}]`: the mesh has no axis {ev.axis!r} (its axes are {axes}), and Python "
            f"raises `KeyError: {ev.axis!r}` here. Use one of {axes}, or add {ev.axis!r} to the mesh.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(ShardingAxis(site_ref(facts, ev.literal), ev.axis, to),)
            if to is not None and ev.literal is not None and ev.literal.path in facts.files else ()))
    for ev in facts.of(ShardingAxisEvent):
        axes = tuple(ev.mesh.axes)
        spec = _pspec_text(ev.spec, "P" if facts.version >= (0, 10) else "PartitionSpec")
        # (never an axis its dimension is split over already: JAX rejects a spec naming one twice)
        beside = _beside(ev.spec, ev.axis)
        to = meant_axis(ev.axis, [a for a in axes if a not in beside], facts.logical_rules)
        shared = to is None and bool(beside) and all(a in axes for a in beside)
        sites = {c.site for c in ev.spec.literals if c.value == ev.axis}
        # (an axis alone in its dimension and like none of the mesh's: a scan's partition name, say)
        alone = to is None and not beside
        fix = (ShardingAxis(site_ref(facts, sites.pop()), ev.axis, to, alone),) \
            if (to is not None or shared or alone) and len(sites) == 1 else ()
        logical = _names_text(ev.logical) if ev.logical is not None else None
        what = (f"The logical axis rules map the names {logical} here to {spec}, naming" if logical is not None else
                f"The PartitionSpec {spec} in this jit's `{ev.where}`, resolved against the context mesh, names"
                if ev.where else
                f"This {'`out_sharding=`' if ev.out else 'sharding constraint'}'s PartitionSpec {spec}, resolved "
                f"against the context mesh, names" if ev.bare else f"This NamedSharding's spec {spec} names")
        out.append(diag(
            facts, "SHL023", ev.site,
            f"{what} axis {ev.axis!r}, which the mesh does not have (its axes are "
            f"{', '.join(map(repr, axes))}): JAX raises "
            f"{quoted(SHARDING_AXIS_MISSING.format(axis=ev.axis, spec=spec, axes=axes))} "
            + (f"Use {to!r}, the mesh's axis it stands for." if to is not None else
               f"Drop it from that dimension's axes (the mesh's others split it), or add it to the mesh."
               if shared else
               f"Map {'them' if logical is not None else 'it'} to one of the mesh's axes, or add the axis to the "
               f"mesh."),
            path=ev.path, ctx=ev.ctx, fix_facts=fix))
    out.extend(_duplicate_specs(facts))
    out.extend(_constraints(facts))
    out.extend(_contractions(facts))
    out.extend(_variable_shardings(facts))
    out.extend(_uneven_shardings(facts))
    out.extend(_jit_shardings(facts))
    out.extend(_lax_operands(facts))
    out.extend(_shapes(facts))
    out.extend(_vmap_axes(facts))
    for ev in facts.of(ScanSizesEvent):
        sizes = ", ".join(map(str, ev.sizes))
        out.append(diag(
            facts, "SHL114", ev.site,
            f"The arrays this `lax.scan` steps over have leading dimensions of different sizes ({sizes}): JAX "
            f"raises {quoted(SCAN_SIZES.format(sizes=sizes))} Give every array in `xs` the same number of steps "
            f"(inside a shard_map, a spec that splits a stacked layer dimension splits its steps too).",
            path=ev.path, ctx=ev.ctx))
    for ev in facts.of(SetMeshTracedEvent):
        what = "set_mesh" if ev.api.endswith("set_mesh") else "use_mesh"
        out.append(diag(
            facts, "SHL010", ev.site,
            f"`jax.{'sharding.' if what == 'use_mesh' else ''}{what}` is reached {ctx_words(ev.ctx)}: JAX raises "
            f"{quoted(OUTSIDE_JIT.format(what=what))} Enter the mesh before calling the "
            f"jitted function, or pass `mesh=` to `jax.shard_map`.",
            path=ev.path, ctx=ev.ctx, fix_facts=(AbstractMesh(site_ref(facts, ev.site), facts.jax_version),)))
    for ev in facts.of(ReceivedCarryEvent):
        smap = ev.ctx.innermost("shard_map")
        if smap is None or not checks_vma(facts, smap):
            continue
        kw = check_keyword(smap)
        loop = short(ev.api)
        if ev.what == "backward":
            axes = ", ".join(map(repr, ev.axes))
            out.append(diag(
                facts, "SHL013", ev.site,
                f"The backward rule of this `custom_vjp` returns a cotangent that differs from its primal argument "
                f"in whether it varies over {axes}, which shard_map checks (`{kw}=True`): JAX raises "
                f"{quoted(BWD_TYPES)} Make the cotangent vary as the argument does (`jax.lax.psum` it over an axis "
                f"the argument does not vary over, `jax.lax.pcast(g, {ev.axes[0]!r}, to='varying')` where it "
                f"does), or pass `{kw}=False` to the shard_map.",
                path=ev.path, ctx=ev.ctx, fix_facts=(VmaCheck(site_ref(facts, smap.site), kw),)))
            continue
        branches = ev.what == "branches"
        jax_says = quoted(BRANCH_TYPES if branches else WHILE_CARRY_TYPES if loop == "while_loop" else CARRY_TYPES)
        axes = ", ".join(map(repr, ev.axes))
        if ev.received:
            what = (f"The {'branches of this' if branches else 'carry of this'} `{loop}` "
                    f"{'differ: one returns' if branches else 'is'} what `precv` received, which does not vary "
                    f"over the mesh axes while shard_map checks them (`{kw}=True`)")
            remedy = f"Pass `{kw}=False` to the shard_map."
        else:
            what = (f"The {'branches of this' if branches else 'carry of this'} `{loop}` "
                    f"{'return values that differ' if branches else 'differs between its initial value and what the body returns'} "
                    f"in whether they vary over {axes}, which shard_map checks (`{kw}=True`)")
            remedy = (f"Make both vary alike: e.g. start the carry from `jnp.zeros_like(x)` of a varying `x`, or "
                      f"`jax.lax.pcast(init, {ev.axes[0]!r}, to='varying')`.")
        # the initial carry made varying where that is every difference; else the check off
        init = () if ev.received or not ev.init_leaves else (
            CarryInit(site_ref(facts, ev.site), ev.api, tuple(CarryLeaf(p, a) for p, a in ev.init_leaves),
                      facts.jax_version),)
        out.append(diag(
            facts, "SHL013", ev.site, f"{what}: JAX raises {jax_says} {remedy}",
            path=ev.path, ctx=ev.ctx, fix_facts=(*init, VmaCheck(site_ref(facts, smap.site), kw))))
    out.extend(_carry_types(facts))
    out.extend(_select_types(facts))
    out.extend(_reshape_types(facts))
    out.extend(_concatenate_types(facts))
    for ev in facts.of(VaryingAgainEvent):
        axes = ", ".join(map(repr, ev.axes))
        name = short(ev.api)
        text = PCAST_VARYING_AGAIN if name == "pcast" else PVARY_VARYING_AGAIN
        out.append(diag(
            facts, "SHL019", ev.site,
            f"`{name}` makes its operand vary over {axes}, which it already varies over: JAX raises "
            f"{quoted(text)} Drop the `{name}`.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(DropVary(site_ref(facts, ev.site)),) if ev.every and ev.site.path in facts.files else ()))
    for ev in facts.of(MixedStateEvent):
        smap = ev.ctx.innermost("shard_map")
        if facts.version < MIXED_STATE_SINCE or smap is None or not checks_vma(facts, smap) or \
                smap.axes is None or not set(ev.axes) <= smap.axes:
            continue  # (over an automatic axis too: SHL005 says so, quoting this error)
        name = short(ev.api)
        kw = check_keyword(smap)
        varying, invariant = (", ".join(repr(a) for a in ev.axes if (a in ev.invariant) == inv)
                              for inv in (False, True))
        spelled = repr(ev.invariant[0]) if len(ev.invariant) == 1 else f"({invariant})"
        out.append(diag(
            facts, "SHL022", ev.site,
            f"`{name}` reduces over {', '.join(map(repr, ev.axes))}, but its operand varies "
            f"over {varying} and not over {invariant}, which shard_map checks (`{kw}=True`): JAX "
            f"{facts.jax_version} raises {quoted(MIXED_STATE.format(name=MIXED_STATE_OPS[name]))} Reduce over "
            f"{varying} only, or make the operand vary over {invariant} first "
            f"(`jax.lax.pcast(x, {spelled}, to='varying')`).",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(VaryFirst(site_ref(facts, ev.site), ev.invariant),) if ev.single else ()))
    for ev in facts.of(NestedMeshEvent):
        inline = ev.inline and ev.created is not None and ev.created.path in facts.files  # (not a library's)
        remedy = ("The shard_map around it already splits over every axis this one would: call the function "
                  "without this shard_map (its inputs are the blocks it would split them into)." if inline else
                  "Leave out `mesh=` (the context mesh is used) or pass `jax.sharding.get_abstract_mesh()`.")
        out.append(diag(
            facts, "SHL012", ev.site,
            "This shard_map runs inside another shard_map but is given a concrete `Mesh`: inside, the "
            f"context mesh is abstract with the outer manual axes, and JAX raises {quoted(CONTEXT_MESH)}. "
            + remedy,
            # only jax.shard_map may leave out its mesh (nnx.shard_map and the experimental one
            # require it)
            path=ev.path, ctx=ev.ctx,
            fix_facts=(InlineShardMap(site_ref(facts, ev.created)),) if inline else
            (ContextMesh(site_ref(facts, ev.created)),) if ev.api == "jax.shard_map" else ()))
    for ev in facts.of(ExplicitMismatchEvent):
        if facts.version < EXPLICIT_INPUTS_CHECKED:
            continue
        wanted, given = spec_text(ev.wanted), spec_text(ev.given)
        out.append(diag(
            facts, "SHL032", ev.site,
            f"Argument {ev.arg + 1} reaches this shard_map sharded as {given}, but its `in_specs` say {wanted}: "
            f"over a mesh whose axes are Explicit JAX checks the specs against the input's sharding and raises "
            f"{quoted(SPECS_MISMATCH.format(spec=wanted, input=given))}. Reshard the input to the specs first "
            f"(`jax.sharding.reshard(x, {wanted})`), or write the specs it has.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(ReshardInput(site_ref(facts, ev.site), ev.arg, ev.wanted, ev.bare),)
            if ev.site.path in facts.files else ()))
    for ev in facts.of(ExplicitUnshardedEvent):
        if facts.version < EXPLICIT_INPUTS_CHECKED:
            continue
        spec = ", ".join(repr(a) for a in ev.axes)
        whose = ("whose `axis_types` are Explicit" if ev.mesh.explicit_types else
                 f"from `jax.make_mesh` without `axis_types` — Explicit axes on JAX {facts.jax_version}")
        out.append(diag(
            facts, "SHL011", ev.site,
            f"An input with no sharding reaches this shard_map, whose `in_specs` shard it over {spec}, on a "
            f"mesh {whose}: JAX raises {quoted(SPECS_MISMATCH.format(spec=f'P({spec}, ...)', input='P(None, ...)'))}. "
            + ("Shard the input first (`jax.device_put(x, NamedSharding(mesh, spec))`), or make those axes Auto."
               if ev.mesh.explicit_types else
               "Pass `axis_types=(jax.sharding.AxisType.Auto,) * n` to `jax.make_mesh`, or shard the input first."),
            path=ev.path, ctx=ev.ctx,
            fix_facts=_auto_axes(facts, ev)))
    return out


# What needs a mesh's axes Explicit: a program that says any of it keeps them so.
_EXPLICIT_ONLY = re.compile(r"\bout_sharding\b|\breshard\b|\bauto_axes\b|\bexplicit_axes\b")


def _auto_axes(facts: Facts, ev, axes: tuple = ()) -> tuple:
    """The fix that builds the mesh of `ev` with Auto axes, as `jax.make_mesh` did before JAX
    0.10, where that call chose the types (none given) and the files the program runs through to
    `ev`, and the mesh's, use nothing that needs Explicit axes (`out_sharding=`, `reshard`,
    `auto_axes`/`explicit_axes`): there the code runs as it did on older JAX. Where the event
    knows no mesh, the one mesh with all of `axes` that those files bind at their top level."""
    mesh = ev.mesh
    if mesh is None and axes:
        found = {m.key(): m for p in {ev.site.path, *(s.path for s, _ in ev.path)}
                 for _, m in facts.meshes.get(p, []) if m.axes is not None and set(axes) <= set(m.axes)}
        mesh = next(iter(found.values())) if len(found) == 1 else None
    if not isinstance(mesh, MeshV) or mesh.explicit_types or not mesh.explicit_default or mesh.site is None \
            or not mesh.axes:
        return ()
    paths = {mesh.site.path, ev.site.path, *(s.path for s, _ in ev.path)}
    if any(p in facts.files and _EXPLICIT_ONLY.search(facts.files[p].text) for p in paths):
        return ()
    return (AxisTypes(site_ref(facts, mesh.site), tuple(mesh.axes), "Auto"),)


def _explicit_axes(facts: Facts, ev) -> tuple:
    """The fix that builds the mesh of `ev` with Explicit axes, as `jax.make_mesh` does from JAX
    0.10, where that call chose the types (none given) on an older JAX: code written for
    Explicit axes (`out_sharding=`) run where make_mesh still builds Auto ones."""
    mesh = ev.mesh
    if not isinstance(mesh, MeshV) or mesh.explicit_types or not mesh.explicit_default or mesh.site is None \
            or not mesh.axes or mesh.site.path not in facts.files:
        return ()
    return (AxisTypes(site_ref(facts, mesh.site), tuple(mesh.axes), "Explicit"),)


def _contractions(facts: Facts) -> list:
    """SHL029: a matrix product whose operands' sharding types split a contracted dimension on
    both sides, given no `out_sharding`, or whose gradient with respect to an operand on no mesh
    would (BackwardContractionEvent); SHL030: a lookup whose result JAX cannot type; SHL031: a
    product whose result would be split twice over one axis; SHL033: an elementwise operation's;
    SHL040: an elementwise operation's operands that split one dimension over different axes."""
    out = []
    for ev in facts.of(BroadcastTypesEvent):
        rank = len(ev.specs[0])
        dim = next(i for i in range(rank) if len({t[i] for t in ev.specs if t[i]}) > 1)
        splits = " and ".join(repr(d[0]) if len(d) == 1 else repr(d) for d in sorted({t[dim] for t in ev.specs
                                                                                        if t[dim]}))
        said = ", ".join(str(tuple(d[0] if len(d) == 1 else d if d else None for d in t)) for t in ev.specs)
        out.append(diag(
            facts, "SHL040", ev.site,
            f"`{short(ev.api)}` broadcasts operands that split dimension {dim} of the result over different mesh "
            f"axes ({splits}; the operands' sharding types, aligned as broadcasting aligns them, are "
            f"{', '.join(spec_text(t) for t in ev.specs)} on a mesh whose axes are Explicit): JAX raises "
            f"{quoted(BROADCAST_TYPES.format(op=ev.primitive, specs=said))} Reshard one operand so that both split "
            f"that dimension alike (`jax.sharding.reshard`), or leave it unsplit in one.",
            path=ev.path, ctx=ev.ctx))
    for ev in facts.of(ResultSplitTwiceEvent):
        what = "`@`" if ev.api == "@" else f"`{short(ev.api)}`"
        dims = [i for i, d in enumerate(ev.result) if ev.axis in d]
        lhs, rhs = (spec_text(t) for t in ev.specs[:2])
        if ev.primitive:
            out.append(diag(
                facts, "SHL033", ev.site,
                f"{what} would give a result split over {ev.axis!r} on both dimension {dims[0]} and dimension "
                f"{dims[1]} ({spec_text(ev.result)}: each dimension is split as the operands split it, theirs being "
                f"{lhs} and {rhs} on a mesh whose axes are Explicit), and no array may be split twice over one axis: "
                f"JAX raises {quoted(RESULT_SPLIT_TWICE.format(op=ev.primitive, out='...'))} Reshard one operand to "
                f"the other's sharding first (`jax.sharding.reshard`), or give the operation that made it the other's "
                f"`out_sharding=`.",
                path=ev.path, ctx=ev.ctx))
            continue
        out.append(diag(
            facts, "SHL031", ev.site,
            f"{what} would give a result split over {ev.axis!r} on both dimension {dims[0]} and dimension {dims[1]} "
            f"({spec_text(ev.result)}: each dimension it keeps is split as its operand splits it, the operands' "
            f"sharding types being {lhs} and {rhs} on a mesh whose axes are Explicit), and no array may be split "
            f"twice over one axis: JAX raises {quoted(RESULT_SPLIT_TWICE.format(op='dot_general', out='...'))} "
            f"Pass `out_sharding=` with {ev.axis!r} on one dimension, or reshard an operand with "
            f"`jax.sharding.reshard` first.",
            path=ev.path, ctx=ev.ctx))
    for ev in facts.of(ContractionEvent):
        lhs, rhs = map(render, ev.specs)
        same = all(a == b for a, b in zip(*ev.specs) if a and b)
        said = (CONTRACTING_SHARDED if same else CONTRACTING_INCONSISTENT).format(lhs=lhs, rhs=rhs)
        what = "`@`" if ev.api == "@" else f"`{short(ev.api)}`"
        spec = spec_text(ev.out) if ev.out is not None else "..."
        product = f"`jnp.matmul(layer.weight, x, out_sharding={spec}){' + layer.bias' if ev.bias else ''}`"
        ask = (f"Pass `out_sharding={spec}`" if ev.api not in ("equinox.nn.Linear", *LINEN_DENSE) else
               f"Flax Linen's `{short(ev.api)}` takes no `out_sharding` when called: make it with "
               f"`dot_general=functools.partial(jax.lax.dot_general, out_sharding={spec})` (its `init` under "
               f"`jax.set_mesh` too)" if ev.api in LINEN_DENSE else
               f"Equinox's `Linear` takes no `out_sharding`: compute {product} in its place" if ev.direct else
               f"Equinox's `Linear` takes no `out_sharding`, and this one runs inside the call written here (a "
               f"`vmap` of it, or an `MLP` whose layer it is): compute {product} in a function of your own")
        out.append(diag(
            facts, "SHL029", ev.site,
            f"{what} contracts a dimension both operands split ({lhs} and {rhs}, their sharding types on a mesh "
            f"whose axes are Explicit) and is given no `out_sharding`: JAX cannot tell how the result should be "
            f"sharded, and raises {quoted(said)} {ask}"
            + (" (JAX then reduces over the contracted axis)" if ev.out is not None else " (the result's spec)")
            + ", or reshard one operand with `jax.sharding.reshard`.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(OutSharding(site_ref(facts, ev.site), ev.api, ev.out, ev.bias, ev.bare),)
            if ev.out is not None and ev.direct and ev.site.path in facts.files else _auto_axes(facts, ev)))
    for ev in facts.of(BackwardContractionEvent):
        what = "`@`" if ev.api == "@" else f"`{short(ev.api)}`"
        operand = f"{('left', 'right')[ev.operand]} operand" if ev.api.startswith(("jax.", "@")) else \
            "weight" if (ev.api == "equinox.nn.Linear") == (ev.operand == 0) else "input"
        axes = " and ".join(sorted({repr(a) for d in ev.contracted for a in d}))
        said = CONTRACTING_SHARDED.format(lhs=render(ev.contracted), rhs=render(ev.contracted))
        out.append(diag(
            facts, "SHL029", ev.site,
            f"{what} is differentiated with respect to its {operand} (of sharding type {spec_text(ev.spec)}), an "
            f"array on no mesh (made where no mesh context was in force, never placed on one), and no mesh context "
            f"is in force here: the product that gives its gradient contracts the dimensions split over {axes}, "
            f"split on both sides, and takes the array's own sharding, which is none. JAX raises {quoted(said)} "
            f"Place the array on the mesh (`jax.device_put(..., NamedSharding(mesh, P()))`, or make it under "
            f"`jax.set_mesh(mesh)`), or differentiate under `jax.set_mesh(mesh)`.",
            path=ev.path, ctx=ev.ctx, fix_facts=_auto_axes(facts, ev, tuple(a for d in ev.contracted for a in d))))
    for ev in facts.of(GatherEvent):
        what = {"[]": "This lookup", "flax.nnx.Embed": "This `Embed`", "flax.linen.Embed": "This `nn.Embed`"}.get(
            ev.api, f"This `{short(ev.api)}`")
        both = " and so is the table's looked-up dimension" if ev.operand and ev.operand[0] else ""
        why = f"its indices are split{both}" if any(ev.indices) else "the table is split on the dimension it looks up"
        table = f"a table of sharding type {spec_text(ev.operand)}" if ev.operand is not None else "its table"
        ask = "`embed(ids, out_sharding=...)`" if ev.api == "flax.nnx.Embed" else \
            "its table's `.at[ids].get(out_sharding=...)` (a Linen `nn.Embed` takes none), or give it ids " \
            "resharded to `P()`" if ev.api == "flax.linen.Embed" else "`table.at[ids].get(out_sharding=...)`"
        out.append(diag(
            facts, "SHL030", ev.site,
            f"{what} gathers rows of {table} at indices of type {spec_text(ev.indices)} on a mesh whose axes are "
            f"Explicit: {why}, so JAX cannot tell how the result should be sharded, and raises "
            f"{quoted(GATHER_AMBIGUOUS)} Look up with {ask}"
            + (f", e.g. `out_sharding={spec_text(ev.out)}`." if ev.out is not None and ev.api != "flax.linen.Embed"
               else "."),
            path=ev.path, ctx=ev.ctx,
            fix_facts=(OutSharding(site_ref(facts, ev.site), ev.api, ev.out, bare=ev.bare),)
            if ev.out is not None and ev.direct and ev.site.path in facts.files and ev.api != "flax.linen.Embed"
            else _auto_axes(facts, ev)))
    return out


_AUTO, _MANUAL = "Auto", "Manual"  # (axis types, as JAX's messages name them)


def _constraints(facts: Facts) -> list:
    """SHL024: a sharding constraint inside a shard_map over its manual axes (or, as a
    NamedSharding, of a value that varies over them); SHL025: one naming Explicit axes; SHL028:
    a reshard naming Auto axes; SHL049: one naming a vmap's spmd axes."""
    out = []
    head = "P" if facts.version >= (0, 10) else "PartitionSpec"
    for ev in facts.of(ConstraintEvent):
        spec = _pspec_text(ev.spec, head)
        what = _constraint_words(ev, spec)
        axes = " and ".join(map(repr, ev.axes))
        if ev.kind in ("reshard_auto", "out_sharding_auto"):
            whose = (f"`jax.make_mesh` without `axis_types`, Auto on JAX {facts.jax_version}"
                     if ev.mesh.explicit_default else "all Auto")
        if ev.kind == "spmd_axis":
            said = CONSTRAINT_SPMD_AXIS.format(axes=ev.axes, spec=spec)
            out.append(diag(
                facts, "SHL049", ev.site,
                f"{what} names {axes}, over which the vmap around it splits the dimension it maps "
                f"(`spmd_axis_name`), and constrains a value the vmap maps: JAX raises {quoted(said)} Constrain "
                f"each item's own dimensions over other axes (the vmap places the mapped one), or drop {axes} "
                f"from the spec.",
                path=ev.path, ctx=ev.ctx))
            continue
        if ev.kind in ("reshard_auto", "reshard_manual"):
            manual = ev.kind == "reshard_manual"
            naming = (f"inside a shard_map names {axes}, which the shard_map makes manual (each device holds its "
                      f"own block there)" if manual else f"names {axes}, Auto axes of its mesh ({whose})")
            advice = ("Reshard over the axes the shard_map leaves Explicit only (`axis_names=`), or not at all "
                      "inside it." if manual else "Build the mesh with `axis_types=(jax.sharding.AxisType.Explicit,) "
                      "* n`, or use `jax.lax.with_sharding_constraint` on Auto axes.")
            said = RESHARD_AUTO.format(spec=spec, axis=ev.axes[0], kind=_MANUAL if manual else _AUTO)
            out.append(diag(
                facts, "SHL028", ev.site,
                f"`reshard` to {spec} {naming}: reshard moves data between Explicit axes only, and JAX raises "
                f"{quoted(said)} {advice}",
                path=ev.path, ctx=ev.ctx,
                fix_facts=(ReshardConstraint(site_ref(facts, ev.site)),) if not manual and ev.site.path in facts.files
                else ()))
            continue
        if ev.kind == "out_sharding_no_mesh":
            call = f"reshard(..., {spec})" if short(ev.api) == "reshard" else \
                f"{short(ev.api)}(..., out_sharding={spec})"
            legacy = ev.ctx.legacy_mesh[0] if ev.ctx.legacy_mesh is not None else None
            where = "no mesh context is entered" if legacy is None else \
                "only a legacy `with mesh:` is entered, which sets no context mesh"
            fixes = (LegacyMesh(site_ref(facts, legacy), facts.jax_version),) \
                if legacy is not None and legacy.path in facts.files else \
                (SpecOnOperand(site_ref(facts, ev.site)),) if ev.placed and ev.site.path in facts.files else ()
            out.append(diag(
                facts, "SHL028", ev.site,
                f"`{call}` gives a bare PartitionSpec where {where} ({ctx_words(ev.ctx)}): JAX resolves it "
                f"against the context mesh, and raises {quoted(OUT_SHARDING_NO_MESH.format(spec=spec))} Call it "
                "inside `with jax.set_mesh(mesh):`, or give a `NamedSharding(mesh, spec)`.",
                path=ev.path, ctx=ev.ctx, fix_facts=fixes))
            continue
        if ev.kind == "out_sharding_auto":
            out.append(diag(
                facts, "SHL028", ev.site,
                f"`{short(ev.api)}(..., out_sharding={spec})` names {axes}, Auto axes of its mesh ({whose}): "
                f"an output sharding may name Explicit axes only, and JAX raises "
                f"{quoted(OUT_SHARDING_AUTO.format(spec=spec, axis=ev.axes[0]))} Build the mesh with "
                "`axis_types=(jax.sharding.AxisType.Explicit,) * n`, or leave `out_sharding` out and constrain "
                "the result with `jax.lax.with_sharding_constraint`.",
                path=ev.path, ctx=ev.ctx, fix_facts=_explicit_axes(facts, ev)))
            continue
        if ev.kind in ("explicit", "param_assert", "assert"):
            # a constraint over Explicit axes: the mesh's Auto twin (what make_mesh built before
            # JAX 0.10) is the fix where make_mesh chose the types
            n = len(ev.mesh.axes)
            typed = ev.mesh.explicit_types
            whose = ("whose `axis_types` are Explicit" if typed else
                     f"from `jax.make_mesh` without `axis_types`, whose axes are Explicit on JAX {facts.jax_version}")
            auto = (f"Pass `axis_types=(jax.sharding.AxisType.Auto,){f' * {n}' if n > 1 else ''}` to `jax.make_mesh` "
                    "(what it built before JAX 0.10)")
            if ev.kind == "explicit":
                message = (f"{what} names {axes} of a mesh {whose}: a sharding constraint may only name Auto axes, "
                           f"and JAX raises {quoted(CONSTRAINT_AUTO_ONLY.format(spec=spec))} "
                           + ("Explicit axes are resharded with `jax.sharding.reshard`." if typed else
                              f"{auto}, or reshard with `jax.sharding.reshard`."))
            elif ev.kind == "assert":
                have = spec_text(ev.have, "P" if facts.version >= (0, 10) else "PartitionSpec")
                message = (f"This `{short(ev.api)}` to {spec} asserts its operand is sharded so: under `jax.set_mesh` "
                           f"of a mesh {whose}, a sharding constraint does not move data, and the operand's sharding "
                           f"type is {have}. JAX "
                           f"raises {quoted(CONSTRAINT_ASSERT.format(have=have, spec=spec))} "
                           + ("Reshard it with `jax.sharding.reshard` instead." if typed else
                              f"Reshard it with `jax.sharding.reshard` instead, or {auto[0].lower()}{auto[1:]}."))
            else:
                made = ("this `nn.with_partitioning` makes to" if short(ev.api) == "with_partitioning" else
                        "this `nn.with_logical_partitioning` makes to")
                message = (f"Flax constrains the parameter {made} {spec}"
                           + (" (its logical names, by the logical axis rules)" if "logical" in made else "")
                           + f" where the module reads it, and under "
                           f"`jax.set_mesh` of a mesh {whose}, a sharding constraint asserts the value is sharded so "
                           f"already; the parameter `init` makes is not, and JAX raises "
                           f"{quoted(CONSTRAINT_ASSERT.format(have='P(None, ...)', spec=spec))} "
                           + ("Reshard the parameters with `jax.sharding.reshard` before the module reads them."
                              if typed else f"{auto}."))
            out.append(diag(facts, "SHL025", ev.site, message, path=ev.path, ctx=ev.ctx,
                            fix_facts=_auto_axes(facts, ev)))
            continue
        smap = ev.ctx.innermost("shard_map")
        if ev.kind == "varying":
            said = as_of(CONSTRAINT_VARYING, facts.version)
            why = (f"constrains a value that varies over {axes}, which the shard_map around it makes manual "
                   f"(`{check_keyword(smap)}=True`), while the NamedSharding's mesh has "
                   f"{'it' if len(ev.axes) == 1 else 'them'} as Auto: JAX {facts.jax_version} raises "
                   f"{quoted(said.format(axis=ev.axes[0]))}")
        else:
            if ev.mesh is not None:
                said = quoted(CONSTRAINT_MANUAL.format(spec=spec, axes=ev.manual))
            elif facts.version >= CONSTRAINT_VARYING_SINCE:
                said = quoted(CONSTRAINT_AUTO_ONLY.format(spec=spec))
            else:
                said = ("`RuntimeError: with_sharding_constraint requires a non-empty mesh` where no mesh is entered, "
                        "and fails converting it where one is")
            why = (f"names {axes}, which the shard_map around it makes manual: JAX {facts.jax_version} raises "
                   f"{said}")
        out.append(diag(
            facts, "SHL024", ev.site,
            f"{what} {why}. Inside a shard_map each device holds its own block of the manual axes: drop the "
            "constraint there, or constrain only over axes the shard_map leaves Auto, with a bare PartitionSpec.",
            path=ev.path, ctx=ev.ctx, fix_facts=(DropConstraint(site_ref(facts, ev.site)),)))
    return out


def _variable_shardings(facts: Facts) -> list:
    """SHL026: a Flax NNX layer given an initializer with a sharding, made where Flax 0.12, which
    shards the variable there, has no mesh to shard it over (none entered, or a shard_map's)."""
    out = []
    head = "P" if facts.version >= (0, 10) else "PartitionSpec"
    for ev in facts.of(VariableShardingEvent):
        text = _pspec_text(ev.spec, head) if isinstance(ev.spec, PSpecV) else f"{head}(...)"
        if ev.kind == "no_mesh":
            why = (f"no mesh context is entered where it is made (a legacy `with mesh:` is none), and Flax raises "
                   f"{quoted(VARIABLE_NO_MESH.format(spec=text))} Make it under `with jax.set_mesh(mesh):` (in "
                   "an `nnx.jit` called there, say), or name the mesh in the metadata (`mesh=`).")
        else:
            why = (f"it is made inside a shard_map, whose mesh axes are manual, and Flax raises "
                   f"{quoted(VARIABLE_MANUAL_MESH.format(types='(Manual,)'))} Make the model outside the "
                   "shard_map and pass it in (its in_specs say how its parameters are split), or make it "
                   "under `with nnx.use_eager_sharding(False):` (each device's variables hold its own block).")
        out.append(diag(
            facts, "SHL026", ev.site,
            f"This layer's parameters carry the sharding {text} (`nnx.with_partitioning`), and Flax 0.12 shards "
            f"a variable where it is made: {why}",
            path=ev.path, ctx=ev.ctx, fix_facts=_eager_facts(facts, ev)))
    return out


def _eager_facts(facts: Facts, ev) -> tuple:
    """Where a shard_map's body makes the variable (the call written there on the way to it):
    the statement to make without eager sharding; with no mesh context, the legacy `with mesh:`
    around it, to enter with `jax.set_mesh`."""
    legacy = ev.ctx.legacy_mesh[0] if ev.ctx.legacy_mesh is not None else None
    if ev.kind == "no_mesh" and legacy is not None and legacy.path in facts.files:
        return (LegacyMesh(site_ref(facts, legacy), facts.jax_version),)
    if ev.kind == "no_mesh":
        # the entry point's first call on the way (a module-level `model = Model(...)`) goes
        # under `with jax.set_mesh(...)`
        site = ev.path[1][0] if len(ev.path) > 1 else ev.site  # (the first is the entry point itself)
        axes = tuple(ev.spec.named) if isinstance(ev.spec, PSpecV) else ()
        return (EnterMesh(site_ref(facts, site), axes, mesh_refs(facts, site.path)),) \
            if site.path in facts.files else ()
    sm = ev.ctx.innermost("shard_map")
    if ev.kind != "manual" or sm is None or sm.entry is None:
        return ()
    site = ev.path[sm.entry][0] if len(ev.path) > sm.entry else ev.site
    return (EagerSharding(site_ref(facts, site)),) if site.path in facts.files else ()


# where -> (what splits the dimension, in the message; what JAX's older message calls the value)
_UNEVEN_WHERE = {"in_shardings": ("The `in_shardings` of this jit split dimension {dim} of argument {index}",
                                  "pjit arguments with pytree key path ..."),
                 "out_shardings": ("The `out_shardings` of this jit split dimension {dim} of an output",
                                   "pjit outputs"),
                 "device_put": ("This `device_put`'s NamedSharding splits dimension {dim} of an array",
                                "device_put args"),
                 "device_put_spec": ("This `device_put`'s PartitionSpec (of the context mesh) splits dimension "
                                     "{dim} of an array", ""),
                 "reshard": ("This `reshard` splits dimension {dim} of an array", ""),
                 "out_sharding": ("This `out_sharding=` splits dimension {dim} of the array", ""),
                 # run eagerly, a constraint is a jit of it: its output is placed so
                 "constraint": ("This sharding constraint, run eagerly, splits dimension {dim} of an array",
                                "pjit outputs with pytree key path result"),
                 "traced_constraint": ("This sharding constraint splits dimension {dim} of an array",
                                       "with_sharding_constraint arguments")}


def _spec_tail(facts: Facts, spec, rank: int) -> tuple:
    """The fix of a spec longer than its array's rank, where one of its axes is a string literal
    of the project: its entries past the rank all None (`SpecTooLong`), else some an axis (a
    bias's names, which its fixer looks for: `BiasSpecTooLong`)."""
    parts = spec.parts if isinstance(spec, PSpecV) else None
    if parts is None or len(parts) <= rank:
        return ()
    site = next((c.site for c in spec.literals if c.site is not None and c.site.path in facts.files), None)
    if site is None:
        return ()
    if all(isinstance(p, Const) and p.value is None for p in parts[rank:]):
        return (SpecTooLong(site_ref(facts, site), rank),)
    return (BiasSpecTooLong(site_ref(facts, site), rank),)


def _uneven_shardings(facts: Facts) -> list:
    """SHL027: a NamedSharding (jit's in_shardings or out_shardings, device_put) that splits a
    dimension of an array over mesh axes whose total size does not divide it."""
    out = []
    for ev in facts.of(UnevenShardingEvent):
        if ev.rank:
            n, rank = ev.rank
            what, called = _UNEVEN_WHERE[ev.where]
            spec = _pspec_text(ev.spec, "P" if facts.version >= (0, 10) else "PartitionSpec")
            said = f"`AssertionError: ({rank}, {spec})`" if ev.where == "reshard" else \
                quoted(SPEC_RANK.format(what=called, spec=spec, n=n, rank=rank))
            out.append(diag(
                facts, "SHL027", ev.site,
                f"{what.split(' split')[0]} has the spec {spec}, of {n} entries, for an array of rank {rank}: JAX "
                f"raises {said} Give the array's dimensions only (a 1-D bias takes one entry).",
                path=ev.path, ctx=ev.ctx, fix_facts=_spec_tail(facts, ev.spec, rank)))
            continue
        dim, size, axes, total = ev.found
        said = as_of(UNEVEN_SHARDING, facts.version)
        over = f"axis {axes[0]!r}" if len(axes) == 1 else f"axes {axes!r}"
        what, called = _UNEVEN_WHERE[ev.where]
        said = OUT_SHARDING_UNEVEN.format(axes=tuple(axes), dim=dim, total=total, size=size) \
            if ev.where in ("out_sharding", "device_put_spec") else said.format(what=called, dim=dim, total=total, size=size)
        entry = ev.spec.parts[dim] if isinstance(ev.spec, PSpecV) and ev.spec.parts is not None \
            and dim < len(ev.spec.parts) else None
        written = [entry] if isinstance(entry, Const) else list(entry.items) if isinstance(entry, Seq) else []
        sites = [c.site for c in written if isinstance(c, Const) and isinstance(c.value, str) and c.site is not None]
        fix = (UnevenDim(tuple(site_ref(facts, s) for s in sites), dim, size, tuple(axes)),) \
            if sites and len(sites) == len(written) and all(s.path in facts.files for s in sites) else ()
        out.append(diag(
            facts, "SHL027", ev.site,
            f"{what.format(dim=dim, index=ev.index)} (of size {size}) over mesh {over} "
            f"(of total size {total}), which does not divide it: JAX raises "
            f"{quoted(said)} Make the "
            "dimension a multiple of the mesh axes' size (pad the batch, drop the last one), shard another "
            "dimension, or place it whole (`None` in its spec entry).",
            path=ev.path, ctx=ev.ctx, fix_facts=fix))
    return out


def _jit_shardings(facts: Facts) -> list:
    """SHL041: `jax.jit`'s `in_shardings` or `out_shardings` that do not fit its call."""
    out = []
    for ev in facts.of(JitShardingsEvent):
        fix = ()
        if ev.which == "kwargs":
            text = (f"This jitted function is given keyword arguments ({ev.detail}) while its `jax.jit` has "
                    f"`in_shardings`, which apply to positional arguments only: JAX raises {quoted(JIT_KWARGS)} Pass "
                    f"them positionally (with a sharding each), or make them static (`static_argnums`).")
        elif ev.which == "committed":
            said = as_of(JIT_COMMITTED, facts.version)
            head = "P" if facts.version >= (0, 10) else "PartitionSpec"
            own, wanted = (_pspec_text(s, head) for s in ev.specs)
            text = (f"Argument {ev.given} of this jitted function is an array placed with {own} (`jax.device_put`, "
                    f"a `ShapeDtypeStruct`'s `sharding=`), and the jit's `in_shardings` give it {wanted} over the same "
                    f"mesh: JAX raises {quoted(said)} Give `in_shardings` the argument's own sharding, place the "
                    f"argument as the jit asks (`jax.device_put(x, sharding)`), or leave its `in_shardings` entry "
                    f"`None`.")
        elif ev.which == "length":
            said = as_of(JIT_IN_SHARDINGS_LENGTH, facts.version)
            text = (f"The `in_shardings` of this jit are {ev.given} for {ev.args} positional argument"
                    f"{'' if ev.args == 1 else 's'} (those not static): JAX raises "
                    f"{quoted(said.format(given=ev.given, args=ev.args))} Give one sharding per positional argument, "
                    f"in order (a single sharding applies to all of them; `None` places an argument as it is).")
            if ev.given < ev.args and ev.created is not None and ev.created.path in facts.files:
                fix = (JitShardingsFill(site_ref(facts, ev.created), ev.given, ev.args - ev.given),)
        else:
            which, what = ("in_shardings", "its arguments") if ev.which == "in" else \
                ("out_shardings", "what the function returns")
            text = (f"The `{which}` of this jit are not a pytree prefix of {what}: {ev.detail}. JAX raises "
                    f"{quoted(JIT_SHARDINGS_STRUCTURE.format(detail='...', which=which))} "
                    f"{'when it is called' if ev.which == 'in' else 'once the function is traced'}. Give shardings "
                    f"in the structure of the {'arguments' if ev.which == 'in' else 'outputs'}, in order (one "
                    f"sharding applies to a whole subtree).")
        out.append(diag(facts, "SHL041", ev.site, text, path=ev.path, ctx=ev.ctx, fix_facts=fix))
    return out


def _carry_types(facts: Facts) -> list:
    """SHL034: a loop's carry, or cond's branches, of sharding types that differ; SHL038: of
    shapes that differ; SHL039: of dtypes that differ."""
    out = []
    for ev in facts.of(CarryTypeEvent):
        loop = short(ev.api)
        said = BRANCH_TYPES if ev.what == "branches" else WHILE_CARRY_TYPES if loop == "while_loop" else CARRY_TYPES
        if ev.kind == "shape":
            first, second = (str(s) for s in ev.specs)
            what = (f"The branches of this `{loop}` return arrays of different shapes ({first} and {second})"
                    if ev.what == "branches" else
                    f"The carry of this `{loop}` has shape {first} in its initial value and {second} in what the body "
                    f"returns")
            out.append(diag(facts, "SHL038", ev.site,
                            f"{what}: JAX raises {quoted(said)} Make the initial value (or every branch's output) of "
                            f"the shape the body computes (`jnp.zeros({second})`), or reduce what the body returns to "
                            f"{first}.", path=ev.path, ctx=ev.ctx))
            continue
        if ev.kind == "dtype":
            first, second = ev.specs
            what = (f"The branches of this `{loop}` return arrays of different dtypes ({first} and {second})"
                    if ev.what == "branches" else
                    f"The carry of this `{loop}` is {first} in its initial value and {second} in what the body "
                    f"returns")
            remedy = (f"Cast the outputs to one dtype (`.astype(jnp.{first})`)." if ev.what == "branches" else
                      f"Make the initial value {second} (`init.astype(jnp.{second})`), or cast what the body returns "
                      f"back to {first} (`.astype(jnp.{first})`).")
            cast = ev.arg is not None and ev.site.path in facts.files
            out.append(diag(facts, "SHL039", ev.site, f"{what}: JAX raises {quoted(said)} {remedy}",
                            path=ev.path, ctx=ev.ctx,
                            fix_facts=(CastCarry(site_ref(facts, ev.site), ev.arg, ev.part, second, first),)
                            if cast else ()))
            continue
        first, second = (spec_text(s) for s in ev.specs)
        if ev.what == "branches":
            what = (f"The branches of this `{loop}` return values of different sharding types ({first} and {second}, "
                    f"on a mesh whose axes are Explicit)")
            remedy = (f"Give every branch's output one sharding: `jnp.zeros_like(x)` keeps `x`'s, "
                      f"`jax.sharding.reshard(y, {first})` gives one.")
        else:
            what = (f"The carry of this `{loop}` is of sharding type {first} in its initial value and {second} in what "
                    f"the body returns (on a mesh whose axes are Explicit)")
            remedy = (f"Make the initial value of the body's type (`jnp.zeros(..., out_sharding={second})`, or "
                      f"`jax.sharding.reshard(init, {second})`), or reshard what the body returns to {first}.")
        fix = (ReshardInput(site_ref(facts, ev.site), ev.arg, ev.specs[1], ev.bare, kind="carry"),) \
            if ev.arg is not None and ev.site.path in facts.files else ()
        out.append(diag(facts, "SHL034", ev.site, f"{what}: JAX raises {quoted(said)} {remedy}",
                        path=ev.path, ctx=ev.ctx, fix_facts=fix))
    return out


def _select_types(facts: Facts) -> list:
    """SHL035: a select's cases, or its condition and cases, of sharding types that differ."""
    out = []
    for ev in facts.of(SelectTypeEvent):
        name = short(ev.api)
        first, second = (spec_text(s) for s in ev.specs)
        where = " (its operands being of one shape, `jnp.where` hands them to `lax.select` as they are)" \
            if name == "where" else ""
        if ev.what == "cases":
            what = f"The cases of this `{name}` are of sharding types {first} and {second}{where}"
            said = SELECT_CASES
            remedy = ("Make them of one type: `jax.sharding.reshard(y, jax.typeof(x).sharding)`, or make the one "
                      "built here of the other's (`jnp.zeros_like(x)` keeps `x`'s type).")
        else:
            what = f"The condition of this `{name}` is of sharding type {first} and its cases of {second}{where}"
            said = SELECT_WHICH
            remedy = f"Reshard the condition to its cases' type (`jax.sharding.reshard(c, {second})`)."
        fix = (ReshardInput(site_ref(facts, ev.site), ev.arg, ev.spec, ev.bare, kind="select"),) \
            if ev.arg is not None and ev.site.path in facts.files else ()
        out.append(diag(facts, "SHL035", ev.site, f"{what}, on a mesh whose axes are Explicit: JAX raises "
                        f"{quoted(said)} {remedy}", path=ev.path, ctx=ev.ctx, fix_facts=fix))
    return out


def _concatenate_types(facts: Facts) -> list:
    """SHL037: a concatenation of arrays of different sharding types."""
    out = []
    for ev in facts.of(ConcatenateTypeEvent):
        first, other = (spec_text(s) for s in ev.specs)
        out.append(diag(
            facts, "SHL037", ev.site,
            f"This `{short(ev.api)}` joins arrays of different sharding types ({first} and {other}), on a mesh whose "
            f"axes are Explicit: JAX raises {quoted(CONCATENATE_TYPES)} Reshard them to one type first "
            f"(`jax.sharding.reshard(y, jax.typeof(x).sharding)`), or make the ones built here of the others' "
            "(`jnp.zeros_like(x)` keeps `x`'s type).",
            path=ev.path, ctx=ev.ctx))
    return out


def _typed_text(dtype, shape, spec) -> str:
    """An array's type as JAX prints it in sharding errors: `float32[8@data,128,4@model,64]`."""
    return f"{dtype or ''}[" + ",".join(
        f"{n}@{d[0]}" if len(d) == 1 else f"{n}@({','.join(d)})" if d else str(n) for n, d in zip(shape, spec)) + "]"


def _cast_operands(facts: Facts, ev: LaxDtypeEvent) -> tuple:
    """SHL042's fix: the operands of another dtype than the one the result is to keep cast to it,
    where the call is in the project."""
    if ev.site.path not in facts.files or len(ev.at) != len(ev.dtypes):
        return ()
    kept, cast = lax_casts(short(ev.api), ev.dtypes)
    return (CastOperands(site_ref(facts, ev.site), kept, tuple(ev.at[i] for i in cast),
                         tuple(ev.numbers[i] for i in cast)),)


def _shapes(facts: Facts) -> list:
    """SHL046: operands of shapes JAX rejects."""
    out = []
    for ev in facts.of(ShapeEvent):
        f = ev.fault
        what = f"`{short(ev.api)}`" if "." in ev.api else f"`{ev.api}`"
        if f.kind == "broadcast":
            shapes = ", ".join(map(str, f.shapes))
            said = SHAPES_BROADCAST.format(op=ev.primitive, shapes=shapes) \
                if ev.primitive and len(f.shapes) == 2 and len({len(x) for x in f.shapes}) == 1 \
                else SHAPES_INCOMPATIBLE.format(shapes=shapes)
            text = f"{what} is given operands of shapes {shapes}, which do not broadcast"
            advice = "Give the operands matching dimensions (a size of 1 broadcasts)."
        elif f.kind == "contract":
            said = DOT_CONTRACTING.format(a=f.size, b=f.other)
            given, takes = (f.other, f.size) if f.at else (f.size, f.other)
            text = f"This {what} is given inputs of {given} features, where its kernel takes {takes}"
            advice = ("Give it inputs of the features its kernel takes: inside a shard_map, the block the spec "
                      "splits its kernel into.")
        elif f.kind == "rank":
            said = EINSUM_RANK.format(term=f.term, at=f.at)
            text = f"Operand {f.at} of this einsum has another number of dimensions than its term '{f.term}'"
            advice = "Give the term one letter per dimension (or `...` for those it does not name)."
        else:
            # (JAX's einsum parser prints the size before, then this operand's)
            said = EINSUM_SIZE.format(label=f.label, at=f.at, size=f.other, other=f.size)
            text = (f"Label '{f.label}' of this einsum is {f.size} long in operand {f.at} and {f.other} in the "
                    f"operands before")
            advice = "Give the label one size in every operand."
        out.append(diag(facts, "SHL046", ev.site, f"{text}: JAX raises {quoted(said)} {advice}",
                        path=ev.path, ctx=ev.ctx))
    return out


def _duplicate_specs(facts: Facts) -> list:
    """SHL048: a PartitionSpec that names a mesh axis in two of its dimensions."""
    out = []
    for ev in facts.of(DuplicateSpecEvent):
        spec = _pspec_text(ev.spec, "P" if facts.version >= (0, 10) else "PartitionSpec")
        what = (f"A PartitionSpec of the `{ev.where}` of a shard_map this jit runs" if ev.lowered else
                f"A PartitionSpec of this shard_map's `{ev.where}`" if ev.where in ("in_specs", "out_specs") else
                f"The PartitionSpec in this jit's `{ev.where}`" if ev.where else
                "This NamedSharding's spec" if ev.what == "NamedSharding spec" else
                "This sharding constraint's PartitionSpec")
        literal = ev.literal if ev.literal is not None and ev.literal.path in facts.files else None
        out.append(diag(
            facts, "SHL048", ev.site,
            f"{what} names the mesh axis {ev.axis!r} in more than one dimension ({spec}): JAX "
            f"{'traces it, and as it lowers the jit raises ' if ev.lowered else 'raises '}"
            f"{quoted(DUPLICATE_SPEC.format(what=ev.what, spec=spec, axis=ev.axis))} A mesh axis splits one "
            f"dimension at most: name {ev.axis!r} once"
            + (" (drop it from the tuple of axes it shares there)." if literal is not None else "."),
            path=ev.path, ctx=ev.ctx,
            fix_facts=(ShardingAxis(site_ref(facts, literal), ev.axis, None),) if literal is not None else ()))
    return out


def _vmap_axes(facts: Facts) -> list:
    """SHL047: a vmap's `in_axes` that do not fit its arguments."""
    out = []
    for ev in facts.of(VmapAxesEvent):
        name = f"`{short(ev.api) if ev.api == 'jax.vmap' else ev.api.replace('equinox.', 'eqx.').replace('flax.', '')}`"
        own = ev.api == "jax.vmap"  # (nnx.vmap and eqx.filter_vmap match in_axes with jax.tree.map)
        if ev.kind == "length":
            said = VMAP_LENGTH.format(given=ev.given, args=ev.args) if own else \
                as_of(TREE_MAP_LENGTH, facts.version).format(given=ev.given, args=ev.args)
            text = (f"The `in_axes` of this {name} are a tuple of {ev.given} for {ev.args} positional argument"
                    f"{'' if ev.args == 1 else 's'}: JAX raises {quoted(said)} Give one entry per argument, in "
                    f"order (`None` leaves an argument unmapped; one int maps them all).")
        elif ev.kind == "structure":
            if own:
                said = VMAP_STRUCTURE
            elif ev.detail.startswith("different types"):
                kind = ev.detail.rpartition("(a ")[2].split(" ")[0]
                said = as_of(TREE_MAP_STRUCTURE, facts.version).format(kind=kind)
            elif ev.detail.startswith("different lengths"):
                said = error_head(as_of(TREE_MAP_LENGTH, facts.version))
            else:
                said = TREE_MAP_KEYS
            text = (f"The `in_axes` of this {name} are not a pytree prefix of its arguments: {ev.detail}. JAX raises "
                    f"{quoted(said)} Give each argument an `in_axes` entry of its structure (an int or `None` applies "
                    f"to a whole subtree).")
        elif ev.kind == "rank":
            where, axis, shape, _, _ = ev.mapped[0]
            said = VMAP_RANK.format(axis=axis, need=axis + 1 if axis >= 0 else -axis, rank=len(shape), shape=shape)
            text = (f"This {name} maps {where} along axis {axis}, which an array of shape {shape} does not have: JAX "
                    f"raises {quoted(said)} Map an axis it has (or `None` to leave it unmapped).")
        else:
            sizes = "; ".join(f"axis {axis} of {where} is {n} long"
                              + (f" ({dtype or ''}[{','.join(map(str, shape))}])" if shape is not None else "")
                              for where, axis, shape, dtype, n in ev.mapped)
            versus = f"its `axis_size` is {ev.given}, but " if ev.given is not None else ""
            text = (f"The axes this {name} maps differ in length: {versus}{sizes}. JAX raises {quoted(VMAP_SIZES)} "
                    f"Map axes of one length (batch the arguments alike, or leave the shared ones unmapped with "
                    f"`None` in `in_axes`).")
        out.append(diag(facts, "SHL047", ev.site, text, path=ev.path, ctx=ev.ctx))
    return out


def _lax_operands(facts: Facts) -> list:
    """SHL042: a lax operation's operands of different dtypes; SHL043: a dynamic_update_slice's
    update of another sharding type than its operand; SHL044: a scan over arrays split on the
    dimension it steps over."""
    out = []
    for ev in facts.of(LaxDtypeEvent):
        op = "dynamic_update_slice" if short(ev.api).startswith("dynamic_update_") else short(ev.api)
        listed = ", ".join(ev.dtypes)
        said = PAD_DTYPES.format(dtypes=" and ".join(ev.dtypes)) if op == "pad" else \
            LAX_DTYPES.format(op=op, dtypes=listed)
        out.append(diag(
            facts, "SHL042", ev.site,
            f"`lax.{short(ev.api)}` is given operands of different dtypes ({listed}), and `jax.lax` does not promote "
            f"them as `jax.numpy` does: JAX raises {quoted(said)} Cast one to the other's dtype "
            f"(`x.astype({ev.dtypes[0]})`), or use the `jax.numpy` function, which promotes.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=_cast_operands(facts, ev)))
    for ev in facts.of(ScanXsTypeEvent):
        spec = spec_text(ev.spec, "P" if facts.version >= (0, 10) else "PartitionSpec")
        axes = repr(ev.spec[0][0]) if len(ev.spec[0]) == 1 else repr(ev.spec[0])
        out.append(diag(
            facts, "SHL044", ev.site,
            f"This `lax.{short(ev.api)}` steps over arrays split over {axes} on their leading dimension ({spec}, on a "
            f"mesh whose axes are Explicit): JAX raises {quoted(SCAN_XS_SPLIT.format(spec=spec))} Split another "
            f"dimension so that the leading one is whole (microbatches of a batch split over {axes}: "
            f"`jnp.reshape(x, (n, -1, ...), out_sharding=P(None, {axes}))`), or `jax.sharding.reshard` them first.",
            path=ev.path, ctx=ev.ctx))
    for ev in facts.of(SliceTypeEvent):
        dim, kept, axes, total = ev.found
        over = f"{axes[0]!r}" if len(axes) == 1 else f"{axes!r} (of total size {total})"
        said = SLICE_SPLIT.format(op="dynamic_slice" if ev.dynamic else "slicing", kept=kept, total=total,
                                  axes=axes[0] if len(axes) == 1 else repr(tuple(axes)))
        what = f"This `jnp.roll` slices off {kept} of dimension {dim}" if ev.roll else \
            f"This {'index' if kept == 1 else 'slice'} keeps {kept} of dimension {dim}"
        advice = f"Roll by whole blocks (a multiple of {total}), exchange the boundary rows with `jax.lax.ppermute` " \
            f"inside a `jax.shard_map`," if ev.roll else f"Take whole blocks (a multiple of {total}),"
        out.append(diag(
            facts, "SHL045", ev.site,
            f"{what} (size {ev.shape[dim]}), which is split over {over} on a mesh whose axes are Explicit "
            f"({spec_text(ev.spec)}), and {total} does not divide {kept}: JAX raises {quoted(said)} {advice} or "
            f"reshard the array so that the dimension is whole first (`jax.sharding.reshard`).",
            path=ev.path, ctx=ev.ctx))
    for ev in facts.of(UpdateSliceTypeEvent):
        shapes = [s if s is not None and None not in s else None for s in ev.shapes]
        if None in shapes:
            said = UPDATE_SLICE_TYPES.format(operand=spec_text(ev.specs[0]), update=spec_text(ev.specs[1]))
        else:
            said = UPDATE_SLICE_TYPES.format(operand=_typed_text(ev.dtype, shapes[0], ev.specs[0]) + "(...)",
                                             update=_typed_text(ev.dtype, shapes[1], ev.specs[1]) + "(...)")
        out.append(diag(
            facts, "SHL043", ev.site,
            f"`lax.{short(ev.api)}` writes an update of sharding type {spec_text(ev.specs[1])} into an operand of "
            f"sharding type {spec_text(ev.specs[0])} on a mesh whose axes are Explicit, and JAX requires the two to "
            f"be one: JAX raises {quoted(said)} Give the update the operand's sharding (`jax.sharding.reshard`, or "
            f"the `out_sharding=` of the operation that makes it), or make the operand as the update is.",
            path=ev.path, ctx=ev.ctx))
    return out


def _reshape_types(facts: Facts) -> list:
    """SHL036: a reshape JAX's sharding rule cannot type."""
    out = []
    for ev in facts.of(ReshapeTypeEvent):
        operand = "[" + ",".join(f"{n}@{d[0]}" if len(d) == 1 else f"{n}@({','.join(d)})" if d else str(n)
                                 for n, d in zip(ev.shape, ev.spec)) + "]"
        said = RESHAPE_UNSUPPORTED.format(operand=f"{ev.dtype or ''}{operand}", new=ev.new)
        out.append(diag(
            facts, "SHL036", ev.site,
            f"This reshape of an array of sharding type {spec_text(ev.spec)} (shape {ev.shape}) to {ev.new}, on a mesh "
            f"whose axes are Explicit, is not one whose result's sharding JAX can infer: JAX raises {quoted(said)} "
            "Give the reshape the sharding its result should have (`jnp.reshape(x, shape, out_sharding=P(...))`), "
            "or reshard the operand first so that only the dimension it keeps whole is split or merged.",
            path=ev.path, ctx=ev.ctx,
            fix_facts=(OutSharding(site_ref(facts, ev.site), ev.api, ev.out, bare=ev.bare),) if ev.out else ()))
    return out


def _constraint_words(ev, spec: str) -> str:
    """What the constraint is, for messages."""
    name = short(ev.api)
    if name == "with_logical_constraint":
        return f"This logical constraint (its rules make it {spec})"
    if ev.mesh is None:
        return f"This `{name}` to {spec}"
    return f"This `{name}` to a NamedSharding of {spec}"


def _spec_axes(facts: Facts, ev, which: str = "in_specs") -> tuple[SpecAxis, ...]:
    """For each axis the specs (`which`) name outside the manual ones, the manual axis it stands
    for (a logical name, another name of the same kind of parallelism), where one does."""
    if ev.created is None:
        return ()
    out = []
    for axis in ev.axes:
        to = meant_axis(axis, list(ev.manual), facts.logical_rules)
        sites = {c.site for c in spec_literals(ev.specs) if c.value == axis}
        literal = site_ref(facts, sites.pop()) if len(sites) == 1 else None
        if to is not None:
            out.append(SpecAxis(site_ref(facts, ev.created), axis, to, literal, which))
    return tuple(out)


def _checked(facts: Facts, smap) -> bool:
    """Whether a shard_map checks varying axes (`check_vma`/`check_rep` not False): with the
    check off, a collective over a vmap axis inside it lowers."""
    check = facts.smap_checks.get(smap, Const(True))
    return not (isinstance(check, Const) and check.value is False)


def _vmap_inside(ctx, frame):
    """A vmap layer between the shard_map `frame` that binds an axis and the code."""
    layers = ctx.layers
    start = layers.index(frame) + 1 if frame in layers else 0
    return next((f for f in layers[start:] if f.kind == "vmap"), None)


def _outer_shard_map(ctx, frame):
    """The shard_map outside `frame` in `ctx`, if any."""
    layers = ctx.layers
    for f in layers[: layers.index(frame)]:
        if f.kind == "shard_map":
            return f
    return None


def _full_permutation(perm) -> bool:
    if not perm:
        return False
    src = {a for a, _ in perm}
    dst = {b for _, b in perm}
    n = len(perm)
    return src == dst == set(range(n))


def _pspec_text(spec, head: str) -> str:
    """A PartitionSpec as JAX prints it (`P('data', None)`, `P(('data', 'model'),)`; JAX 0.8.2
    writes `PartitionSpec(...)`), where its entries are known; else with the axes it names."""
    if spec.parts is None:
        return f"{head}(" + ", ".join(map(repr, spec.named)) + ", ...)"
    entries = []
    for e in spec.parts:
        if isinstance(e, Seq):
            entries.append("(" + ", ".join(repr(c.value) for c in e.items) + ("," if len(e.items) == 1 else "") + ")")
        else:
            entries.append(repr(e.value) if isinstance(e, Const) else "...")
    return f"{head}(" + ", ".join(entries) + ("," if len(entries) == 1 else "") + ")"


def _names_text(v) -> str:
    """Logical dimension names as written (`('batch', 'hidden')`), where they are known."""
    items = v.parts if isinstance(v, PSpecV) else v.items if isinstance(v, Seq) else None
    if items is None or not all(isinstance(i, Const) for i in items):
        return "(...)"
    return "(" + ", ".join(repr(i.value) for i in items) + ("," if len(items) == 1 else "") + ")"


def _beside(spec: PSpecV, axis: str) -> set:
    """The other axes of the dimension of `spec` that `axis` splits (`P(("data", "fsdp"), None)`:
    for "fsdp", "data")."""
    for part in spec.parts or ():
        names = [i.value for i in part.items if isinstance(i, Const)] if isinstance(part, Seq) else []
        if axis in names:
            return set(names) - {axis}
    return set()
