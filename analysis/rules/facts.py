"""What the rules read: the interpreter's events, the target JAX version and backend, and the
diagnostic builder every rule uses (message, related path, fix facts)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..config import Config
from ..diagnostics import Diagnostic, Related, Severity
from ..fixfacts import NNX_VMAP, VMAP_REWRITES, CallWrap, FixFact, ManualAxes, MeshRef, Pmap, SiteRef, Wrap
from ..interp.frames import Context, Site
from ..interp.frameworks import RUNS_MODULE, TABULATES
from ..interp.jaxapi import TRACES
from ..interp.transforms import COTANGENT
from ..interp.values import (
    NO_SHARDING, ArrayV, Bound, Const, DictV, DTypeV, Func, GraphPart, Inst, MeshV, Partial, PSpecV, Seq, ShardingV,
    Unknown, options,
)
from ..jaxfacts import MAKE_MESH_EXPLICIT, NEWEST_KNOWN, parse_version
from ..source import SourceFile
from . import RULES


@dataclass
class Facts:
    events: list
    kernel_events: dict
    smap_checks: dict
    config: Config
    jax_version: str
    files: dict  # abs path -> SourceFile
    meshes: dict  # abs path -> [MeshV bound to module-level names, with the name]
    jit_outputs: dict = field(default_factory=dict)  # jit Site -> what the jitted function returns
    jit_smaps: dict = field(default_factory=dict)  # jit Site -> manual axes of the shard_maps its function runs
    jit_pmaps: set = field(default_factory=set)  # the jit Sites whose function runs a pmap
    # a call written in a jitted function's body: its Site -> (arguments, result) per run
    jit_calls: dict = field(default_factory=dict)
    logical_rules: dict = field(default_factory=dict)  # the program's logical axis -> its mesh axes
    decided_ifs: dict = field(default_factory=dict)  # (file, line) of an `if` -> its test decided on every run
    flax_version: tuple = ()  # the Flax the code runs with; () where not known
    # id(diagnostic) -> (the context its evidence was recorded in: choices, caught exceptions;
    # the exception JAX raises there, where it is not the rule's usual one)
    contexts: dict = field(default_factory=dict)

    @property
    def version(self) -> tuple:
        return parse_version(self.jax_version) or parse_version(NEWEST_KNOWN)

    def of(self, *classes) -> list:
        return [e for e in self.events if isinstance(e, classes)]


_PLATFORM_BACKEND = {"cuda": "gpu", "rocm": "gpu", "gpu": "gpu", "tpu": "tpu", "cpu": "cpu"}


def backend_of(facts: "Facts", ctx: Context) -> str | None:
    """The backend code in `ctx` runs on: what the code itself lowers for first (the outermost
    jit's `lowering_platforms`), else the configuration's."""
    backends = backends_of(facts, ctx)
    return backends[0] if backends else None


def backends_of(facts: "Facts", ctx: Context) -> tuple:
    """Every backend the code in `ctx` is lowered for: the outermost jit's platforms (JAX lowers
    it for each of `jax.export`'s `platforms=`), else the configuration's."""
    for f in ctx.layers:
        if f.kind == "jit" and f.platforms:
            return tuple(_PLATFORM_BACKEND.get(p) for p in f.platforms)
    return (facts.config.run_backend,)


def checks_vma(facts: "Facts", smap) -> bool:
    """Whether the shard_map `smap` surely checks varying manual axes (`check_vma`/`check_rep`
    True, or not given)."""
    check = facts.smap_checks.get(smap, Const(True))
    return isinstance(check, Const) and check.value is True


def check_keyword(smap) -> str:
    """The keyword of that check on `smap`: `check_rep` for the experimental shard_map."""
    return "check_rep" if "experimental" in smap.api else "check_vma"


def binding(ctx: Context, axis: str):
    """How `axis` is bound in `ctx`: ("manual", layer) by a shard_map; ("pmap"|"vmap", layer);
    ("auto", layer) in a shard_map's mesh but not manual; ("not_in_mesh", layer) when the
    nearest shard_map with a known mesh lacks it and nothing outside binds it; ("unknown",
    layer) when a transformation binds axes we cannot see; ("unbound", None)."""
    not_in_mesh = None
    for i in range(len(ctx.layers) - 1, -1, -1):
        f = ctx.layers[i]
        if f.kind == "shard_map":
            if f.axes is None:
                return "unknown", f
            if axis in f.axes:
                return "manual", f
            if f.mesh_axes is not None and axis in f.mesh_axes:
                # a shard_map nested in another takes its mesh with the outer one's manual axes
                outer = next((g for g in reversed(ctx.layers[:i]) if g.kind == "shard_map" and g.axes
                              and axis in g.axes), None)
                return ("manual", outer) if outer is not None else ("auto", f)
            if f.mesh_axes is None:
                return "unknown", f
            if not_in_mesh is None:
                not_in_mesh = f
            continue
        if f.kind in ("pmap", "vmap"):
            if f.axes is None:
                return "unknown", f
            if axis in f.axes:
                return f.kind, f
    if not_in_mesh is not None:
        return "not_in_mesh", not_in_mesh
    return "unbound", None


def site_span(facts: Facts, site: Site) -> tuple[int, int, int, int]:
    sf: SourceFile | None = facts.files.get(site.path)
    if sf is None:
        return site.line, site.col + 1, site.end_line, site.end_col + 1
    return (site.line, sf.char_col(site.line, site.col), site.end_line, sf.char_col(site.end_line, site.end_col))


def related_for(facts: Facts, path: tuple, ctx: Context | None = None) -> tuple[Related, ...]:
    out = []
    for site, msg in path:
        line, col, _, _ = site_span(facts, site)
        out.append(Related(site.path, line, col, msg))
    if ctx is not None:
        for f in ctx.layers:
            if f.kind == "kernel":
                continue
            line, col, _, _ = site_span(facts, f.site)
            r = Related(f.site.path, line, col, f"{f.words} applied here")
            if r not in out:
                out.append(r)
    return tuple(out)


def site_ref(facts: Facts, site: Site) -> SiteRef:
    return SiteRef(site.path, *site_span(facts, site))


def scope_facts(facts: Facts, ev, axes, pallas: bool = False, ctx: Context | None = None) -> tuple[FixFact, ...]:
    """The fix facts of the scope around the call of `ev`: the wrap at the entry that reaches
    it, the pmap around it, a partial-manual shard_map around it."""
    ctx = ctx if ctx is not None else ev.ctx
    axes = tuple(a for a in axes or () if isinstance(a, str))
    # a collective inside a kernel is in a pallas_call too: a wrap around it must not check vma
    pallas = pallas or ctx.innermost("kernel") is not None
    out: list[FixFact] = []
    # The fix wraps where the function enters the innermost jit (inside any shardings that jit
    # was given), else the outermost other transformation.
    # (not a Linen `nn.jit` of a module method: its function takes the module itself)
    jits = [f for f in ctx.layers if f.kind == "jit" and f.wrap is not None and f.api != "flax.linen.jit"]
    others = [f for f in ctx.layers if f.kind in ("pmap", "vmap") and f.wrap is not None]
    wrap = jits[-1] if jits else (others[0] if others else None)
    local: tuple = ()
    if wrap is not None:
        (form, ws, local), function = wrap.wrap, wrap.wrap[1].label
    elif len(ev.path) >= 2:
        # an eager call: the entry's call, or the `model.init`/`apply` on the way, whose
        # arguments are the module's arrays (the entry's call may run other shard_maps too); not
        # one inside a function that an API traces on the way (`jax.eval_shape(init_fn, ...)`):
        # that function is wrapped where the API is given it, and stays as it is for its other
        # callers (a shard_map over the same axes)
        traced = next((i for i, s in enumerate(ev.path) if i and s[1].endswith(TRACES)), None)
        runs = [s for s in ev.path[1:traced] if s[1].endswith(RUNS_MODULE) and s[0].path in facts.files]
        if not runs and traced is not None and ev.path[traced][0].path in facts.files:
            runs = [ev.path[traced]]
        (ws, function), form = (runs or ev.path[1:])[0], "call"
        if function == TABULATES:  # a table of the module is text: no shard_map returns it
            ws = None
    else:
        ws = None
    target_path = ws.path if ws is not None else (ev.path[0][0].path if ev.path else ev.site.path)
    # the meshes the function the wrap is written in binds (line 0: bound before it runs), then
    # the module's
    meshes = mesh_refs(facts, target_path, local)
    if isinstance(ctx.mesh, MeshV) and ctx.mesh.axes and ctx.mesh.sizes and None not in ctx.mesh.sizes:
        # the context mesh a `with jax.set_mesh(...)` entered, which a new mesh must match
        meshes = (*meshes, _mesh_ref(facts, "", ctx.mesh, 0))
    sm = ctx.innermost("shard_map")
    if sm is not None and sm.mesh_axes is not None and sm.axes is not None:
        mesh = ctx.mesh if ctx.mesh is not None and ctx.mesh.axes == sm.mesh_axes else None
        explicit = mesh is not None and bool(mesh.explicit_types or (mesh.explicit_default
                                                                     and facts.version >= MAKE_MESH_EXPLICIT))
        out.append(ManualAxes(site_ref(facts, sm.site), "auto" if "experimental" in sm.api else "axis_names",
                              explicit))
    # eqx.filter_pmap traces its function under vmap before it pmaps it: a failure while tracing
    # is under that vmap layer
    pm = ctx.innermost("pmap") or next((f for f in reversed(ctx.layers) if f.api == "equinox.filter_pmap"), None)
    if pm is not None:
        axis = next(iter(pm.axes)) if pm.axes else None
        out.append(Pmap(site_ref(facts, pm.site), axis, axes, meshes, pallas, facts.jax_version, pm.api))
    elif pallas and sm is None:
        # a vmap whose axis a communicating kernel names stands in for devices (a test emulating
        # shards): each of its `size` items becomes a device of a shard_map over that axis
        vm = ctx.innermost("vmap")
        if vm is not None and vm.api in VMAP_REWRITES and vm.size and vm.axes and len(vm.axes) == 1 \
                and set(axes) <= vm.axes:
            flax = ".".join(map(str, facts.flax_version)) if vm.api == NNX_VMAP and facts.flax_version else None
            out.append(Pmap(site_ref(facts, vm.site), next(iter(vm.axes)), axes, meshes, pallas, facts.jax_version,
                            vm.api, vm.size, flax))
    if ws is not None:
        returned = facts.jit_outputs.get(wrap.site) if wrap is not None and wrap.kind == "jit" else None
        out.append(Wrap(site_ref(facts, ws), form, function, axes, meshes, pallas, ev.api, facts.jax_version,
                        wrap.api if wrap is not None else None,
                        tuple(arg_kind(a) for a in wrap.args) if wrap is not None else (), _on_state(ev),
                        *_out_kinds(returned), _call_wrap(facts, ev, wrap, axes),
                        tuple(_placed(a) for a in wrap.args) if wrap is not None else (),
                        wrap is not None and wrap.kind == "jit" and wrap.site in facts.jit_pmaps))
    return tuple(out)


def mesh_refs(facts: Facts, path: str, local=()) -> tuple[MeshRef, ...]:
    """The meshes a fix may name in the file `path`: those a function binds (`local`: (name,
    MeshV); line 0, bound before the function runs), then the module's."""
    return tuple(_mesh_ref(facts, name, m, 0 if scope == "local" else _bound_at(facts, path, name))
                 for scope, found in (("local", local), ("module", facts.meshes.get(path, [])))
                 for name, m in found if m.axes is not None)


def _mesh_ref(facts: Facts, name: str, m: MeshV, line: int) -> MeshRef:
    """A mesh a fix may name (`name`; "" for the context mesh, which has none there)."""
    explicit = bool(m.explicit_types or (m.explicit_default and facts.version >= MAKE_MESH_EXPLICIT))
    return MeshRef(name, tuple(m.axes), explicit, line, m.sizes)


def _call_wrap(facts: Facts, ev, jit, axes: tuple) -> CallWrap | None:
    """Where the jitted function already runs a shard_map over one of `axes`: the call written
    in its body on the way to the collective (the collective itself, or the function that
    reaches it), with the specs of the shard_mapped outputs it is given, what the jitted
    function's own arguments it passes on are, and what it returns."""
    if jit is None or jit.kind != "jit" or jit.entry is None or not set(axes) & facts.jit_smaps.get(jit.site, set()):
        return None
    site = ev.path[jit.entry][0] if len(ev.path) > jit.entry else ev.site
    runs = facts.jit_calls.get(site)
    if not runs or site.path not in facts.files:
        return None
    specs, kinds, opaque = [], [], False
    for i in range(max(len(args) for args, _ in runs)):
        given = [args[i] if i < len(args) else None for args, _ in runs]
        placed = {_placed(a) if a is not None else None for a in given}
        specs.append(placed.pop() if len(placed) == 1 else None)
        kind = None
        if specs[-1] is None:
            # the jitted function's own argument, passed on, is given a spec by what it is (data
            # split, the rest replicated); anything else not plain is closed over at best
            own = all(a is not None and any(a is b for b in jit.args) for a in given)
            found = {arg_kind(a) for a in given} if own else {"unknown"}
            kind = found.pop() if len(found) == 1 else "unknown"
            if all(_plain(a) for a in given if a is not None) and kind != "batch":
                kind = None
            opaque = opaque or kind in ("unknown", "array")
        kinds.append(kind)
    # a psend's token must reach its precv in the same shard_map: neither is wrapped on its own
    opaque = opaque or site == ev.site and getattr(ev, "kind", "") in ("send", "recv")
    results = {_out_kinds(result) for _, result in runs}
    out, out_tuple = results.pop() if len(results) == 1 else ((), False)
    return CallWrap(site_ref(facts, site), tuple(specs), opaque, tuple(kinds) if any(kinds) else (), out, out_tuple)


def _plain(v) -> bool:
    """Whether a shard_mapped lambda can close over `v` as it is: a Python constant, a mesh, a
    spec, a function, a ShapeDtypeStruct, an array placed nowhere, or a container of them."""
    if isinstance(v, (Seq, DictV)):
        return all(_plain(i) for i in (v.items if isinstance(v, Seq) else v.items.values()))
    if isinstance(v, ArrayV):
        return v.struct is not None or v.sharding is NO_SHARDING
    return isinstance(v, (Const, MeshV, PSpecV, DTypeV, Func, Bound, Partial))


def _placed(v) -> tuple | None:
    """The entries (each the axes it names) of the PartitionSpec that places every array of `v`
    over a mesh, when they all have one and the same; else None."""
    leaves = [v] if isinstance(v, ArrayV) else list(v.items) if isinstance(v, Seq) else \
        list(v.items.values()) if isinstance(v, DictV) else []
    found = set()
    while leaves:
        leaf = leaves.pop()
        if isinstance(leaf, (Seq, DictV)):
            leaves.extend(leaf.items if isinstance(leaf, Seq) else leaf.items.values())
            continue
        if not (isinstance(leaf, ArrayV) and isinstance(leaf.sharding, ShardingV)
                and isinstance(leaf.sharding.spec, PSpecV) and leaf.sharding.spec.parts is not None):
            return None
        found.add(tuple(() if isinstance(e, Const) and e.value is None else
                        tuple(c.value for c in (e.items if isinstance(e, Seq) else (e,)))
                        for e in leaf.sharding.spec.parts))
    return found.pop() if len(found) == 1 else None


def _out_kinds(v) -> tuple[tuple[str, ...], bool]:
    """(kinds, whether per item of a tuple) of what a wrapped function returns."""
    if v is None or v is Unknown:
        return (), False
    if isinstance(v, Seq) and v.kind == "tuple" and not scalars(v):
        return tuple(out_kind(i) for i in v.items), True
    return (out_kind(v),), False


def out_kind(v) -> str:
    """What an output is, for the spec a wrap gives it: "scalar" for a scalar array or a
    container of them, else as for an argument (ARG_KINDS)."""
    return "scalar" if all(scalars(o) for o in options(v)) else arg_kind(v)


def scalars(v) -> bool:
    """Whether `v` is a scalar array, or a container of them (a dict of metrics)."""
    if isinstance(v, ArrayV):
        return v.shape == ()
    items = v.items if isinstance(v, Seq) else list(v.items.values()) if isinstance(v, DictV) else None
    return bool(items) and all(scalars(i) for i in items)


def _bound_at(facts: Facts, path: str, name: str) -> int:
    """The line of the first module-level statement of the file that binds `name` (0: none);
    for a class's attribute (`Pipeline.mesh`), the line after the class statement (its body,
    a method's decorator there, cannot name the class yet)."""
    sf = facts.files.get(path)
    name, dot, _ = name.partition(".")
    for st in sf.tree.body if sf is not None and sf.tree is not None else ():
        if dot:
            if isinstance(st, ast.ClassDef) and st.name == name:
                return (st.end_lineno or st.lineno) + 1
            continue
        targets = st.targets if isinstance(st, ast.Assign) else [st.target] if isinstance(st, ast.AnnAssign) else []
        if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t)):
            return st.lineno
    return 0


