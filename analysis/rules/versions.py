"""SHL008: APIs the target JAX version lacks, and shard_map keywords of the other spelling."""

from __future__ import annotations

from .. import apis
from .facts import Facts, diag

_SMAP_KW = {
    # spelling -> {keyword: the spelling that has it}
    "jax.shard_map": {"check_rep": "jax.experimental.shard_map.shard_map(check_rep=...)",
                      "auto": "jax.experimental.shard_map.shard_map(auto=...)"},
    "jax.experimental.shard_map.shard_map": {"check_vma": "jax.shard_map(check_vma=...)",
                                             "axis_names": "jax.shard_map(axis_names=...)"},
}


def _fmt(v: tuple) -> str:
    return ".".join(map(str, v))


def check(facts: Facts):
    out = []
    ver = facts.version
    for ev in facts.of("api"):
        if ev.extra.get("guarded"):
            continue
        api = apis.API.get(ev.api)
        if api is None:
            continue
        missing = None
        if api.since and ver < api.since:
            missing = f"added in JAX {_fmt(api.since)}"
        elif api.until and ver >= api.until:
            missing = f"removed in JAX {_fmt(api.until)}"
        if missing:
            out.append(diag(
                facts, "SHL008", ev.site,
                f"`{ev.api}` does not exist in the target JAX {facts.jax_version} ({missing}): JAX raises "
                f"`AttributeError`. {_ALTERNATIVE.get(ev.api, 'Use the spelling your JAX version has.')}",
                path=ev.path))
    for ev in facts.of("smap_kw"):
        bad = _SMAP_KW.get(ev.api, {})
        kws = [k for k in ev.extra.get("kwargs", []) if k in bad]
        if ev.api == "jax.experimental.shard_map.shard_map" and ver >= (0, 8) and "auto" in ev.extra.get("kwargs", []):
            kws.append("auto")
        for k in kws:
            alt = bad.get(k, "`jax.shard_map(axis_names=...)`")
            out.append(diag(
                facts, "SHL008", ev.site,
                f"`{ev.api}` has no keyword `{k}` in JAX {facts.jax_version}: JAX raises `TypeError: "
                f"shard_map() got an unexpected keyword argument '{k}'`. Use {alt}.",
                path=ev.path))
    return out


_ALTERNATIVE = {
    "jax.lax.psend": "Upgrade to JAX ≥ 0.7, or use `jax.lax.ppermute`.",
    "jax.lax.precv": "Upgrade to JAX ≥ 0.7, or use `jax.lax.ppermute`.",
    "jax.shard_map": "Use `jax.experimental.shard_map.shard_map`.",
    "jax.experimental.pallas.tpu.TPUMemorySpace": "Use `pl.ANY` (or `pltpu.MemorySpace`).",
    "jax.experimental.pallas.tpu.ANY": "Use `pl.ANY`.",
    "jax.experimental.pallas.tpu.TPUCompilerParams": "Use `pltpu.CompilerParams`.",
    "jax.set_mesh": "Use `jax.sharding.use_mesh` (or pass `mesh=` explicitly).",
    "jax.sharding.use_mesh": "Use `jax.set_mesh`.",
}
