"""Meshes: the mesh a wrap or a pmap rewrite uses (one in scope with the axes, else a new one),
and the fixes of a mesh in the wrong place: a context mesh entered under a trace (SHL010), a
concrete mesh given to a nested shard_map (SHL012), a `jax.make_mesh` whose default axis types
the program does not fit (Explicit ones a shard_map's inputs do not match, SHL011; Auto ones an
`out_sharding=` cannot name, SHL028), a legacy `with mesh:` where Flax needs a context
mesh (SHL026), a shard_map given no mesh where no context mesh is entered (SHL017), a
reshard to Auto axes (SHL028), a matrix product or a lookup whose result's sharding is
ambiguous on an Explicit mesh (SHL029, SHL030), and an input sharded otherwise than its
shard_map's in_specs over Explicit axes (SHL032)."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import (AbstractMesh, AxisTypes, ContextMesh, InlineShardMap, LegacyMesh, MeshRef, NoMesh,
                        OutSharding, ReshardConstraint, ReshardInput, SpecOnOperand, spec_text)
from ..jaxfacts import ABSTRACT_MESH_CONTEXT, SET_MESH_ADDED
from .edits import OPEN, append_kwarg, delete_lines, insert_before, remove_keyword, replace_node, text_change
from .importer import Importer, api_name, spell
from .registry import FixContext, fixer
from .tree import SourceModule, argument, callee_name, keyword_index, walk

TITLE_ABSTRACT = "Use the abstract mesh under the trace (jax.sharding.use_abstract_mesh)"
TITLE_DROP_CONTEXT = "Drop the mesh context (every shard_map in it passes its mesh)"
TITLE_CONTEXT_MESH = "Use the context mesh (drop mesh=)"
TITLE_INLINE = "Run the function without its shard_map (the shard_map around it splits over the same axes)"
TITLE_AXIS_TYPES = "Build the mesh with {kind} axes"
TITLE_SET_MESH = "Enter the mesh with jax.set_mesh (a legacy `with mesh:` sets no context mesh)"
TITLE_PASS_MESH = "Pass the mesh to the shard_map (mesh={mesh})"
TITLE_RESHARD_INPUT = "Reshard the input to the in_specs first (jax.sharding.reshard)"
TITLE_RESHARD_CARRY = "Reshard the initial carry to the body's sharding (jax.sharding.reshard)"
TITLE_RESHARD_SELECT = "Reshard the operand to the other's sharding (jax.sharding.reshard)"
_RESHARD_TITLES = {"input": TITLE_RESHARD_INPUT, "carry": TITLE_RESHARD_CARRY, "select": TITLE_RESHARD_SELECT}
TITLE_CONSTRAIN = "Constrain with jax.lax.with_sharding_constraint (reshard needs Explicit axes)"
TITLE_OUT_SHARDING = "Give the result's sharding: out_sharding={spec}"
TITLE_SPEC_ON_OPERAND = "Give the spec the mesh `{operand}` is on (no mesh context resolves a bare spec)"
# reshard's parameters by with_sharding_constraint's names
_CONSTRAINT_KEYWORDS = {"xs": "x", "out_shardings": "shardings"}


def find_or_insert_mesh(imp: Importer, edits: list, meshes: tuple[MeshRef, ...], axes: list[str],
                        before, size: int | None = None) -> tuple[str, bool]:
    """A mesh name visible at `before` with every axis in `axes`, and whether its axes are
    Explicit: a mesh in scope (a module-level one bound above `before`, unless `before` is in a
    function, which runs later), else a new one inserted (into `edits`) above the statement of
    `before`. `size`: the one axis must have that many devices (a new mesh takes the first
    `size` devices)."""
    mod = imp.mod
    line = mod.pos[mod.statement_of(before)].start.line
    in_function = mod.function_of(before) is not None
    for m in meshes:
        if m.name and set(axes) <= set(m.axes) and (in_function or m.line <= line) and \
                (size is None or (m.sizes is not None and m.sizes[m.axes.index(axes[0])] == size)):
            return m.name, m.explicit
    context = next((m for m in meshes if not m.name and set(axes) <= set(m.axes)), None)
    if context is not None and size is None:
        # the mesh a `with jax.set_mesh(...)` around the code enters, which a shard_map's mesh
        # must match (JAX raises where the two differ): one of its shape, axes and axis types
        types = f"{imp.jax()}.sharding.AxisType.{'Explicit' if context.explicit else 'Auto'}"
        names = ", ".join(f'"{a}"' for a in context.axes) + ("," if len(context.axes) == 1 else "")
        shape = ", ".join(map(str, context.sizes)) + ("," if len(context.sizes) == 1 else "")
        return _insert_mesh(mod, edits, before, f"{imp.jax()}.make_mesh(({shape}), ({names}), "
                                                f"axis_types=({types},) * {len(context.axes)})"), context.explicit
    axes = list(axes) or ["x"]
    # `Mesh`, not `jax.make_mesh`: its axes are Auto on every JAX version, whereas make_mesh
    # makes Explicit axes on JAX 0.10, where a sharded in_specs must match the inputs' sharding.
    mesh_cls = spell(mod, ("jax.sharding.Mesh",), imp.at, via_module=False) or f"{imp.jax()}.sharding.Mesh"
    devices = f"{imp.jax()}.devices()" + ("" if size is None else f"[:{size}]")
    if len(axes) > 1:
        devices = f"[{'[' * (len(axes) - 2)}[d]{']' * (len(axes) - 2)} for d in {devices}]"
    names = ", ".join(f'"{a}"' for a in axes) + ("," if len(axes) == 1 else "")
    return _insert_mesh(mod, edits, before, f"{mesh_cls}({devices}, ({names}))"), False


def _insert_mesh(mod, edits: list, before, made: str) -> str:
    """A new name bound to the mesh `made` makes, inserted (into `edits`) above the statement of
    `before`."""
    name = mod.fresh("mesh")
    stmt = mod.statement_of(before)
    lines = [f"{name} = {made}"]
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        # keep the blank lines PEP 8 puts between a definition and other code
        lines += [""] * (2 if isinstance(mod.parent.get(stmt), cst.Module) else 1)
    edits.append(insert_before(mod, stmt, lines))
    return name


@fixer("abstract_mesh", AbstractMesh)
def abstract_mesh(diag: Diagnostic, fact: AbstractMesh, ctx: FixContext) -> Fix | None:
    """SHL010: under a trace, `with jax.set_mesh(m):` becomes `with
    jax.sharding.use_abstract_mesh(m.abstract_mesh):`, which JAX allows there and which gives
    the traced code the same context mesh (a trace only ever sees the abstract one)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    if not isinstance(mod.parent.get(call), cst.WithItem) or len(call.args) != 1 or call.args[0].keyword:
        return None
    if ctx.version(fact.jax_version) < ABSTRACT_MESH_CONTEXT:
        return _drop_mesh_context(mod, mod.parent[mod.parent[call]])
    mesh = call.args[0].value
    text = mod.text_of(mesh)
    if not isinstance(mesh, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        text = f"({text})"
    imp = Importer(mod, call)
    edit = replace_node(mod, call, f"{imp.jax()}.sharding.use_abstract_mesh({text}.abstract_mesh)")
    return Fix(TITLE_ABSTRACT, "safe", imp.with_imports([edit], call))


def _drop_mesh_context(mod: SourceModule, with_stmt) -> Fix | None:
    """Before JAX 0.7.1 (no use_abstract_mesh): `with use_mesh(m):` under a trace goes, its body
    dedented, where every shard_map in it passes its mesh (nothing there needs the context)."""
    if not isinstance(with_stmt, cst.With) or len(with_stmt.items) != 1 or with_stmt.items[0].asname is not None \
            or not isinstance(with_stmt.body, cst.IndentedBlock):
        return None
    for node in walk(with_stmt.body):
        if isinstance(node, cst.Call) and (callee_name(node.func) or "").endswith("shard_map"):
            positional = [a for a in node.args if a.keyword is None]
            if keyword_index(node, "mesh") is None and len(positional) < 2:
                return None
    new = mod.module.deep_replace(with_stmt, cst.FlattenSentinel(with_stmt.body.body))
    return Fix(TITLE_DROP_CONTEXT, "unsafe", (text_change(mod, new.code),))


@fixer("context_mesh", ContextMesh)
def context_mesh(diag: Diagnostic, fact: ContextMesh, ctx: FixContext) -> Fix | None:
    """SHL012: the inner shard_map takes the context mesh (drop its `mesh=`)."""
    found = ctx.call_at(fact.site)
    edit = remove_keyword(*found, "mesh") if found is not None else None
    return None if edit is None else Fix(TITLE_CONTEXT_MESH, "safe", (edit,))


@fixer("inline_shard_map", InlineShardMap)
def inline_shard_map(diag: Diagnostic, fact: InlineShardMap, ctx: FixContext) -> Fix | None:
    """SHL012 where the outer shard_map makes the inner one's axes manual already: its inputs are
    the blocks the inner one would split them into, and its collectives name bound axes, so the
    function runs as it is. `shard_map(f, ...)` becomes `f`; a decorator goes."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    parent = mod.parent.get(call)
    if isinstance(parent, cst.Decorator):
        return Fix(TITLE_INLINE, "unsafe", (delete_lines(mod, parent),))
    fn = argument(call, "f", 0)
    if fn is None or not (callee_name(call.func) or "").endswith("shard_map"):
        return None
    return Fix(TITLE_INLINE, "unsafe", (replace_node(mod, call, mod.text_of(fn)),))


@fixer("axis_types", AxisTypes)
def axis_types(diag: Diagnostic, fact: AxisTypes, ctx: FixContext) -> Fix | None:
    """SHL011, SHL025, SHL028, SHL029, SHL030: build the mesh with the axis types the program
    needs: Auto, as `jax.make_mesh` did before JAX 0.10, or Explicit, as it does from 0.10."""
    n = len(fact.axes)
    found = ctx.call_at(fact.site)
    if found is None or n == 0:
        return None
    mod, call = found
    if not call.args or keyword_index(call, "axis_types") is not None:
        return None
    imp = Importer(mod, call)
    value = f"({imp.jax_attribute('jax.sharding.AxisType')}.{fact.kind},)" + (f" * {n}" if n > 1 else "")
    return Fix(TITLE_AXIS_TYPES.format(kind=fact.kind), "safe" if fact.kind == "Auto" else "unsafe",
               imp.with_imports([append_kwarg(mod, call, f"axis_types={value}")], call))


@fixer("legacy_mesh", LegacyMesh)
def legacy_mesh(diag: Diagnostic, fact: LegacyMesh, ctx: FixContext) -> Fix | None:
    """SHL026, SHL028: `with mesh:` becomes `with jax.set_mesh(mesh):` (`jax.sharding.use_mesh`
    before JAX 0.7), which sets the context mesh Flax shards the variables over and a bare
    `out_sharding=` spec is resolved against."""
    mod = ctx.module(fact.site.path)
    node = mod.node_at(fact.site, (cst.BaseExpression,)) if mod is not None else None
    item = mod.parent.get(node) if node is not None else None
    if not isinstance(item, cst.WithItem) or item.asname is not None:
        return None
    imp = Importer(mod, node)
    enter = f"{imp.jax()}.set_mesh" if ctx.version(fact.jax_version) >= SET_MESH_ADDED else \
        f"{imp.jax()}.sharding.use_mesh"
    edit = replace_node(mod, node, f"{enter}({mod.text_of(node)})")
    return Fix(TITLE_SET_MESH, "unsafe", imp.with_imports([edit], node))


@fixer("pass_mesh", NoMesh)
def pass_mesh(diag: Diagnostic, fact: NoMesh, ctx: FixContext) -> Fix | None:
    """SHL017: the shard_map is given a mesh with the axes its specs name: one the file binds
    where it is made, else a new one over every device."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    if keyword_index(call, "mesh") is not None:
        return None
    imp = Importer(mod, call)
    edits: list = []
    mesh, _ = find_or_insert_mesh(imp, edits, fact.meshes, list(fact.axes), call)
    edits.append(append_kwarg(mod, call, f"mesh={mesh}"))
    return Fix(TITLE_PASS_MESH.format(mesh=mesh), "unsafe" if len(edits) > 1 else "safe", imp.with_imports(edits, call))


@fixer("reshard_constraint", ReshardConstraint)
def reshard_constraint(diag: Diagnostic, fact: ReshardConstraint, ctx: FixContext) -> Fix | None:
    """SHL028: over Auto axes, a sharding constraint says what the reshard meant (the compiler
    moves the data where the spec says)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    imp = Importer(mod, call)
    args = [a.with_changes(keyword=cst.Name(_CONSTRAINT_KEYWORDS.get(a.keyword.value, a.keyword.value)))
            if a.keyword is not None else a for a in call.args]
    new = call.with_changes(func=cst.parse_expression(imp.jax_attribute("jax.lax.with_sharding_constraint")),
                            args=args)
    edit = replace_node(mod, call, mod.module.code_for_node(new))
    return Fix(TITLE_CONSTRAIN, "unsafe", imp.with_imports([edit], call))


@fixer("reshard_input", ReshardInput)
def reshard_input(diag: Diagnostic, fact: ReshardInput, ctx: FixContext) -> Fix | None:
    """SHL032: the input is resharded to what the in_specs say where the shard_map is called
    (`jax.sharding.reshard(x, P(...))`; where no mesh context resolves a bare spec, the spec goes
    on the input's own sharding, which names its mesh). SHL034: a loop's initial carry, to what
    the body returns. SHL035: a select's operand, to the other's type."""
    found = ctx.positional_at(fact.site, fact.arg)
    if found is None:
        return None
    mod, call, operand = found
    imp = Importer(mod, call)
    code = mod.module.code_for_node
    kept = list(fact.spec)
    while kept and not kept[-1]:
        kept.pop()  # (the dimensions a spec leaves out are not split)
    spec = spec_text(tuple(kept), imp.pspec())
    if not fact.bare:
        if not isinstance(operand, (cst.Name, cst.Attribute)):
            return None
        spec = f"{imp.jax_attribute('jax.typeof')}({code(operand)}).sharding.update(spec={spec})"
    text = f"{imp.jax_attribute('jax.sharding.reshard')}({code(operand)}, {spec})"
    return Fix(_RESHARD_TITLES[fact.kind], "unsafe",
               imp.with_imports([replace_node(mod, operand, text)], call))


# Where an array operand is, in the calls whose bare spec the operand's sharding can carry.
_OPERAND = {"jax.sharding.reshard": 0, "jax.numpy.matmul": 0, "jax.numpy.dot": 0, "jax.lax.dot_general": 0,
            "jax.numpy.einsum": 1}


@fixer("spec_on_operand", SpecOnOperand)
def spec_on_operand(diag: Diagnostic, fact: SpecOnOperand, ctx: FixContext) -> Fix | None:
    """SHL028: a bare PartitionSpec where no mesh context is entered goes on the sharding of the
    call's array operand (`jax.typeof(x).sharding.update(spec=P(...))`: the abstract mesh the
    operand is on), which needs no context mesh. An operand given by name only (it is written
    twice)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    name = api_name(mod, call)
    if name not in _OPERAND:
        return None
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if len(positional) <= _OPERAND[name]:
        return None
    operand = positional[_OPERAND[name]]
    if name == "jax.sharding.reshard":
        spec = argument(call, "out_shardings", 1)
    else:
        index = keyword_index(call, "out_sharding")
        spec = call.args[index].value if index is not None else None
    if spec is None or not isinstance(operand, (cst.Name, cst.Attribute)):
        return None
    imp = Importer(mod, call)
    code = mod.module.code_for_node
    edit = replace_node(mod, spec, f"{imp.jax_attribute('jax.typeof')}({code(operand)}).sharding.update("
                                   f"spec={code(spec)})")
    return Fix(TITLE_SPEC_ON_OPERAND.format(operand=code(operand)), "unsafe", imp.with_imports([edit], call))


@fixer("out_sharding", OutSharding)
def out_sharding(diag: Diagnostic, fact: OutSharding, ctx: FixContext) -> Fix | None:
    """SHL029, SHL030, SHL036: the product, the lookup or the reshape is given the sharding JAX
    would give its result were it unambiguous (`out_sharding=P(...)`): `a @ b` becomes
    `jnp.matmul(a, b, ...)`, `table[ids]` or `jnp.take(table, ids, axis=0)`
    `table.at[ids].get(...)`, and an Equinox `layer(x)` its `jnp.matmul(layer.weight, x, ...) +
    layer.bias`. Where no mesh context
    resolves a bare spec, the spec goes on an operand's sharding (`jax.typeof(a).sharding
    .update(spec=...)`, on JAX's abstract mesh)."""
    mod = ctx.module(fact.site.path)
    node = mod.node_at(fact.site, (cst.Call, cst.BinaryOperation, cst.Subscript)) if mod is not None else None
    if node is None or (isinstance(node, cst.Call) and keyword_index(node, "out_sharding") is not None):
        return None
    imp = Importer(mod, node)
    spec = spec_text(fact.spec, imp.pspec())
    code = mod.module.code_for_node
    positional = [a.value for a in node.args if a.keyword is None and not a.star] \
        if isinstance(node, cst.Call) else []

    def where(*operands) -> str:
        if fact.bare:
            return spec
        # (the mesh of an operand's sharding: the abstract mesh its type carries)
        simple = [o for o in operands if isinstance(o, (cst.Name, cst.Attribute))]
        return f"{imp.jax_attribute('jax.typeof')}({code((simple or operands)[0])}).sharding.update(spec={spec})"

    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
        edit = replace_node(mod, node, f"{imp.jax_attribute('jax.numpy.matmul')}({code(node.left)}, "
                                       f"{code(node.right)}, out_sharding={where(node.left, node.right)})")
    elif isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        edit = replace_node(mod, node, f"{code(node.value)}.at[{code(node.slice[0].slice.value)}]"
                                       f".get(out_sharding={where(node.value)})")
    elif fact.api == "jax.numpy.take" and len(positional) >= 2 and positional[:2] == [a.value for a in node.args[:2]]:
        edit = replace_node(mod, node, f"{code(positional[0])}.at[{code(positional[1])}]"
                                       f".get(out_sharding={where(positional[0])})")
    elif fact.api == "equinox.nn.Linear":
        # its call, `weight @ x + bias`, written out: it takes no `out_sharding`
        if len(node.args) != 1 or not positional:
            return None
        weight = cst.Attribute(node.func, cst.Name("weight"))
        new = f"{imp.jax_attribute('jax.numpy.matmul')}({code(weight)}, {code(positional[0])}, " \
              f"out_sharding={where(weight)})"
        if fact.bias:
            bias = code(cst.Attribute(node.func, cst.Name("bias")))
            new = f"{new} + {bias}" if isinstance(mod.parent.get(node), OPEN) else f"({new} + {bias})"
        edit = replace_node(mod, node, new)
    elif isinstance(node, cst.Call) and fact.api != "jax.numpy.take" and positional:
        operands = positional[1:] if fact.api == "jax.numpy.einsum" else [node.func.value] \
            if fact.api == "jax.numpy.ndarray.reshape" and isinstance(node.func, cst.Attribute) else positional
        edit = append_kwarg(mod, node, f"out_sharding={where(*operands)}")
    else:
        return None
    return Fix(TITLE_OUT_SHARDING.format(spec=spec), "safe", imp.with_imports([edit], node))
