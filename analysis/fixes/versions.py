"""Use the JAX X spelling (SHL008): the name or keyword the target JAX version has, for one it
lacks: shard_map's `check_rep`/`check_vma`, the experimental shard_map's `auto=` (gone in JAX
0.8: `jax.shard_map(axis_names=...)`), `pltpu.TPUCompilerParams`, `pltpu.TPUMemorySpace.ANY`,
`use_mesh`/`set_mesh`, `lax.pvary(x, a)`/`lax.pcast(x, a, to='varying')`, `jax.P`,
`manual_axis_type=ManualAxisType(varying=...)`/`vma=`, `pltpu.ANY` (gone in JAX 0.10: `pl.ANY`)."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Edit, Fix
from ..fixfacts import Spelling
from ..jaxfacts import SET_MESH_ADDED, USE_MESH_REMOVED, version_text
from .edits import append_kwarg, remove_arg, remove_keyword, replace_node, replace_span
from .importer import Importer
from .registry import FixContext, fixer
from .tree import SourceModule, bind_args, callee_name, keyword_index, literal_str

_RENAMED_ATTRS = {"TPUCompilerParams": "CompilerParams"}
_EMPTY_SETS = {"frozenset()", "set()", "()", "[]", "frozenset({})"}


@fixer("spelling", Spelling)
def spelling(diag: Diagnostic, fact: Spelling, ctx: FixContext) -> Fix | None:
    mod = ctx.module(fact.site.path)
    if mod is None:
        return None
    version = ctx.version(fact.jax_version)
    title = f"Use the Flax {fact.flax_version} spelling" if fact.flax_version else \
        f"Use the JAX {version_text(version)} spelling"
    if fact.api == "jax.P":
        return _partition_spec(mod, fact, title)
    node = mod.node_at(fact.site, (cst.BaseExpression,))
    if node is None:
        return None
    if isinstance(node, cst.Call) and fact.keyword:
        idx = keyword_index(node, fact.keyword)
        if idx is None:
            return None
        arg = node.args[idx]
        if fact.keyword in ("check_rep", "check_vma"):
            new = "check_vma" if fact.keyword == "check_rep" else "check_rep"
            return Fix(title, "safe", (replace_span(mod, arg.keyword, new),))
        if fact.keyword == "auto" and mod.text_of(arg.value).replace(" ", "") in _EMPTY_SETS:
            return Fix(title, "safe", (remove_arg(mod, node, idx),))  # no auto axes: all manual
        if fact.keyword == "auto" and fact.api == "jax.experimental.shard_map.shard_map":
            return _top_level_shard_map(mod, node, title)
        if fact.keyword == "vma" and fact.api == "jax.ShapeDtypeStruct":
            # the varying axes, as JAX 0.10's ManualAxisType holds them; an array type's own
            # (`jax.typeof(x).vma`) is its `manual_axis_type` there
            value = arg.value
            if isinstance(value, cst.Attribute) and value.attr.value == "vma":
                text = f"manual_axis_type={mod.text_of(value.value)}.manual_axis_type"
                return Fix(title, "safe", (replace_node(mod, arg, text),))
            imp = Importer(mod, node)
            text = f"manual_axis_type={imp.jax()}.sharding.ManualAxisType(varying={mod.text_of(value)})"
            return Fix(title, "safe", imp.with_imports([replace_node(mod, arg, text)], node))
        return None
    if not isinstance(node, cst.Attribute):
        return None
    attr = node.attr.value
    imp = Importer(mod, node)
    edits: list[Edit] = []
    if attr in _RENAMED_ATTRS:
        edits.append(replace_span(mod, node.attr, _RENAMED_ATTRS[attr]))
    elif attr == "TPUMemorySpace":
        parent = mod.parent.get(node)
        if not (isinstance(parent, cst.Attribute) and parent.attr.value == "ANY"):
            return None
        pl = imp.name(("jax.experimental.pallas",), "jax.experimental", "pallas", "pl")
        edits.append(replace_span(mod, parent, f"{pl}.ANY"))
    elif attr == "ANY" and fact.api == "jax.experimental.pallas.tpu.ANY":
        pl = imp.name(("jax.experimental.pallas",), "jax.experimental", "pallas", "pl")
        edits.append(replace_span(mod, node, f"{pl}.ANY"))
    elif attr == "use_mesh" and version >= USE_MESH_REMOVED:
        edits.append(replace_span(mod, node, f"{imp.jax()}.set_mesh"))
    elif attr == "set_mesh" and version < SET_MESH_ADDED:
        # `with jax.set_mesh(m):` is `with jax.sharding.use_mesh(m):` there; the global setter
        # is `jax.sharding.set_mesh(m)`
        call = mod.parent.get(node)
        entered = isinstance(call, cst.Call) and isinstance(mod.parent.get(call), cst.WithItem)
        edits.append(replace_span(mod, node, f"{imp.jax()}.sharding.{'use_mesh' if entered else 'set_mesh'}"))
    elif attr in ("pvary", "pcast"):
        return _varying_cast(mod, node, title)
    elif attr == "ManualAxisType":
        return _manual_axis_type(mod, node, title)
    else:
        return None
    return Fix(title, "safe", imp.with_imports(edits, node))


def _partition_spec(mod: SourceModule, fact: Spelling, title: str) -> Fix | None:
    """`jax.P` (from JAX 0.7) as `jax.sharding.PartitionSpec`: `from jax import P [as Q]` becomes
    `from jax.sharding import PartitionSpec as P` (the file's name for it kept)."""
    node = mod.node_at(fact.site, (cst.Attribute, cst.ImportFrom))
    if isinstance(node, cst.Attribute):
        imp = Importer(mod, node)
        return Fix(title, "safe", imp.with_imports([replace_span(mod, node, f"{imp.jax()}.sharding.PartitionSpec")],
                                                  node))
    if not isinstance(node, cst.ImportFrom) or isinstance(node.names, cst.ImportStar) or len(node.names) != 1:
        return None
    alias = node.names[0]
    local = alias.asname.name.value if alias.asname is not None else alias.name.value
    return Fix(title, "safe", (replace_span(mod, node, f"from jax.sharding import PartitionSpec as {local}"),))


def _manual_axis_type(mod: SourceModule, node: cst.Attribute, title: str) -> Fix | None:
    """`manual_axis_type=jax.sharding.ManualAxisType(varying=axes)` (JAX 0.10) as `vma=` of the
    same axes, the ShapeDtypeStruct's keyword before it."""
    call = mod.parent.get(node)
    arg = mod.parent.get(call) if isinstance(call, cst.Call) and call.func is node else None
    if not (isinstance(arg, cst.Arg) and arg.keyword is not None and arg.keyword.value == "manual_axis_type"):
        return None
    idx = keyword_index(call, "varying")
    if idx is None or len(call.args) != 1:
        return None
    axes = mod.text_of(call.args[idx].value)
    return Fix(title, "safe", (replace_node(mod, arg, f"vma=frozenset({axes})"),))


def _varying_cast(mod: SourceModule, node: cst.Attribute, title: str) -> Fix | None:
    """`lax.pvary(x, a)` (gone in JAX 0.10) as `lax.pcast(x, a, to='varying')`, and back for a
    JAX before 0.8.2 when the cast is `to='varying'` (the only one pvary does)."""
    call = mod.parent.get(node)
    if not (isinstance(call, cst.Call) and call.func is node):
        return None
    if node.attr.value == "pvary":
        return Fix(title, "safe", (replace_span(mod, node.attr, "pcast"), append_kwarg(mod, call, "to='varying'")))
    idx = keyword_index(call, "to")
    if idx is None or literal_str(call.args[idx].value) != "varying":
        return None
    return Fix(title, "safe", (replace_span(mod, node.attr, "pvary"), remove_keyword(mod, call, "to")))


def _top_level_shard_map(mod: SourceModule, call: cst.Call, title: str) -> Fix | None:
    """`jax.experimental.shard_map.shard_map(f, mesh, in_specs, out_specs, check_rep=...,
    auto=A)`, which JAX 0.8 dropped `auto` from, as `jax.shard_map(f, mesh=..., ...,
    check_vma=..., axis_names=frozenset(mesh.axis_names) - A)`."""
    args = bind_args(call, ("f", "mesh", "in_specs", "out_specs", "check_rep", "auto"))
    if args is None or not {"f", "mesh", "auto"} <= set(args):
        return None
    imp = Importer(mod, call)
    rename = {"check_rep": "check_vma"}
    parts = [mod.text_of(args.pop("f"))]
    auto_node = args.pop("auto")
    auto = mod.text_of(auto_node)
    if isinstance(auto_node, cst.SimpleString):
        auto = f"{{{auto}}}"  # one axis name
    elif not (isinstance(auto_node, cst.Set) or (
            isinstance(auto_node, cst.Call) and callee_name(auto_node.func) in ("frozenset", "set"))):
        auto = f"frozenset({auto})"
    mesh = mod.text_of(args["mesh"])
    mesh = mesh if isinstance(args["mesh"], (cst.Name, cst.Attribute)) else f"({mesh})"
    parts += [f"{rename.get(k, k)}={mod.text_of(v)}" for k, v in args.items()]
    parts.append(f"axis_names=frozenset({mesh}.axis_names) - {auto}")
    edit = replace_node(mod, call, f"{imp.jax()}.shard_map({', '.join(parts)})")
    return Fix(title, "unsafe", imp.with_imports([edit], call))
