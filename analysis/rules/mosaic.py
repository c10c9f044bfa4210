"""Pallas TPU (Mosaic) rules: communicating kernels outside shard_map (SHL003), kernels under
automatic partitioning (SHL004), collective_id without a barrier (SHL104) and the reverse
(SHL107), MESH device-id arity (SHL105), and communicating kernels under shard_map's
replication check (SHL108)."""

from __future__ import annotations

import ast

from ..diagnostics import Severity
from ..interp.events import CollectiveEvent, CommEvent, KernelApiEvent, PallasEvent, StartEvent
from ..interp.values import ArrayV, CompilerParamsV, Const, DictV, Ext, Seq, Unknown
from .facts import Facts, backend_of, ctx_words, diag, fix_data, site_json


def _is_mesh_id(ev) -> bool:
    t = ev.device_id_type
    if t is Unknown or t is None or (isinstance(t, Const) and t.value is None):
        return True  # pltpu's default device_id_type is MESH
    return isinstance(t, Ext) and t.name.endswith(".MESH")


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


def _mentions_vma(facts: Facts, ev) -> bool:
    sf = facts.files.get(ev.site.path)
    node = ev.node
    if sf is None or not isinstance(node, ast.AST):
        return False
    text = ast.get_source_segment(sf.text, node) or ""
    created = ev.created
    if created is not None and created.path == ev.site.path:
        text += "\n".join(sf.lines[created.line - 1: created.end_line])
    return "vma" in text or "manual_axis_type" in text


