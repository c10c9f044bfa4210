"""Pallas TPU (Mosaic) rules: communicating kernels outside shard_map (SHL003), kernels under
automatic partitioning (SHL004), collective_id without a barrier (SHL104) and the reverse
(SHL107), MESH device-id arity (SHL105), communicating kernels under shard_map's replication
check (SHL108), kernels differentiated (SHL110), and kernels a vmap batches whose blocks Mosaic
takes only whole (SHL112)."""

from __future__ import annotations

from ..apis import short
from ..diagnostics import Severity
from ..jaxfacts import (ANY_SPACES, COLLECTIVE_ID_MISSING, COLLECTIVE_ID_UNUSED, COMM_WITHOUT_SHARD_MAP,
                        DEVICE_ID_ARITY, HBM_SPACE, LOGICAL_DEVICE_ID, KERNEL_LINEARIZE, MOSAIC_AUTO_PARTITIONED,
                        PMAP_IS_SHARD_MAP, REPLICA_MOSAIC, SIGNAL_GIVES_MESH, UNBOUND_AXIS, UNRECOGNIZED_DEVICE_AXES,
                        VMA_OUT_SHAPE, WHOLE_BLOCKS_ONLY, WHOLE_HBM_SINCE, error_head, quoted, quoted_sentence,
                        unbound_axis, as_of, version_text)
from ..fixfacts import (DeviceIdAxis, DeviceIdKey, LogicalDeviceId, MissingCollectiveId, Pmap, UnusedCollectiveId,
                        VmaCheck)
from ..interp.events import CollectiveEvent, CommEvent, KernelApiEvent, PallasEvent, StartEvent
from ..interp.values import ArrayV, CompilerParamsV, Const, DictV, Ext, Seq, Unknown, options
from .axisnames import meant_axis
from .facts import (Facts, backend_of, check_keyword, checks_vma, ctx_words, diag, scope_facts,
                    site_ref)


def _is_mesh_id(ev) -> bool:
    t = ev.device_id_type
    if t is Unknown or t is None or (isinstance(t, Const) and t.value is None):
        return True  # pltpu's default device_id_type is MESH
    return isinstance(t, Ext) and t.name.endswith(".MESH")


def _is_logical(ev) -> bool:
    t = ev.device_id_type
    return isinstance(t, Ext) and t.name.endswith(".LOGICAL")


def _id_count(ev) -> int | None:
    """How many device ids a MESH `device_id` holds, when known: JAX counts its pytree leaves
    (a tuple of indices, or one scalar index computed from `axis_index` or written out)."""
    return _leaves(ev.device_id)


def _leaves(v) -> int | None:
    if isinstance(v, Seq):
        counts = [_leaves(i) for i in v.items]
        return None if None in counts else sum(counts)
    if isinstance(v, ArrayV) or (isinstance(v, Const) and isinstance(v.value, int)):
        return 1
    return None


def _collective_id(params) -> object:
    cp = params.get("compiler_params", Unknown)
    if isinstance(cp, CompilerParamsV):
        return cp.collective_id
    if isinstance(cp, DictV):
        mosaic = cp.items.get("mosaic")
        if isinstance(mosaic, DictV):
            return mosaic.items.get("collective_id")
    return None


def _allows_bare_collective_id(params) -> bool:
    """`CompilerParams(..., allow_collective_id_without_custom_barrier=True)` (JAX 0.10)."""
    cp = params.get("compiler_params", Unknown)
    flag = cp.options.get("allow_collective_id_without_custom_barrier") if isinstance(cp, CompilerParamsV) else None
    return not (flag is None or (isinstance(flag, Const) and flag.value is False))


