"""Replace jax.pmap with jax.shard_map: `jax.pmap(f, axis_name=...)`, the `@partial(jax.pmap,
...)` decorator or a bare `jax.pmap` one become `jax.jit(jax.shard_map(_per_device(f), ...))`
over a mesh with the pmap's axis, with specs from its `in_axes`/`out_axes`; `eqx.filter_pmap`
becomes `eqx.filter_jit` of the file's `_filter_shard_map` helper (frameworks.py).

A vmap whose axis a communicating kernel names stands in for devices (a test emulating shards;
Pallas only communicates between devices): `jax.vmap(f, axis_name=...)`, `nnx.vmap` and
`eqx.filter_vmap` become `jax.shard_map`, `nnx.shard_map` (which passes NNX modules) and the
`_filter_shard_map` helper of `_per_device(f)`, over a mesh of as many devices as the vmap maps
items, inside the jit already around them.

pmap hands each device its slice of the mapped axis, without that axis; shard_map hands it a
block that keeps it (of size 1). The file's `_per_device` helper runs the function as pmap did:
the axis dropped from the inputs mapped over it and put back on the outputs, so that shapes the
function computes (a kernel's blocks, a layer's parameters) are as they were."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Edit, Fix
from ..fixfacts import NNX_VMAP, VMAP_REWRITES, Pmap
from ..jaxfacts import NNX_SMAP_JAX_KEYWORDS, SHARD_MAP_TOP_LEVEL, parse_version
from .edits import insert_lines, replace_span
from .frameworks import FILTER_PMAP, FILTER_VMAP, equinox_jit, file_helper, filter_shard_map, nnx_shard_map
from .importer import Importer
from .mesh import find_or_insert_mesh
from .registry import FixContext, fixer
from .tree import SourceModule, literal_str
from .wrap import shard_map_decorator

TITLE_PMAP = "Replace jax.pmap with jax.shard_map"
TITLE_VMAP = "Replace vmap(axis_name=) with shard_map (each mapped item on its own device)"

_HELPER = "_per_device"
_HELPER_TEXT = '''\
def {name}(fn, in_axes=0, out_axes=0):
    """`fn` as pmap runs it, on each device's slice of the mapped axis: shard_map keeps that axis
    (of size 1), so it is dropped from the inputs mapped over it and put back on the outputs."""
    def drop(tree):
        return {jax}.tree.map(lambda x: x[0] if isinstance(x, {jax}.Array) else x, tree)

    def put_back(tree):
        return {jax}.tree.map(lambda x: x[None] if isinstance(x, {jax}.Array) else x, tree)

    @{wraps}(fn)
    def each(*args):
        ins = in_axes if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        out = fn(*(arg if axis is None else drop(arg) for arg, axis in zip(args, ins)))
        if isinstance(out_axes, (tuple, list)):
            return type(out)(o if axis is None else put_back(o) for o, axis in zip(out, out_axes))
        return out if out_axes is None else put_back(out)

    return each'''

_PMAP_OK_KW = {"axis_name", "in_axes", "out_axes", "fun"}
# a vmap's `axis_size` is the mesh's size; jax.vmap's options may be positional
_VMAP_OK_KW = _PMAP_OK_KW | {"f", "axis_size"}
_VMAP_POSITIONAL = ("in_axes", "out_axes", "axis_name", "axis_size")


@fixer("pmap", Pmap)
def pmap_to_shard_map(diag: Diagnostic, fact: Pmap, ctx: FixContext) -> Fix | None:
    # Under pmap, shard_map helps only when pmap binds the axes the call names (a misspelt axis
    # is no scope problem: no rewrite repairs it).
    if not set(fact.axes) <= {fact.axis_name}:
        return None
    vmap = fact.api in VMAP_REWRITES
    if vmap and not fact.size:
        return None
    mod = ctx.module(fact.site.path)
    if mod is None:
        return None
    node = mod.node_at(fact.site, (cst.BaseExpression,))
    if node is None:
        return None
    modern = ctx.version(fact.jax_version) >= SHARD_MAP_TOP_LEVEL
    # What is mapped, with which options: `jax.pmap(f, "i", in_axes=...)`,
    # `partial(jax.pmap, axis_name="i")`, a bare `jax.pmap` decorator or one given only options.
    fun = None
    opts: list[cst.Arg] = []
    transform = (fact.api or "jax.pmap").rsplit(".", 1)[-1]
    fun_kw = "f" if fact.api == NNX_VMAP else "fun"
    # what a positional argument after the function is
    positional_kw = _VMAP_POSITIONAL if fact.api == "jax.vmap" else () if vmap else ("axis_name",)
    if isinstance(node, cst.Call):
        args = list(node.args)
        first = args[0] if args and args[0].keyword is None else None
        if first is not None and _ends_with(mod, first.value, transform) and _ends_with(mod, node.func, "partial"):
            opts = args[1:]
        else:
            fun = next((a.value for a in args if a.keyword is not None and a.keyword.value == fun_kw), None)
            positional = [a for a in args if a.keyword is None]
            if fun is None and positional:
                fun = positional[0].value
                positional = positional[1:]
            if fun is None and not isinstance(mod.parent.get(node), cst.Decorator):
                return None  # no function, and not `@eqx.filter_pmap(axis_name=...)` either
            opts = [a for a in args if a.keyword is not None and a.keyword.value != fun_kw]
            if len(positional) > len(positional_kw) or any(a.star for a in positional):
                return None
            opts += [cst.Arg(keyword=cst.Name(k), value=a.value) for k, a in zip(positional_kw, positional)]
    if any(a.star or a.keyword is None or a.keyword.value not in (_VMAP_OK_KW if vmap else _PMAP_OK_KW)
           for a in opts):
        return None
    kw = {a.keyword.value: a.value for a in opts}
    axis = fact.axis_name
    if not isinstance(axis, str):
        axis_node = kw.get("axis_name")
        axis = literal_str(axis_node) if axis_node is not None else "i"
    if axis is None:
        return None
    imp = Importer(mod, node)
    edits: list[Edit] = []
    p = imp.pspec()
    spec_i = f'{p}("{axis}")'
    in_specs = _axes_spec(kw.get("in_axes"), spec_i, p)
    out_specs = _axes_spec(kw.get("out_axes"), spec_i, p)
    if in_specs is None or out_specs is None:
        return None
    # a vmap runs inside the jit already around it; pmap compiles, as jit does
    jit: str | None = None
    vma = "check_vma" if modern else "check_rep"
    if fact.api in (FILTER_PMAP, FILTER_VMAP):
        # the arguments may hold leaves that are not arrays: the helper that shard_maps the
        # array leaves only (and filter_jit for a pmap)
        smap = filter_shard_map(imp, edits, modern)
        if smap is None:
            return None
        if fact.api == FILTER_PMAP:
            jit = equinox_jit(imp)
            if jit is None:
                return None
    elif fact.api == NNX_VMAP:
        # NNX modules pass through nnx.shard_map, which spells its keywords as Flax does
        if not modern:
            return None
        smap = nnx_shard_map(imp)
        if fact.flax_version is not None and parse_version(fact.flax_version) < NNX_SMAP_JAX_KEYWORDS:
            vma = "check_rep"
    else:
        smap = imp.shard_map(modern)
        jit = None if vmap else f"{imp.jax()}.jit"
    helper = _per_device(imp, edits)
    if helper is None:
        return None
    axes = "".join(f", {k}={mod.text_of(kw[k])}" for k in ("in_axes", "out_axes") if k in kw)
    mesh, _ = find_or_insert_mesh(imp, edits, fact.meshes, [axis], node, fact.size if vmap else None)
    kwargs = f"mesh={mesh}, in_specs={in_specs}, out_specs={out_specs}"
    if fact.pallas:
        kwargs += f", {vma}=False"
    wrapped = f"{smap}({helper}({mod.text_of(fun) if fun is not None else 'f'}{axes}), {kwargs})"
    if jit is not None:
        wrapped = f"{jit}({wrapped})"
    if fun is not None:
        edits.append(replace_span(mod, node, wrapped))
    elif isinstance(mod.parent.get(node), cst.Decorator):
        deco = mod.parent[node]
        dr = mod.pos[deco]
        indent = mod.line_text(dr.start.line)[:dr.start.column]
        plain = fact.api not in (FILTER_PMAP, FILTER_VMAP, NNX_VMAP)  # jax's shard_map
        decorator = shard_map_decorator(imp, modern, smap, kwargs) if plain else f"{smap}({kwargs})"
        each = f"{imp.partial()}({helper}{axes})" if axes else helper
        if jit is not None:
            edits.append(replace_span(mod, node, jit))
            edits.append(insert_lines(mod, dr.end.line + 1, [f"{indent}@{decorator}", f"{indent}@{each}"]))
        else:
            edits.append(replace_span(mod, node, decorator))
            edits.append(insert_lines(mod, dr.end.line + 1, [f"{indent}@{each}"]))
    else:
        # `partial(jax.pmap, ...)` used as a value: keep it a one-argument transform
        edits.append(replace_span(mod, node, f"(lambda f: {wrapped})"))
    return Fix(TITLE_VMAP if vmap else TITLE_PMAP, "unsafe", imp.with_imports(edits, node))


def _ends_with(mod: SourceModule, expr, name: str) -> bool:
    """`expr` is written `name` or `something.name` (`pmap`, `jax.pmap`)."""
    text = mod.text_of(expr)
    return text == name or text.endswith("." + name)


def _axes_spec(node, spec_i: str, p: str) -> str | None:
    """The spec for a pmap `in_axes`/`out_axes` value: 0 → P("i"), None → P(), tuples of
    those elementwise; anything else (another axis, a dict) → None (no fix)."""
    if node is None:
        return spec_i
    if isinstance(node, cst.Integer) and node.value == "0":
        return spec_i
    if isinstance(node, cst.Name) and node.value == "None":
        return f"{p}()"
    if isinstance(node, (cst.Tuple, cst.List)):
        parts = [_axes_spec(el.value, spec_i, p) for el in node.elements]
        if any(x is None for x in parts) or any(isinstance(el, cst.StarredElement) for el in node.elements):
            return None
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return None


def _per_device(imp: Importer, edits: list[Edit]) -> str | None:
    """The name of the file's `_per_device` helper (inserted unless a previous fix put it there);
    None where the file has no top-level imports."""
    def text(name: str) -> str:
        return _HELPER_TEXT.format(name=name, jax=imp.jax(),
                                   wraps=imp.name(("functools.wraps",), "functools", "wraps", "wraps"))

    return file_helper(imp, edits, _HELPER, text)