def _with_id_axis(facts: Facts, data: dict, comm, smap, axis_idx) -> dict:
    """For the SHL105 fix (a `{axis: id}` device id, the other coordinates the device's own):
    the mesh axis a one-entry id addresses. That is the one axis the kernel takes `axis_index`
    of, else the only mesh axis with more than one device."""
    if smap is None or _id_count(comm) != 1 or not smap.mesh_axes:
        return data
    used = {a for k in axis_idx for a in (k.axes or ()) if a in smap.mesh_axes}
    if len(used) == 1:
        axis = used.pop()
        k = next(k for k in axis_idx if axis in (k.axes or ()))
        index = site_json(facts, k.site)
    else:
        sizes = smap.mesh_sizes or ()
        wide = [a for a, n in zip(smap.mesh_axes, sizes) if n != 1]
        if len(sizes) != len(smap.mesh_axes) or len(wide) != 1:
            return data
        axis, index = wide[0], None
    return {**data, "device_id": site_json(facts, comm.site, axis=axis, axis_index=index,
                                           signal=comm.kind == "signal")}


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
        data = fix_data(facts, ev, sorted(smap.axes) if smap and smap.axes else [], pallas=True)
        reported_arity = False
        auto_partitioned = False

        # SHL104 / SHL107: collective_id and the barrier semaphore go together.
        if cid is not None and not (isinstance(cid, Const) and cid.value is None) and not barrier and tpu:
            out.append(diag(
                facts, "SHL104", ev.site,
                "`CompilerParams(collective_id=...)` on a kernel that never calls "
                "`pltpu.get_barrier_semaphore()`: JAX raises `ValueError: collective_id has to be "
                "unspecified or None when not using a custom barrier`. Drop `collective_id`.",
                path=ev.path, ctx=ctx, data=data))
        if barrier and (cid is None or (isinstance(cid, Const) and cid.value is None)) and tpu:
            out.append(diag(
                facts, "SHL107", ev.site,
                "The kernel calls `pltpu.get_barrier_semaphore()` but the pallas_call sets no "
                "`collective_id`: JAX raises `ValueError: collective_id has to be specified when using a "
                "custom barrier`. Pass `compiler_params=pltpu.CompilerParams(collective_id=0)`.",
                path=ev.path, ctx=ctx,
                data={**data, "pallas_call": site_json(facts, ev.created)}, ev=ev))

        # SHL105: MESH device ids must have one entry per mesh axis (a 0-D mesh outside shard_map).
        mesh_axes = smap.mesh_axes if smap is not None else (() if not axis_idx else None)
        if smap is not None and smap.axes is None:
            mesh_axes = None
        for c in comm:
            if c.kind == "barrier" or not _is_mesh_id(c):
                continue
            if isinstance(c.device_id, DictV) and mesh_axes:
                unknown = sorted(str(k) for k in c.device_id.items if k not in mesh_axes)
                if unknown:
                    start = starts.get(id(c))
                    out.append(diag(
                        facts, "SHL109", start.site if start is not None else c.site,
                        f"The `device_id` dict names {', '.join(map(repr, unknown))}, which "
                        f"{'is not an axis' if len(unknown) == 1 else 'are not axes'} of the kernel's mesh "
                        f"({', '.join(map(repr, mesh_axes))}): JAX raises `ValueError: Unrecognized axes in "
                        f"device_id: {{{', '.join(repr(k) + ': ...' for k in unknown)}}}`. Key the dict by mesh "
                        f"axis names.",
                        path=c.path, ctx=ctx, data=data, ev=c))
                    reported_arity = True
                continue
            n = _id_count(c)
            if n is None or mesh_axes is None or n == len(mesh_axes):
                continue
            if smap is None and pmap is not None and facts.version < (0, 8):
                continue  # SHL003 reports the replica-path failure
            start = starts.get(id(c))
            at = start.site if start is not None else c.site
            dims = f"{len(mesh_axes)}D"
            out.append(diag(
                facts, "SHL105", at,
                f"MESH device id with {n} entr{'y' if n == 1 else 'ies'} in a kernel whose mesh has "
                f"{len(mesh_axes)} ax{'is' if len(mesh_axes) == 1 else 'es'} "
                f"({'no shard_map: a 0-D mesh' if smap is None else ', '.join(map(repr, mesh_axes))}): JAX raises "
                f"`ValueError: Number of device ids must match the number of mesh axes, but got {n} ids for a "
                f"{dims} mesh.` Give one id per mesh axis"
                f"{' and call the kernel inside jax.shard_map' if smap is None else ''}.",
                path=c.path, ctx=ctx, data=_with_id_axis(facts, data, c, smap, axis_idx)))
            reported_arity = True

        # SHL004: Mosaic kernels cannot be automatically partitioned.
        if tpu and not reported_arity:
            partial = (smap is not None and smap.axes is not None and smap.mesh_axes is not None
                       and set(smap.axes) < set(smap.mesh_axes))
            auto_jit = smap is None and pmap is None and any(
                f.kind == "jit" and f.auto_partitioned for f in ctx.layers)
            if partial or auto_jit:
                why = (f"inside a shard_map whose manual axes ({', '.join(map(repr, sorted(smap.axes)))}) are a "
                       f"strict subset of its mesh axes ({', '.join(map(repr, smap.mesh_axes))})" if partial else
                       "under `jit` with shardings over more than one device")
                out.append(diag(
                    facts, "SHL004", ev.site,
                    f"TPU `pallas_call` {why}: JAX raises `NotImplementedError: Mosaic kernels cannot be "
                    f"automatically partitioned. Please wrap the call in a shard_map.` Call it inside a "
                    f"`jax.shard_map` that makes every mesh axis manual.",
                    path=ev.path, ctx=ctx, data=data))
                if partial:
                    continue
                auto_partitioned = True

        if smap is not None:
            check_val = facts.smap_checks.get(smap, Const(True))
            if (isinstance(check_val, Const) and check_val.value is True) and not _mentions_vma(facts, ev):
                kw = "check_rep" if "experimental" in smap.api else "check_vma"
                vma_data = {**data, "vma_call": site_json(facts, smap.site, keyword=kw)}
                out.append(diag(
                    facts, "SHL108", ev.site,
                    f"`pallas_call` inside a shard_map with `{kw}=True` (the default): its `out_shape` says "
                    f"nothing of the varying mesh axes, and JAX raises `ValueError: When check_vma=True on "
                    f"jax.shard_map, manual_axis_type on jax.ShapeDtypeStruct must not be None.` Pass "
                    f"`{kw}=False` to the shard_map (as Pallas code does).",
                    path=ev.path, ctx=ctx, data=vma_data))
        if not comm:
            continue
        what = _comm_words(comm)
        if smap is not None:
            continue
        if pmap is not None:
            if facts.version >= (0, 8):
                if not reported_arity:
                    out.append(diag(
                        facts, "SHL201", ev.site,
                        f"Communicating kernel ({what}) under `jax.pmap`: on JAX {v} pmap is jit + shard_map "
                        f"and this lowers; JAX before 0.8 raises `NotImplementedError: Replica lowering for "
                        f"Mosaic kernels not implemented.` `jax.shard_map` works on every version.",
                        path=ev.path, ctx=ctx, data=data))
                continue
            if axis_idx or any(_is_mesh_id(c) for c in comm if c.kind != "barrier"):
                jax_says = "`ValueError: Cannot use communication in pallas_call without shard_map.`"
            else:
                jax_says = "`NotImplementedError: Replica lowering for Mosaic kernels not implemented.`"
            out.append(diag(
                facts, "SHL003", ev.site,
                f"Communicating kernel ({what}) under `jax.pmap` on JAX {v}: pmap lowers through its replica "
                f"path there and JAX raises {jax_says} Call the kernel inside `jax.shard_map` "
                f"(with `check_vma=False`) instead of pmap.",
                path=ev.path, ctx=ctx, data=data))
            continue
        vmapped = next((f for f in ctx.layers if f.kind == "vmap"), None)
        # A remote semaphore signal carries a communication effect: lowering it needs the mesh
        # of a shard_map (a remote copy with a flat device id does not); so does any
        # communication under a vmap that names an axis.
        remote_signal = any(c.kind == "signal" and not isinstance(c.device_id, DictV) for c in comm)
        fails = bool(axis_idx) or reported_arity or auto_partitioned or remote_signal or vmapped is not None
        if fails:
            jax_says = ("JAX raises `ValueError: Cannot use communication in pallas_call without shard_map.`"
                        if vmapped is not None or (remote_signal and not axis_idx)
                        else "JAX raises `NameError: Found an unbound axis name` at the kernel's `axis_index`"
                        if axis_idx else "JAX rejects its MESH device ids (a 0-D mesh)" if reported_arity
                        else "JAX refuses to partition it automatically (see SHL004)")
            sev = Severity.ERROR
        else:
            jax_says = (f"on JAX {v} it lowers, but with no shard_map there are no peer devices to talk to: "
                        f"the remote copies go nowhere useful (under pmap before JAX 0.8: `Replica lowering "
                        f"for Mosaic kernels not implemented.`)")
            sev = Severity.WARNING
        out.append(diag(
            facts, "SHL003", ev.site,
            f"Communicating kernel ({what}) is reached {ctx_words(ctx)}, outside any shard_map: {jax_says}. "
            f"Call the kernel inside `jax.shard_map` (with `check_vma=False`).",
            severity=sev, path=ev.path, ctx=ctx, data=data))
    return out


def _comm_words(comm) -> str:
    names = []
    for c in comm:
        n = c.api.rsplit(".", 1)[-1]
        if n not in names:
            names.append(n)
    return ", ".join(f"`{n}`" for n in names)