def _is_tpu(facts: Facts, ev, kev) -> bool:
    cp = ev.params.get("compiler_params", Unknown)
    if isinstance(cp, CompilerParamsV):
        return cp.tpu
    if isinstance(cp, DictV) and "mosaic" in cp.items:
        return True
    if any(isinstance(k, KernelApiEvent) and k.platform == "gpu" for k in kev):
        return False
    if isinstance(cp, DictV) and ("triton" in cp.items or "mosaic_gpu" in cp.items):
        return False
    return backend_of(facts, ev.ctx) != "gpu" or any(
        (isinstance(k, KernelApiEvent) and k.platform == "tpu") or isinstance(k, CommEvent) for k in kev)


def _untyped_out_shape(ev) -> bool:
    """Whether every `out_shape` the kernel may be given is ShapeDtypeStructs that do not declare
    their varying axes (an out_shape not known stays unknown: no SHL108)."""
    def leaves(v):
        for o in options(v):
            if isinstance(o, Seq):
                yield from (x for item in o.items for x in leaves(item))
            elif isinstance(o, DictV):
                yield from (x for item in o.items.values() for x in leaves(item))
            else:
                yield o

    found = list(leaves(ev.params.get("out_shape", Unknown)))
    return bool(found) and all(isinstance(o, ArrayV) and o.struct == "untyped" for o in found)


def _id_axis(facts: Facts, comm, smap, axis_idx, named: bool) -> tuple[DeviceIdAxis, ...]:
    """For the SHL105 fix (a `{axis: id}` device id, the other coordinates the device's own):
    the mesh axis a one-entry id addresses. That is the one axis the kernel takes `axis_index`
    of, else the only mesh axis with more than one device. `named`: the kernel names a mesh
    axis (Pallas gives it the shard_map's mesh)."""
    if smap is None or _id_count(comm) != 1 or not smap.mesh_axes:
        return ()
    used = {a for k in axis_idx for a in (k.axes or ()) if a in smap.mesh_axes}
    if len(used) == 1:
        axis = used.pop()
        k = next(k for k in axis_idx if axis in (k.axes or ()))
        index = site_ref(facts, k.site)
    else:
        sizes = smap.mesh_sizes or ()
        wide = [a for a, n in zip(smap.mesh_axes, sizes) if n != 1]
        if len(sizes) != len(smap.mesh_axes) or len(wide) != 1:
            return ()
        axis, index = wide[0], None
    return (DeviceIdAxis(site_ref(facts, comm.site), axis, index, comm.kind == "signal", facts.jax_version,
                         tuple(smap.mesh_axes), named),)


