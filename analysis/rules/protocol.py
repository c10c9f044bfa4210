"""Send/recv protocol rules: unmatched psend/precv (SHL101), cyclic perms (SHL102), duplicate
perm indices (SHL103) and perm indices beyond the axis size (SHL106); collectives whose split
dimension does not fit the axis size (SHL111)."""

from __future__ import annotations

from ..apis import short
from ..fixfacts import PermDuplicates, PermOutOfRange
from ..interp.events import CollectiveEvent, SplitSizeEvent
from ..jaxfacts import PERM_INDEX, PERM_INDEX_PMAP, PERM_NOT_UNIQUE, PMAP_IS_SHARD_MAP, SPLIT_SIZE, quoted
from .facts import Facts, binding, diag, site_ref


def check(facts: Facts):
    out = _split_sizes(facts)
    groups: dict = {}
    for ev in facts.of(CollectiveEvent):
        if ev.perm is None:
            continue
        name = short(ev.api)
        srcs = [a for a, _ in ev.perm]
        dsts = [b for _, b in ev.perm]
        if len(set(srcs)) != len(srcs) or len(set(dsts)) != len(dsts):
            out.append(diag(
                facts, "SHL103", ev.site,
                f"The perm of `{name}` repeats a source or a destination index: JAX raises "
                f"{quoted(PERM_NOT_UNIQUE.format(name='ppermute' if ev.kind == 'collective' else name, perm=ev.perm))} "
                f"Give every source and every destination once.",
                path=ev.path, ctx=ev.ctx,
                fix_facts=(PermDuplicates(site_ref(facts, ev.site), 3 if ev.kind == "recv" else 2, _written(facts, ev),
                                          _unique([p for p in ev.perm if p[0] != p[1]])),)))
            continue
        if ev.axes is not None and len(ev.axes) == 1:
            kind, frame = binding(ev.ctx, ev.axes[0])
            size = None
            if kind == "manual" and frame.mesh_sizes is not None and frame.mesh_axes is not None:
                size = frame.mesh_sizes[list(frame.mesh_axes).index(ev.axes[0])]
            elif kind == "pmap" and frame.size is not None and facts.version >= PMAP_IS_SHARD_MAP:
                size = frame.size  # pmap is a shard_map over its mapped dimension, whose size it has
            if size is not None:
                # JAX indexes the axis's devices with each index (a negative one counts from the
                # end) once the indices taken modulo its size are unique
                bad = sorted({i for pair in ev.perm for i in pair if i >= size or i < -size}) if size else []
                wrapped = [(a % size, b % size) for a, b in ev.perm] if size else []
                if not bad and wrapped and not _unique(wrapped):
                    shown = "ppermute" if ev.kind == "collective" else name
                    out.append(diag(
                        facts, "SHL103", ev.site,
                        f"The perm of `{name}` repeats a device once its negative indices count from the end "
                        f"of axis {ev.axes[0]!r} (of size {size}): JAX raises "
                        f"{quoted(PERM_NOT_UNIQUE.format(name=shown, perm=ev.perm))} "
                        f"Give every source and every destination once.",
                        path=ev.path, ctx=ev.ctx))
                    continue
                if size is not None and bad:
                    out.append(diag(
                        facts, "SHL106", ev.site,
                        f"The perm of `{name}` uses index {bad[0]}, but axis {ev.axes[0]!r} has size {size}: "
                        f"{_out_of_range_error(name, ev, size, kind == 'pmap')} Keep every perm index below {size}.",
                        path=ev.path, ctx=ev.ctx,
                        fix_facts=(PermOutOfRange(site_ref(facts, ev.site), 3 if ev.kind == "recv" else 2, size,
                                                  sources=any(a >= size for a, _ in ev.perm),
                                                  destinations=any(b >= size for _, b in ev.perm),
                                                  negative=any(i < -size for pair in ev.perm for i in pair),
                                                  written=_written(facts, ev),
                                                  ring=ev.kind == "collective" and _ring(ev.perm, size)),)))
                    continue
            if ev.kind in ("send", "recv") and kind == "manual":
                groups.setdefault((frame, ev.axes, ev.perm), []).append(ev)
        if ev.kind in ("send", "recv") and _has_cycle(ev.perm):
            out.append(diag(
                facts, "SHL102", ev.site,
                f"The perm {list(ev.perm)} of `{name}` forms a cycle: every device sends and receives in the "
                f"same step, which deadlocks on GPU (NCCL send/recv). Split it into two acyclic "
                f"psend/precv pairs ordered with `jax.lax.optimization_barrier`.",
                path=ev.path, ctx=ev.ctx))
    for (frame, axes, perm), evs in groups.items():
        kinds = {e.kind for e in evs}
        if kinds == {"send", "recv"}:
            continue
        for e in evs:
            other = "precv" if e.kind == "send" else "psend"
            out.append(diag(
                facts, "SHL101", e.site,
                f"`{short(e.api)}` over axis {axes[0]!r} with perm {list(perm)} has no matching `{other}` "
                f"(same axis and perm) in the same shard_map: the peer waits forever at run time (deadlock). "
                f"Pair every psend with a precv of the same axis and perm.",
                path=e.path, ctx=e.ctx))
    return out


