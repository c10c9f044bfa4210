"""Wraps that speak the framework: what a wrap in shard_map becomes around an Equinox
`eqx.filter_jit` function (a module-level helper that shard_maps the array leaves only) and
around an NNX `nnx.jit` step (`nnx.shard_map`, which passes NNX modules and optimizers)."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Edit
from ..fixfacts import Wrap
from .edits import insert_lines
from .importer import Importer, import_ends, spell

FILTER_JIT = "equinox.filter_jit"
FILTER_PMAP = "equinox.filter_pmap"
FILTER_VMAP = "equinox.filter_vmap"
NNX_JIT = "flax.nnx.jit"

_HELPER = "_filter_shard_map"

_HELPER_TEXT = '''\
def {name}(fn=None, *, in_specs={p}(), **shard_map_kwargs):
    """`{smap}` of `fn` over the array leaves of the arguments `in_specs` shards, and of its
    outputs. Equinox modules also hold leaves that are not arrays (activations, axis names,
    flags), which shard_map rejects; replicated arguments are closed over whole (a stateful
    layer's state keeps its type there)."""
    if fn is None:
        return {partial}({name}, in_specs=in_specs, **shard_map_kwargs)

    @{wraps}(fn)
    def sharded(*args, **kwargs):
        specs = in_specs if isinstance(in_specs, tuple) else (in_specs,) * len(args)
        split = [i for i, spec in enumerate(specs) if spec != {p}()]
        dynamic, static = {eqx}.partition([args[i] for i in split], {eqx}.is_array)
        out_static = []

        def inner(*dynamic):
            given = dict(zip(split, {eqx}.combine(list(dynamic), static)))
            out = fn(*(given.get(i, arg) for i, arg in enumerate(args)), **kwargs)
            out_dynamic, out_static_part = {eqx}.partition(out, {eqx}.is_array)
            out_static.append(out_static_part)
            return out_dynamic

        smap = {smap}(inner, in_specs=tuple(specs[i] for i in split), **shard_map_kwargs)
        return {eqx}.combine(smap(*dynamic), out_static[0])

    return sharded'''


def filter_shard_map(imp: Importer, edits: list[Edit], modern: bool) -> str | None:
    """The name of the file's `_filter_shard_map` helper, inserted (into `edits`) after its
    imports unless a previous fix put it there; None when the file does not import Equinox as a
    module at the top level."""
    eqx = spell(imp.mod, ("equinox",), imp.mod.module)
    if eqx is None:
        return None

    def text(name: str) -> str:
        return _HELPER_TEXT.format(name=name, smap=imp.shard_map(modern), partial=imp.partial(),
                                   wraps=imp.name(("functools.wraps",), "functools", "wraps", "wraps"), eqx=eqx,
                                   p=imp.pspec())

    return file_helper(imp, edits, _HELPER, text)


def file_helper(imp: Importer, edits: list[Edit], base: str, text) -> str | None:
    """The name of the file's helper function `base`, whose source `text(name)` gives, inserted
    (into `edits`) right after the imports above `imp.at`, two blank lines around it, unless a
    previous fix put the same text there (where two fixes in one file insert it, it is shared);
    None where no import is above."""
    mod = imp.mod
    top_line = mod.start_of(mod.top_level_of(imp.at))[0]
    ends = [e for e in import_ends(mod) if e < top_line]
    if not ends:
        return None
    existing = {s.name.value: s for s in mod.module.body if isinstance(s, cst.FunctionDef)}
    if base in existing and mod.text_of(existing[base].with_changes(leading_lines=())).strip() == text(base):
        return base
    name = mod.fresh(base)
    at = max(ends) + 1  # (the blank lines already below the imports count)
    blank = sum(1 for line in (at, at + 1) if line <= len(mod.lines) and not mod.line_text(line).strip()
                and (line == at or not mod.line_text(at).strip()))
    edits.append(insert_lines(mod, at, ["", "", *text(name).split("\n"), *[""] * (2 - blank)]))
    return name


def nnx_step(fact: Wrap) -> bool:
    """An `nnx.jit` step called with an NNX module or optimizer: `nnx.shard_map` passes them."""
    return fact.transform == NNX_JIT and "module" in fact.args


def nnx_specs_given(fact: Wrap, sharded: bool) -> bool:
    """`nnx.shard_map` needs its `in_specs`, which a replicated wrap over an Explicit mesh
    leaves to JAX to take from the arguments."""
    mesh = next((m for m in fact.meshes if set(fact.axes) <= set(m.axes)), None)
    return sharded or mesh is None or not mesh.explicit


def nnx_module(imp: Importer) -> str:
    """`flax.nnx`, as the file can write it (else `from flax import nnx`)."""
    return spell(imp.mod, ("flax.nnx",), imp.at) or imp.name(("flax.nnx",), "flax", "nnx", "nnx")


def nnx_shard_map(imp: Importer) -> str:
    """`nnx.shard_map`, as the file can write it."""
    return f"{nnx_module(imp)}.shard_map"


def equinox_jit(imp: Importer) -> str | None:
    """`eqx.filter_jit`, as the file writes Equinox; None when it does not import it as a module."""
    eqx = spell(imp.mod, ("equinox",), imp.mod.module)
    return None if eqx is None else f"{eqx}.filter_jit"