def check(facts: Facts):
    out = []
    for ev in facts.of(PallasEvent):
        if "trace_only" in ev.ctx.modes:
            continue  # traced to find its outputs, never lowered: Mosaic's checks do not run
        kev = facts.kernel_events.get(ev.kernel_layer, [])
        comm = [k for k in kev if isinstance(k, CommEvent)]
        starts = {id(k.comm): k for k in kev if isinstance(k, StartEvent)}
        axis_idx = [k for k in kev if isinstance(k, CollectiveEvent) and k.api.endswith("axis_index")]
        barrier = any(k.kind == "barrier" for k in comm)
        cid = _collective_id(ev.params)
        ctx = ev.ctx
        smap = ctx.innermost("shard_map")
        pmap = ctx.innermost("pmap")
        tpu = _is_tpu(facts, ev, kev)
        v = facts.jax_version
        scoped = scope_facts(facts, ev, sorted(smap.axes) if smap and smap.axes else [], pallas=True)
        d = _differentiated(facts, ev, comm)
        if d is not None:
            out.append(d)
            continue  # JAX fails while it differentiates, before it lowers the kernel
        reported_arity = False
        auto_partitioned = False
        reported = len(out)

        # SHL104 / SHL107: collective_id and the barrier semaphore go together (unless the kernel
        # says it uses the id without one).
        if cid is not None and not (isinstance(cid, Const) and cid.value is None) and not barrier and tpu \
                and not _allows_bare_collective_id(ev.params):
            out.append(diag(
                facts, "SHL104", ev.site,
                "`CompilerParams(collective_id=...)` on a kernel that never calls "
                f"`pltpu.get_barrier_semaphore()`: JAX raises {quoted(COLLECTIVE_ID_UNUSED)}. Drop `collective_id`.",
                path=ev.path, ctx=ctx, fix_facts=(*scoped, UnusedCollectiveId(site_ref(facts, ev.site)))))
        if barrier and (cid is None or (isinstance(cid, Const) and cid.value is None)) and tpu:
            out.append(diag(
                facts, "SHL107", ev.site,
                "The kernel calls `pltpu.get_barrier_semaphore()` but the pallas_call sets no "
                f"`collective_id`: JAX raises {quoted(COLLECTIVE_ID_MISSING)}. Pass "
                "`compiler_params=pltpu.CompilerParams(collective_id=0)`.",
                path=ev.path, ctx=ctx,
                fix_facts=(*scoped, MissingCollectiveId(site_ref(facts, ev.created))), ev=ev))

        # SHL105: MESH device ids must have one entry per mesh axis (a 0-D mesh outside shard_map,
        # and inside one for a kernel Pallas finds no communication in: it is given the
        # shard_map's mesh only where it names a mesh axis, by `axis_index` or a dict device id,
        # or signals a remote semaphore).
        meshed = bool(axis_idx) or any(isinstance(c.device_id, DictV) for c in comm) or (
            facts.version >= SIGNAL_GIVES_MESH and any(c.kind == "signal" and c.device_id is not None for c in comm))
        mesh_axes = (smap.mesh_axes if meshed else ()) if smap is not None else (() if not axis_idx else None)
        if smap is not None and smap.axes is None:
            mesh_axes = None
        for c in comm:
            if c.kind != "barrier" and smap is not None and _is_logical(c) and isinstance(c.device_id, (Seq, DictV)):
                # (inside a shard_map: outside one, the kernel's axis_index fails first)
                n = _id_count(c)
                fits = isinstance(c.device_id, DictV) or (n is not None and smap.mesh_axes is not None
                                                          and n == len(smap.mesh_axes))
                what = "a dict" if isinstance(c.device_id, DictV) else f"a tuple of {n}" if n else "a tuple"
                out.append(diag(
                    facts, "SHL113", c.site,
                    f"This {'signal' if c.kind == 'signal' else 'remote copy'}'s device id is {what} (mesh "
                    f"coordinates) with `device_id_type=DeviceIdType.LOGICAL`, which takes one flat device index: "
                    f"JAX raises {quoted(as_of(LOGICAL_DEVICE_ID, facts.version))} as it lowers the kernel. Use "
                    f"`DeviceIdType.MESH` for coordinates, or give the flat index.",
                    path=c.path, ctx=ctx,
                    fix_facts=(LogicalDeviceId(site_ref(facts, c.site)),) if fits and c.site.path in facts.files
                    else (), ev=c))
                continue
            if c.kind == "barrier" or not _is_mesh_id(c):
                continue
            if isinstance(c.device_id, DictV) and mesh_axes:
                # (a key may name several axes, as a tuple of them)
                named = [k if isinstance(k, tuple) else (k,) for k in c.device_id.items]
                unknown = sorted((k for k, axes in zip(c.device_id.items, named)
                                  if not all(a in mesh_axes for a in axes)), key=str)
                if unknown:
                    start = starts.get(id(c))
                    free = [a for a in mesh_axes if not any(a in axes for axes in named)]
                    # (one name unknown, one mesh axis unnamed: that one; else the one it spells)
                    # (a key that is no string, a tuple or an Enum's member, is not respelled)
                    to = None if len(unknown) != 1 or type(unknown[0]) is not str else free[0] if len(free) == 1 \
                        else meant_axis(unknown[0], free, facts.logical_rules)
                    key = (DeviceIdKey(site_ref(facts, c.site), unknown[0], to),) if to is not None else ()
                    out.append(diag(
                        facts, "SHL109", start.site if start is not None else c.site,
                        f"The `device_id` dict names {', '.join(map(repr, unknown))}, which "
                        f"{'is not an axis' if len(unknown) == 1 else 'are not axes'} of the kernel's mesh "
                        f"({', '.join(map(repr, mesh_axes))}): JAX raises "
                        f"{quoted(UNRECOGNIZED_DEVICE_AXES.format(axes=_dict_text(unknown)))} Key the dict by "
                        f"mesh axis names.",
                        path=c.path, ctx=ctx, fix_facts=(*scoped, *key), ev=c))
                    reported_arity = True
                    continue
                # Pallas fills in the axes the dict leaves out with `axis_index` of them: an axis
                # the shard_map leaves automatic is unbound there.
                manual = ctx.manual_axes
                auto = [a for a in mesh_axes if a not in c.device_id.items
                        and smap is not None and manual is not None and a not in manual]
                if auto:
                    start = starts.get(id(c))
                    out.append(diag(
                        facts, "SHL005", start.site if start is not None else c.site,
                        f"The `device_id` dict leaves out axis {auto[0]!r}, which Pallas fills in with "
                        f"`axis_index({auto[0]!r})`; the shard_map around the kernel leaves {auto[0]!r} automatic "
                        f"(`axis_names=` omits it), so JAX raises "
                        f"{quoted_sentence(unbound_axis('axis_index', auto[0], facts.version))} Make every mesh axis "
                        f"manual, or name {auto[0]!r} in the device id.",
                        path=c.path, ctx=ctx, fix_facts=scoped, ev=c))
                continue
            n = _id_count(c)
            if n is None or mesh_axes is None or n == len(mesh_axes):
                continue
            if smap is None and pmap is not None and facts.version < PMAP_IS_SHARD_MAP:
                continue  # SHL003 reports the replica-path failure
            start = starts.get(id(c))
            at = start.site if start is not None else c.site
            why = "no shard_map: a 0-D mesh" if smap is None else ", ".join(map(repr, mesh_axes)) if meshed else \
                ("the kernel names no mesh axis, by `axis_index` or a dict device id, so Pallas gives it none "
                 "of the shard_map's: a 0-D mesh")
            todo = " and call the kernel inside jax.shard_map" if smap is None else "" if meshed else \
                (": key it by mesh axis (`device_id={axis: index}`), compute it from `jax.lax.axis_index` in the "
                 "kernel, or give a flat device index (`device_id_type=DeviceIdType.LOGICAL`)")
            out.append(diag(
                facts, "SHL105", at,
                f"MESH device id with {n} entr{'y' if n == 1 else 'ies'} in a kernel whose mesh has "
                f"{len(mesh_axes)} ax{'is' if len(mesh_axes) == 1 else 'es'} ({why}): JAX raises "
                f"{quoted(DEVICE_ID_ARITY.format(n=n, dims=len(mesh_axes)))} Give one id per mesh axis{todo}.",
                path=c.path, ctx=ctx, fix_facts=(*scoped, *_id_axis(facts, c, smap, axis_idx, meshed))))
            reported_arity = True

        # SHL004: Mosaic kernels cannot be automatically partitioned.
        if tpu and not reported_arity:
            manual = ctx.manual_axes
            partial = (smap is not None and manual is not None and smap.mesh_axes is not None
                       and set(manual) < set(smap.mesh_axes))
            auto_jit = smap is None and pmap is None and any(
                f.kind == "jit" and f.auto_partitioned for f in ctx.layers)
            if partial or auto_jit:
                why = (f"inside a shard_map whose manual axes ({', '.join(map(repr, sorted(manual)))}) are a "
                       f"strict subset of its mesh axes ({', '.join(map(repr, smap.mesh_axes))})" if partial else
                       "under `jit` with shardings over more than one device")
                out.append(diag(
                    facts, "SHL004", ev.site,
                    f"TPU `pallas_call` {why}: JAX raises {quoted(MOSAIC_AUTO_PARTITIONED)} Call it inside a "
                    f"`jax.shard_map` that makes every mesh axis manual.",
                    path=ev.path, ctx=ctx, fix_facts=scoped))
                if partial:
                    continue
                auto_partitioned = True

        if smap is not None:
            if checks_vma(facts, smap) and _untyped_out_shape(ev):
                kw = check_keyword(smap)
                out.append(diag(
                    facts, "SHL108", ev.site,
                    f"`pallas_call` inside a shard_map with `{kw}=True` (the default): its `out_shape` says "
                    f"nothing of the varying mesh axes, and JAX raises {quoted(VMA_OUT_SHAPE)} Pass "
                    f"`{kw}=False` to the shard_map (as Pallas code does).",
                    path=ev.path, ctx=ctx, fix_facts=(*scoped, VmaCheck(site_ref(facts, smap.site), kw))))
        # SHL112 fails in lowering: only where nothing above fails first; before the kernel's body
        # is lowered, so before its communication outside shard_map is found (measured on 0.6.2,
        # 0.8.2 and 0.10.2)
        if tpu and len(out) == reported:
            d = _batched_whole_blocks(facts, ev, scoped if comm and smap is None else ())
            if d is not None:
                out.append(d)
                continue
        if not comm:
            continue
        what = _comm_words(comm)
        if smap is not None:
            continue
        if pmap is not None:
            if facts.version >= PMAP_IS_SHARD_MAP:
                if not reported_arity:
                    out.append(diag(
                        facts, "SHL201", ev.site,
                        f"Communicating kernel ({what}) under `jax.pmap`: on JAX {v} pmap is jit + shard_map "
                        f"and this lowers; JAX before {version_text(PMAP_IS_SHARD_MAP)} raises "
                        f"{quoted(REPLICA_MOSAIC)} `jax.shard_map` works on every version.",
                        path=ev.path, ctx=ctx, fix_facts=scoped))
                continue
            if axis_idx or any(_is_mesh_id(c) for c in comm if c.kind != "barrier"):
                jax_says = quoted(COMM_WITHOUT_SHARD_MAP)
            else:
                jax_says = quoted(REPLICA_MOSAIC)
            out.append(diag(
                facts, "SHL003", ev.site,
                f"Communicating kernel ({what}) under `jax.pmap` on JAX {v}: pmap lowers through its replica "
                f"path there and JAX raises {jax_says} Call the kernel inside `jax.shard_map` "
                f"(with `check_vma=False`) instead of pmap.",
                path=ev.path, ctx=ctx, fix_facts=scoped))
            continue
        vmapped = next((f for f in ctx.layers if f.kind == "vmap" and (f.axes is None or f.axes)), None)
        # A remote semaphore signal carries a communication effect: lowering it needs the mesh
        # of a shard_map (a remote copy with a flat device id does not); so does any
        # communication under a vmap that names an axis.
        remote_signal = any(c.kind == "signal" and not isinstance(c.device_id, DictV) for c in comm)
        fails = bool(axis_idx) or reported_arity or auto_partitioned or remote_signal or vmapped is not None
        if fails:
            jax_says = (f"JAX raises {quoted(COMM_WITHOUT_SHARD_MAP)}"
                        if vmapped is not None or (remote_signal and not axis_idx)
                        else f"JAX raises {quoted(error_head(UNBOUND_AXIS))} at the kernel's `axis_index`"
                        if axis_idx else "JAX rejects its MESH device ids (a 0-D mesh)" if reported_arity
                        else "JAX refuses to partition it automatically (see SHL004)")
            sev = Severity.ERROR
        else:
            jax_says = (f"on JAX {v} it lowers, but with no shard_map there are no peer devices to talk to: "
                        f"the remote copies go nowhere useful (under pmap before JAX "
                        f"{version_text(PMAP_IS_SHARD_MAP)}: {quoted(REPLICA_MOSAIC)})")
            sev = Severity.WARNING
        out.append(diag(
            facts, "SHL003", ev.site,
            f"Communicating kernel ({what}) is reached {ctx_words(ctx)}, outside any shard_map: {jax_says}. "
            f"Call the kernel inside `jax.shard_map` (with `check_vma=False`).",
            severity=sev, path=ev.path, ctx=ctx, fix_facts=scoped))
    return out


