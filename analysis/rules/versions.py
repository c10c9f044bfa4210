"""SHL008: APIs the target JAX version lacks, shard_map keywords of the other spelling, and
keywords JAX renamed."""

from __future__ import annotations

import ast

from .. import apis
from ..fixfacts import SendRecv, Spelling
from ..interp.events import ApiRefEvent, KeywordsEvent
from ..jaxfacts import (EXPERIMENTAL_AUTO_REMOVED, MANUAL_AXIS_TYPE, NNX_SMAP_JAX_KEYWORDS, SEND_RECV_ADDED,
                        UNEXPECTED_KEYWORD, quoted, version_text)
from .facts import Facts, diag, site_ref

_SMAP_KW = {
    # spelling -> {keyword: the spelling that has it}
    "jax.shard_map": {"check_rep": "jax.experimental.shard_map.shard_map(check_rep=...)",
                      "auto": "jax.experimental.shard_map.shard_map(auto=...)"},
    "jax.experimental.shard_map.shard_map": {"check_vma": "jax.shard_map(check_vma=...)",
                                             "axis_names": "jax.shard_map(axis_names=...)"},
}
# Keywords JAX renamed: api -> {keyword: (the first version that has it no more, what to write
# instead)}. (The new name before JAX 0.10, `manual_axis_type=`, is given a
# `jax.sharding.ManualAxisType`, an API that JAX lacks there: SHL008 by the API table.)
_RENAMED_KW = {
    "jax.ShapeDtypeStruct": {
        "vma": (MANUAL_AXIS_TYPE, "`manual_axis_type=jax.sharding.ManualAxisType(varying=...)`"),
    },
}


# What a test that detects a feature reads: an attribute's presence, a version, a signature's
# parameters (`"check_vma" in inspect.signature(nnx.shard_map).parameters`)
_FEATURE_TESTS = ("hasattr", "version", "signature", "parameters", "getfullargspec", "co_varnames")


def guarded(module, line: int, decided: dict) -> bool:
    """Whether `line` sits where an API's (or a keyword's) absence is handled: in a `try` with
    handlers (or its handlers), or under an `if` that detects a feature (_FEATURE_TESTS) which
    the analysis could not decide (`decided`: (file, line) of an `if` -> whether its test was
    decided on every run; where it was, the branch taken is the one the target version takes,
    guard or not)."""
    found = getattr(module, "_guards", None)
    if found is None:
        tries, ifs = set(), []
        blocks = [module.tree.body] if module.tree is not None else []
        while blocks:
            block = blocks.pop()
            for st in block:
                if isinstance(st, ast.Try) and st.handlers:
                    tries.update(range(st.lineno, _end(st) + 1))
                elif isinstance(st, ast.If):
                    test = ast.dump(st.test).lower()
                    if any(word in test for word in _FEATURE_TESTS):
                        # an `if` whose body always leaves the block has the rest of the block
                        # for its `else`
                        leaves = isinstance(st.body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))
                        ifs.append((st.lineno, _end(block[-1]) if leaves and not st.orelse else _end(st)))
                for field in ("body", "orelse", "finalbody"):
                    if getattr(st, field, None):
                        blocks.append(getattr(st, field))
                blocks.extend(h.body for h in getattr(st, "handlers", ()))
        module._guards = found = (tries, ifs)
    tries, ifs = found
    return line in tries or any(start <= line <= end and not decided.get((module.path, start), False)
                                for start, end in ifs)


def _end(st) -> int:
    return getattr(st, "end_lineno", None) or st.lineno


def check(facts: Facts):
    out = []
    ver = facts.version
    for ev in facts.of(ApiRefEvent):
        api = apis.API.get(apis.canonical(ev.api))
        if api is None:
            continue
        missing = None
        since = apis.ALIAS_SINCE.get(ev.api, api.since)
        if since and ver < since:
            missing = f"added in JAX {version_text(since)}"
        elif api.until and ver >= api.until:
            missing = f"removed in JAX {version_text(api.until)}"
        if missing and not guarded(ev.module, ev.node.lineno, facts.decided_ifs):
            out.append(diag(
                facts, "SHL008", ev.site,
                f"`{ev.api}` does not exist in the target JAX {facts.jax_version} ({missing}): JAX raises "
                f"`AttributeError`. {_ALTERNATIVE.get(ev.api, 'Use the spelling your JAX version has.')}",
                path=ev.path, ev=ev,
                fix_facts=(Spelling(site_ref(facts, ev.site), ev.api, None, facts.jax_version), *_send_recv(facts, ev))))
    for ev in facts.of(KeywordsEvent):
        if ev.module is not None and guarded(ev.module, ev.node.lineno, facts.decided_ifs):
            continue
        if ev.api in _RENAMED_KW:
            out.extend(_renamed_keywords(facts, ev))
            continue
        if ev.api == "flax.nnx.shard_map":
            out.extend(_nnx_keywords(facts, ev))
            continue
        bad = _SMAP_KW.get(ev.api, {})
        kws = [k for k in ev.keywords if k in bad]
        if ev.api == "jax.experimental.shard_map.shard_map" and ver >= EXPERIMENTAL_AUTO_REMOVED \
                and "auto" in ev.keywords:
            kws.append("auto")
        for k in kws:
            alt = bad.get(k, "`jax.shard_map(axis_names=...)`")
            out.append(diag(
                facts, "SHL008", ev.site,
                f"`{ev.api}` has no keyword `{k}` in JAX {facts.jax_version}: JAX raises "
                f"{quoted(UNEXPECTED_KEYWORD.format(callee='shard_map', keyword=k))}. Use {alt}.",
                path=ev.path, ev=ev, fix_facts=(Spelling(site_ref(facts, ev.site), ev.api, k, facts.jax_version),)))
    return out