def _on_state(ev) -> bool:
    """The collective's operand is an attribute of an object, read whole or indexed
    (`self.kernel`, `layer.w[...]`, `self.w.value`)."""
    node = getattr(ev, "node", None)
    x = node.args[0] if isinstance(node, ast.Call) and node.args else None
    while isinstance(x, ast.Subscript) or (isinstance(x, ast.Attribute) and x.attr == "value"):
        x = x.value
    return isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name)


def arg_kind(v) -> str:
    """What an argument of a wrapped function is, for the specs a wrap gives it (ARG_KINDS)."""
    opts = options(v)
    kinds = {_kind(o) for o in opts}
    return kinds.pop() if len(kinds) == 1 else "unknown"


def _kind(v) -> str:
    if isinstance(v, Inst) and COTANGENT in v.attrs:
        return "tree"  # a module's gradient: its arrays are as its parameters' (not a state passed through)
    if isinstance(v, (Inst, GraphPart)):
        return "module"
    if isinstance(v, ArrayV):
        if v.shape is None:
            return "array"
        return "batch" if len(v.shape) >= 1 else "scalar"
    if isinstance(v, (DictV, Seq)):
        return "tree"
    return "unknown"


def diag(facts: Facts, code: str, site: Site, message: str, *, severity: Severity | None = None,
         path: tuple = (), ctx: Context | None = None, fix_facts: tuple[FixFact, ...] = (), ev=None,
         raises: str | None = None) -> Diagnostic:
    """A diagnostic of rule `code` at `site`. `ctx` gives the "applied here" related lines;
    `ev` (else `ctx`) is the evidence whose context decides the verdict (analysis/verdicts.py);
    `raises` names the exception JAX raises there when it is not the rule's usual one."""
    rule = RULES[code]
    message = message.replace(".`. ", ".` ").replace(".`.", ".`")
    evidence = ev.ctx if ev is not None else ctx
    related = related_for(facts, path, ctx)
    rethrow = _rethrown_at(evidence, code, raises)
    if rethrow is not None:
        # A handler around it raises an exception of its own: that is what the user sees, there.
        raise_site, what = rethrow
        line, col, _, _ = site_span(facts, site)
        related = (Related(site.path, line, col, "where JAX raises"), *related)
        message = f"`{what}` is raised here, from what JAX raises inside the `try`: {message}"
        site = raise_site
    line, col, end_line, end_col = site_span(facts, site)
    d = Diagnostic(site.path, line, col, end_line, end_col, code, rule.name, severity or rule.severity,
                   message, related, fix_facts=fix_facts)
    if evidence is not None or raises is not None:
        facts.contexts[id(d)] = (evidence, raises)
    return d


def _rethrown_at(ctx: Context | None, code: str, raises: str | None):
    """(raise site, what it raises) of the innermost enclosing handler that turns the failure
    JAX raises while tracing into an exception of its own."""
    from ..verdicts import RAISES, TRACE_TIME, catches

    exc = raises or RAISES.get(code)
    if ctx is None or not ctx.rethrow or exc is None or code not in TRACE_TIME or catches(ctx.caught, exc):
        return None
    for names, raise_site, what in reversed(ctx.rethrow):
        if catches(names, exc):
            return raise_site, what
    return None


def ctx_words(ctx: Context) -> str:
    names = [f.kind for f in ctx.layers if f.kind != "kernel"]
    if not names:
        return "eagerly (outside any transformation)"
    return "under " + " → ".join(names)


def axis_desc(axes) -> str:
    return ", ".join(repr(a) for a in axes)