def _dict_text(axes: list) -> str:
    return "{" + ", ".join(f"{a!r}: ..." for a in axes) + "}"


# Forward-mode differentiation: a kernel that does not communicate has a JVP (Pallas
# differentiates its body); only its transpose is missing.
_FORWARD = frozenset({"jax.jvp", "jax.jacfwd"})


def _differentiated(facts: Facts, ev, comm):
    """SHL110: a pallas_call whose operands depend on what a grad differentiates, with no
    custom_vjp around it (under jvp, only a communicating one)."""
    reverse = [g for g in ev.differentiated if g not in _FORWARD]
    if not reverse and not (ev.differentiated and comm):
        return None
    by = short((reverse or ev.differentiated)[-1])
    if comm:
        why = (f"a communicating kernel ({_comm_words(comm)}) cannot be differentiated: JAX {facts.jax_version} "
               f"fails with a bare `AssertionError`")
        raises = "AssertionError"
    else:
        why = f"a Pallas kernel has no transpose (reverse-mode) rule: JAX raises {quoted(KERNEL_LINEARIZE)}"
        raises = "ValueError"
    return diag(
        facts, "SHL110", ev.site,
        f"This `pallas_call` is differentiated: its operands depend on what `{by}` differentiates "
        f"({ctx_words(ev.ctx)}), and {why}. Give the kernel a `jax.custom_vjp` (its backward pass as another "
        f"kernel or in `jnp`), or keep the differentiated values out of it.",
        path=ev.path, ctx=ev.ctx, raises=raises)