def _written(facts: Facts, ev):
    return site_ref(facts, ev.perm_site) if ev.perm_site is not None else None


def _unique(perm) -> bool:
    """Whether the pairs repeat no source and no destination (and there are some)."""
    return bool(perm) and len({a for a, _ in perm}) == len({b for _, b in perm}) == len(perm)


def _ring(perm, size: int) -> bool:
    """Every index of the axis is a source once, and the pairs taken modulo the axis size are a
    permutation of it. (Only a ppermute's perm is closed so: a psend/precv ring deadlocks.)"""
    pairs = [(a % size, b % size) for a, b in perm]
    return sorted(a for a, _ in perm) == list(range(size)) and _unique(pairs)


def _has_cycle(perm) -> bool:
    nxt = dict(perm)
    for start in nxt:
        seen = set()
        cur = start
        while cur in nxt and cur not in seen:
            seen.add(cur)
            cur = nxt[cur]
        if cur == start:
            return True
    return False


def _out_of_range_error(name: str, ev, size: int, pmap: bool = False) -> str:
    """What JAX raises for a perm with an index past the axis: it checks the pairs for repeats
    with each index taken modulo the axis size (a ValueError at the call), and fails at lowering
    when they do not repeat (measured on JAX 0.10.2; under pmap numpy's IndexError)."""
    sources = [a % size for a, _ in ev.perm]
    destinations = [b % size for _, b in ev.perm]
    if len(set(sources)) < len(sources) or len(set(destinations)) < len(destinations):
        shown = "ppermute" if ev.kind == "collective" else name
        return f"JAX raises {quoted(PERM_NOT_UNIQUE.format(name=shown, perm=ev.perm))}"
    past = [i for pair in ev.perm for i in pair if i >= size]
    if pmap and past:
        return f"JAX fails at lowering with {quoted(PERM_INDEX_PMAP.format(index=past[0], size=size))}."
    return f"JAX fails at lowering with {quoted(PERM_INDEX)}."


def _split_sizes(facts: Facts) -> list:
    """SHL111: a psum_scatter or all_to_all whose split dimension does not fit its axes' devices."""
    out = []
    for ev in facts.of(SplitSizeEvent):
        name = short(ev.api)
        axes = ev.axes[0] if len(ev.axes) == 1 else ev.axes
        need = f"a multiple of {ev.axis_size}" if ev.tiled else f"{ev.axis_size}"
        out.append(diag(
            facts, "SHL111", ev.site,
            f"`{name}` splits dimension {ev.dim} of its operand (of size {ev.size}) over the {ev.axis_size} devices "
            f"of axis {axes!r}{' (tiled)' if ev.tiled else ''}, which needs {need}: JAX raises "
            f"{quoted(SPLIT_SIZE[name, ev.tiled].format(size=ev.size, axis_size=ev.axis_size, axis=axes))} "
            f"Make the dimension {need}, or split another one.",
            path=ev.path, ctx=ev.ctx))
    return out