def _renamed_keywords(facts: Facts, ev) -> list:
    """SHL008 for a keyword the target JAX version no longer takes under that name (_RENAMED_KW)."""
    out = []
    for k in ev.keywords:
        until, instead = _RENAMED_KW[ev.api].get(k, (None, ""))
        if until is None or facts.version < until:
            continue
        callee = f"{ev.api.rsplit('.', 1)[-1]}.__init__"
        out.append(diag(
            facts, "SHL008", ev.site,
            f"`{ev.api}` has no keyword `{k}` in JAX {facts.jax_version} (removed in JAX {version_text(until)}): "
            f"JAX raises "
            f"{quoted(UNEXPECTED_KEYWORD.format(callee=callee, keyword=k))}. Use {instead}.",
            path=ev.path, ev=ev, fix_facts=(Spelling(site_ref(facts, ev.site), ev.api, k, facts.jax_version),)))
    return out


def _send_recv(facts: Facts, ev) -> tuple[SendRecv, ...]:
    """psend/precv before JAX 0.7 (SEND_RECV_ADDED): the fix makes the pair one ppermute."""
    kind = {"jax.lax.psend": "send", "jax.lax.precv": "recv"}.get(ev.api)
    return (SendRecv(site_ref(facts, ev.site), kind),) if kind else ()


_ALTERNATIVE = {
    "jax.lax.psend": f"Upgrade to JAX ≥ {version_text(SEND_RECV_ADDED)}, or use `jax.lax.ppermute`.",
    "jax.lax.precv": f"Upgrade to JAX ≥ {version_text(SEND_RECV_ADDED)}, or use `jax.lax.ppermute`.",
    "jax.shard_map": "Use `jax.experimental.shard_map.shard_map`.",
    "jax.experimental.pallas.tpu.TPUMemorySpace": "Use `pl.ANY` (or `pltpu.MemorySpace`).",
    "jax.experimental.pallas.tpu.ANY": "Use `pl.ANY`.",
    "jax.experimental.pallas.tpu.TPUCompilerParams": "Use `pltpu.CompilerParams`.",
    "jax.set_mesh": "Use `jax.sharding.use_mesh` (or pass `mesh=` explicitly).",
    "jax.P": "Use `jax.sharding.PartitionSpec` (`from jax.sharding import PartitionSpec as P`).",
    "jax.sharding.ManualAxisType": "Give the ShapeDtypeStruct `vma=` (the varying axes) instead.",
    "jax.sharding.use_mesh": "Use `jax.set_mesh`.",
    "jax.lax.pvary": "Use `jax.lax.pcast(x, axis_name, to='varying')`.",
    "jax.lax.pcast": "Use `jax.lax.pvary(x, axis_name)` (JAX before 0.8.2).",
    "jax.lax.all_gather_invariant": "Use `jax.lax.all_gather(x, axis_name, ..., to='invariant')`.",
}


# Flax 0.12's nnx.shard_map takes JAX's new keywords, Flax 0.11's the experimental shard_map's
# (measured in the signatures of 0.11.2, 0.12.6 and 0.12.8)
_NNX_SMAP_KW = {True: {"check_rep": "check_vma", "auto": "axis_names"},
                False: {"check_vma": "check_rep", "axis_names": "auto"}}


def _nnx_keywords(facts: Facts, ev) -> list:
    """SHL008 for a keyword of `nnx.shard_map` that the Flax version it runs with does not take."""
    if not facts.flax_version:
        return []
    bad = _NNX_SMAP_KW[facts.flax_version >= NNX_SMAP_JAX_KEYWORDS]
    flax = ".".join(map(str, facts.flax_version))
    return [diag(
        facts, "SHL008", ev.site,
        f"`nnx.shard_map` has no keyword `{k}` in Flax {flax}: Python raises "
        f"{quoted(UNEXPECTED_KEYWORD.format(callee='shard_map', keyword=k))}. Use `nnx.shard_map({bad[k]}=...)`.",
        path=ev.path, ev=ev,
        fix_facts=(Spelling(site_ref(facts, ev.site), "flax.nnx.shard_map", k, facts.jax_version, flax),))
        for k in ev.keywords if k in bad]