def _batched_whole_blocks(facts: Facts, ev, scoped: tuple = ()):
    """SHL112: a vmap batches a pallas_call one of whose batched operands, or outputs, has a
    BlockSpec in memory space ANY (or HBM): Mosaic takes such blocks only whole. `scoped`: the
    scope facts of a communicating kernel outside shard_map, where a vmap whose axis it names
    stands in for devices: made a shard_map over that axis, it batches nothing."""
    space = ev.memory_space
    if ev.batched_by is None or space is None or (space == HBM_SPACE and facts.version < WHOLE_HBM_SINCE):
        return None
    name = "pl.ANY" if space in ANY_SPACES else "pltpu.HBM"
    devices = (" Where the vmap stands in for devices (the kernel communicates over its axis), make it a "
               "`jax.shard_map` over a mesh with that axis." if any(isinstance(f, Pmap) for f in scoped) else "")
    return diag(
        facts, "SHL112", ev.site,
        f"This `pallas_call` is batched by `{short(ev.batched_by)}` ({ctx_words(ev.ctx)}), and a BlockSpec of a "
        f"batched operand or of its output is in memory space `{name}`, which Mosaic takes only whole: batching "
        f"gives the block a batch dimension of one item, and JAX raises {quoted(WHOLE_BLOCKS_ONLY)} "
        f"Call the kernel on the whole batch (a leading dimension it handles itself), or loop over the items "
        f"(`jax.lax.map`, `fori_loop`) instead of vmapping it.{devices}",
        path=ev.path, ctx=ev.ctx, fix_facts=scoped)


def _comm_words(comm) -> str:
    names = []
    for c in comm:
        n = c.api.rsplit(".", 1)[-1]
        if n not in names:
            names.append(n)
    return ", ".join(f"`{n}`" for n in names)
