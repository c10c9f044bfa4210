"""Abstract values: what an expression may denote at analysis time.

A value is a JAX API, a user function (with the activation it closes over), a class or an
instance, a transformed function, a partial application, a mesh, an array, a literal.
`Unknown` is the honest answer everywhere else, and it is kept: a name that is a mesh on one
path and unknown on another is `Multi((mesh, Unknown))`, never just the mesh. Rules judge
concrete values only (the interpreter splits a `Multi` into its options before an event is
recorded); "unknown" never becomes "wrong"."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

MAX_OPTIONS = 8


class Value:
    __slots__ = ()

    def key(self):
        """A hashable summary used to memoise analyses by argument values."""
        return type(self).__name__


@dataclass(frozen=True, eq=False)
class UnknownV(Value):
    def key(self):
        return "?"

    def __repr__(self):
        return "Unknown"


Unknown = UnknownV()


@dataclass(frozen=True, eq=False)
class Ext(Value):
    """An object outside the analysed source, by canonical qualified name (e.g. jax.lax.psum)."""
    name: str

    def key(self):
        return ("ext", self.name)


@dataclass(eq=False)
class ModV(Value):
    module: object  # index.Module

    def key(self):
        return ("mod", self.module.name)


@dataclass(eq=False)
class GlobalsV(Value):
    """`globals()` of a module (index.Module): a dict of its top-level names, each read where it
    is looked up (`globals()[f"{name}_grads"]`)."""
    module: object

    def key(self):
        return ("globals", self.module.name)


@dataclass(eq=False)
class Func(Value):
    scope: object  # index.Scope of the def or lambda
    env: object | None = None  # the Activation it closes over (None: its module's top level)
    defaults: dict = field(default_factory=dict)  # parameter -> default value, evaluated at `def`

    def key(self):
        return ("func", id(self.scope), id(self.env) if self.env is not None else 0)


@dataclass(eq=False)
class ClassV(Value):
    scope: object
    ns: dict = field(default_factory=dict)  # the class body's names once it has run
    bases: tuple = ()
    decorators: tuple = ()  # canonical names of known decorators (dataclass-like classes)
    members: tuple | None = None  # an Enum class's members' names, in order

    def key(self):
        return ("class", id(self.scope))


@dataclass(eq=False)
class Inst(Value):
    cls: Value  # ClassV, or Ext for instances of classes outside the analysed source
    attrs: dict = field(default_factory=dict)
    version: int = 0  # bumped on every attribute store: memo keys see the state
    lift: object = None  # a Flax Linen lifted transformation of its class (Lifted)
    setup_done: bool = False  # a Flax Linen module runs `setup()` before its first method

    def key(self):
        return ("inst", id(self), self.version)


@dataclass(eq=False)
class Descriptor(Value):
    """A function a class body wraps in `property`, `staticmethod`, `classmethod` or
    `functools.cached_property`."""
    kind: str
    func: Value

    def key(self):
        return ("descriptor", self.kind, self.func.key())


@dataclass(eq=False)
class Bound(Value):
    func: Value
    self_value: Value

    def key(self):
        return ("bound", self.func.key(), self.self_value.key())


@dataclass(eq=False)
class Partial(Value):
    func: Value
    args: tuple
    kwargs: dict

    def key(self):
        return ("partial", self.func.key(), tuple(a.key() for a in self.args),
                tuple(sorted((k, v.key()) for k, v in self.kwargs.items())))


@dataclass(eq=False)
class Transformed(Value):
    """A function under a transformation of the API table (`jit(f)`, `shard_map(f, ...)`,
    `pallas_call(kernel, ...)`, `checkpoint(f)`, ...): `api` names the row, `params` are the
    transformation's arguments bound to the row's parameter names."""
    kind: str
    fn: Value
    params: dict
    site: object  # Site of the transformation call (or decorator)
    api: str = ""

    def key(self):
        return ("tr", self.kind, self.fn.key(), id(self.site))


@dataclass(eq=False)
class Lifted(Value):
    """A Flax Linen transformation applied to a Module class (`nn.jit(MLP)`, `nn.vmap(Block,
    axis_name="batch")`): instances of `cls` whose `methods` run under it."""
    cls: Value
    kind: str
    params: dict
    site: object
    api: str = ""
    methods: tuple = ("__call__",)

    def key(self):
        return ("lifted", self.kind, self.cls.key(), id(self.site))


@dataclass(eq=False)
class GraphPart(Value):
    """What `nnx.split(model)` returns for the module (`graphdef`) and its state: `nnx.merge`
    of them is the module again (of the same class)."""
    kind: str  # graphdef | state
    of: Value
    # the state's filter and the filters before it in the same split (`nnx.split(model, nnx.Param,
    # ...)`: a variable goes to the first that keeps it); None: all the module's variables
    select: tuple | None = None
    source: Value | None = None  # the module whose state this is, where `of` was made from it (specs)

    @property
    def module(self) -> Value:
        return self.source if self.source is not None else self.of

    def remade(self, of: Value) -> GraphPart:
        """The same module's state (the same selection of it), holding `of` now."""
        return GraphPart(self.kind, of, self.select, self.module)

    def key(self):
        if self.select is None:
            return ("graph", self.kind, self.of.key())
        own, earlier = self.select
        return ("graph", self.kind, self.of.key(), own.key(), tuple(e.key() for e in earlier))


@dataclass(eq=False)
class Factory(Value):
    """A transformation still waiting for its function: `jax.shard_map(mesh=..., ...)` used as
    a decorator, `jax.jit(static_argnums=...)`, `pl.when(cond)`."""
    kind: str
    params: dict
    site: object
    api: str = ""

    def key(self):
        return ("factory", self.kind, id(self.site))


@dataclass(eq=False)
class MeshV(Value):
    axes: tuple | None  # axis names, None when not static
    sizes: tuple | None  # sizes per axis, None when not static
    site: object
    explicit_default: bool = False  # jax.make_mesh without axis_types (Explicit from JAX 0.10)
    abstract: bool = False  # an AbstractMesh (no devices)
    explicit_types: bool = False  # axis_types makes every axis Explicit
    auto_types: bool = False  # every axis Auto: `axis_types` says so, or a `Mesh` given none

    def key(self):
        return ("mesh", self.axes, self.sizes)

    @property
    def devices(self) -> int | None:
        if self.sizes is None or any(s is None for s in self.sizes):
            return None
        n = 1
        for s in self.sizes:
            n *= s
        return n


@dataclass(eq=False)
class SetMeshV(Value):
    """`jax.set_mesh(mesh)` / `use_mesh(mesh)` / a Mesh used as a context manager."""
    mesh: MeshV

    def key(self):
        return ("setmesh", self.mesh.key())


@dataclass(eq=False)
class AxisRulesV(Value):
    """`nn.logical_axis_rules(rules)`: a context in which Flax maps logical axis names to mesh
    axes by `rules` (((logical name, mesh axis, axes or None), ...); None when not static).
    `targets`: each rule's mesh axes as written (their literals keep their sites, for fixes)."""
    rules: tuple | None
    targets: tuple = ()

    def key(self):
        return ("axis_rules", self.rules)


@dataclass(eq=False)
class EagerShardingV(Value):
    """`nnx.use_eager_sharding(value)`: a context (as a statement, the default from then on) in
    which Flax NNX shards a variable that carries a sharding where it is made, or not (`on`:
    None when not static)."""
    on: bool | None

    def key(self):
        return ("eager_sharding", self.on)


@dataclass(eq=False)
class LinenVarsV(Value):
    """The variables a Flax Linen `init` makes, known by the logical axis names its parameters
    were given (`nn.with_logical_partitioning`): `logical`, each a tuple of names (or None);
    as `nn.get_partition_spec` gives them (`specs`), the logical PartitionSpecs of them.
    `mesh_names`: the mesh axes `nn.with_partitioning` gave parameters, each a tuple of the
    Consts written (their sites kept, for fixes). `sharding`: NO_SHARDING where the arrays were
    made with no mesh in context (an `init` run so), else None (not known). `split`: inside a
    shard_map whose in_specs for them were their own boxes' (`nn.get_partition_spec`), its manual
    axes (a parameter varies over those its `nn.with_partitioning` names), else None."""
    logical: frozenset
    specs: bool = False
    mesh_names: frozenset = frozenset()
    sharding: object = None
    split: frozenset | None = None
    # (the initializer's box, its names, the shape) of each parameter made with names whose
    # shape is known: mesh axes as the Consts written (as in `mesh_names`), logical names' values
    shaped: frozenset = frozenset()
    # the collections the variables surely hold (`init`'s: `params`, a BatchNorm's `batch_stats`);
    # empty where they are one collection's (`variables["params"]`) or not known
    collections: frozenset = frozenset()
    within: str | None = None  # the one collection they are, where known (`variables["params"]`)

    def key(self):
        return ("linen_vars", self.logical, self.specs, self.collections, self.within,
                frozenset(tuple(n.value for n in names) for names in self.mesh_names), self.sharding, self.split,
                frozenset((box, tuple(getattr(n, "value", n) for n in names), shape)
                          for box, names, shape in self.shaped))


@dataclass(eq=False)
class LinenShardingsV(Value):
    """The NamedShardings `nn.logical_to_mesh_sharding` or `nn.get_sharding` gives Linen
    variables, where their parameters' shapes are known: (sharding, shape) of each (a `jax.jit`
    given them as `out_shardings` checks each against its parameter). `variables`: made of the
    variables themselves (`nn.get_sharding(variables["params"], mesh)`), so a dict (not the
    class of a train state that holds them)."""
    pairs: tuple
    variables: bool = False
    collections: frozenset = frozenset()  # the variables' (`LinenVarsV`): keyed by these collections
    within: str | None = None  # the variables' (`LinenVarsV`): that collection's parameters

    def key(self):
        return ("linen_shardings", tuple((id(s), shape) for s, shape in self.pairs), self.variables,
                self.collections, self.within)


@dataclass(eq=False)
class DevicesV(Value):
    """An array of devices (`jax.devices()`, a slice, `np.array(...).reshape(2, 2)`, ...)."""
    shape: tuple | None  # None: as many as the machine has

    def key(self):
        return ("devices", self.shape)


@dataclass(eq=False)
class DTypeV(Value):
    """A dtype by name (`jnp.float32`, `np.dtype("bfloat16")`, `x.dtype`); None: a dtype whose
    name is not known (an array's of unknown dtype)."""
    name: str | None

    def key(self):
        return ("dtype", self.name)


# What an array says about its sharding: none at all, or unknown.
NO_SHARDING = "none"
MATCH = "re.Match"  # the class of what `re.search` finds (an instance of it is truthy)


@dataclass(eq=False)
class ArrayV(Value):
    """An array or its abstract stand-in (ShapeDtypeStruct). `sharding` is NO_SHARDING, a
    ShardingV, or Unknown. `vma`: manual mesh axes it is known to vary over inside shard_map
    (its varying axes, as shard_map's check sees them) — a lower bound: what an unknown operand
    adds is not in it; `exact`: it is all of them. `received` is the precv event whose result it
    is. `struct`: for a ShapeDtypeStruct, whether it declares its varying axes (`vma=`,
    `manual_axis_type=`): "typed" or "untyped"; None for an array. `spec`: its sharding type on
    a mesh whose axes are Explicit, where known (stypes.py). `weak`: of an array JAX types weakly
    (`jnp.full(shape, 0.0)`; its `dtype` is None: it takes the other operand's where types are
    promoted), the dtype it has where they are not (`jax.lax`'s operations)."""
    shape: tuple | None = None  # of ints or None per dimension
    dtype: str | None = None
    sharding: object = Unknown
    vma: frozenset = frozenset()
    received: object = None
    exact: bool = False
    struct: str | None = None
    lead: int | None = None  # the length of its first dimension, where only that is known
    spec: tuple | None = None
    weak: str | None = None

    @property
    def varying(self) -> bool:
        return bool(self.vma - {BATCHED})

    def key(self):
        return ("array", self.shape, self.dtype, id(self.sharding) if isinstance(self.sharding, Value) else
                self.sharding, self.vma, self.exact, id(self.received) if self.received is not None else 0,
                self.struct, self.lead, self.spec, self.weak)


@dataclass(eq=False)
class PSpecV(Value):
    """`PartitionSpec(...)`: the mesh axes it names, when static."""
    axes: tuple | None
    entries: int | None = None  # how many entries (dimensions) it has
    named: tuple = ()  # the axes its known entries name (all of `axes` when those are known)
    literals: tuple = ()  # the string Consts its entries hold (where each was written: their sites)
    parts: tuple | None = None  # its entries as given (an axis, None, a tuple of axes), when all are known

    def key(self):
        return ("pspec", self.axes, self.entries, self.named,
                None if self.parts is None else tuple(p.key() for p in self.parts))


def spec_duplicate(spec: Value) -> tuple[str, object] | None:
    """The first mesh axis a PartitionSpec's known entries name more than once (JAX maps a mesh
    axis to one dimension at most), with the site of the one written in a tuple of several axes,
    where exactly one was (what may go from there); None where no axis is named twice."""
    if not isinstance(spec, PSpecV):
        return None
    axis = next((a for i, a in enumerate(spec.named) if a in spec.named[:i]), None)
    if axis is None:
        return None
    sites = [c.site for part in spec.parts or () if isinstance(part, Seq) and len(part.items) > 1
             for c in part.items if isinstance(c, Const) and c.value == axis and c.site is not None]
    return axis, sites[0] if len(sites) == 1 else None


@dataclass(eq=False)
class ShardingV(Value):
    mesh: Value
    spec: Value = Unknown

    def key(self):
        return ("sharding", self.mesh.key(), self.spec.key())


class EnumMember(str):
    """A member of a program's Enum class that mixes in no str or int, as a constant's value: a
    string that is what `str()` of the member gives (`MeshAxis.SEQ`), so that, as the member in
    JAX, it is no mesh axis's name; its `.value` (a Value) and `.name` are kept."""

    def __new__(cls, owner: str, name: str, value: object):
        member = super().__new__(cls, f"{owner}.{name}")
        member.owner, member.member_name, member.member_value = owner, name, value
        return member

    def __reduce__(self):
        return EnumMember, (self.owner, self.member_name, self.member_value)

    def __repr__(self) -> str:
        value = self.member_value
        return f"<{self}: {value.value if isinstance(value, Const) else value!r}>"


@dataclass(frozen=True, eq=False)
class Const(Value):
    value: object
    # Where a string was written as a literal (a Site), for fixes that edit it there: the
    # value keeps it wherever it flows (a field, an argument, a partial's keyword).
    site: object = None

    def key(self):
        try:
            hash(self.value)
            return ("const", type(self.value).__name__, self.value)
        except TypeError:
            return ("const", repr(self.value))


_SERIAL = itertools.count()


def serial() -> int:
    """A number below that of every container made from now on."""
    return next(_SERIAL)


def fresh_copy(v: Value, since: int) -> Value:
    """`v` as a call that made it returns it again: a list or dict made during the call
    (`born` after `since`) is a new one each time (a caller's `d[k] = v` on it is seen by no other
    call), anything else is the same object."""
    if isinstance(v, DictV) and v.born > since:
        return replace(v, items=dict(v.items), born=next(_SERIAL))
    if isinstance(v, Seq) and v.kind == "list" and v.born > since:
        return replace(v, born=next(_SERIAL))
    if isinstance(v, Multi):
        return Multi(tuple(fresh_copy(o, since) for o in v.options))
    return v


@dataclass(eq=False)
class Seq(Value):
    items: tuple
    kind: str = "tuple"
    born: int = field(default_factory=lambda: next(_SERIAL), repr=False)  # see fresh_copy
    # Where a list was written as a display or a comprehension (a Site), for fixes that edit it
    # there (a perm built in a helper function): the value keeps it wherever it flows.
    site: object = field(default=None, repr=False)

    def key(self):
        return ("seq", self.kind, tuple(i.key() for i in self.items))


@dataclass(eq=False)
class Repeated(Value):
    """A sequence of unknown length whose every item is `item` (a comprehension or `list(...)`
    over items not known one by one: `[Block(k) for k in jax.random.split(key, n)]`). Iterating
    it runs a loop body for an item, zero or more times; its length and structure are unknown."""
    item: Value
    kind: str = "list"

    def key(self):
        return ("repeated", self.kind, self.item.key())


@dataclass(eq=False)
class YieldedV(Repeated):
    """What calling a generator function gives: iterated, what it yields. Entered by `with` (a
    `contextlib.contextmanager` function's), the context mesh in force where it yields:
    `meshes`, one per yield, each a MeshV, None (none) or Unknown (one it cannot see may be).
    `items`: every item it yields, in order, where its body surely yields exactly those (no
    loop of unknown length, branch or handler around a yield): iterating it runs a loop body
    for each."""
    meshes: tuple = ()
    items: tuple | None = None

    def key(self):
        return ("yielded", self.item.key(), tuple(m.key() if isinstance(m, Value) else m for m in self.meshes),
                None if self.items is None else tuple(v.key() for v in self.items))


@dataclass(eq=False)
class DictV(Value):
    items: dict
    origin: object = None  # the MeshV whose `.shape` this is
    born: int = field(default_factory=lambda: next(_SERIAL), repr=False)  # see fresh_copy

    def key(self):
        return ("dict", tuple(sorted((str(k), v.key()) for k, v in self.items.items())))


@dataclass(eq=False)
class StateDict(DictV):
    """`nnx.State({...})`: a dict made an NNX State, a pytree node of the State's type (what a
    shard_map's specs for a module's state are made of)."""


@dataclass(eq=False)
class FilterSpecs(DictV):
    """`nnx.StateSharding({filter: spec, ...})` keyed by NNX filters (functions of a variable's
    path and value, `...`, a tag, a variable type): to anything else the dict of its keys that
    are plain constants, as before; a shard_map matches the (filter, spec) pairs, in order,
    against the variables of the module it is given (`filtered_specs`, which decides those it
    can)."""
    filters: tuple = ()


@dataclass(eq=False)
class Multi(Value):
    """One of several values: the name was bound differently on the paths that reach here.
    An `Unknown` option means some path gives a value nothing is known about."""
    options: tuple

    def key(self):
        return ("multi", tuple(o.key() for o in self.options))


@dataclass(eq=False)
class CommV(Value):
    """The result of `pltpu.make_async_remote_copy(...)`: its `.start()` is where JAX checks the
    device id."""
    event: object

    def key(self):
        return ("comm", id(self.event))


@dataclass(eq=False)
class MethodOf(Value):
    """`obj.name` where obj is an analysis value with behaviour of its own (`jit(f).lower`,
    `copy.start`, `traced.lower`, `devices.reshape`)."""
    obj: Value
    name: str

    def key(self):
        return ("method", self.obj.key(), self.name)


@dataclass(eq=False)
class Traced(Value):
    """What `jit(f).trace(...)` returns: `.lower()` on it needs nothing more."""
    fn: Value

    def key(self):
        return ("traced",)


@dataclass(eq=False)
class BlockSpecV(Value):
    """A Pallas `BlockSpec`: the memory space it puts its operand in (None where not given; a
    canonical name as `Ext` where known)."""
    memory_space: Value | None

    def key(self):
        return ("blockspec", self.memory_space.key() if self.memory_space is not None else None)


@dataclass(eq=False)
class CompilerParamsV(Value):
    collective_id: Value | None
    tpu: bool = True
    options: dict = field(default_factory=dict)  # the other keywords it was given

    def key(self):
        return ("cparams",)


class Thunk:
    """A binding worked out when first read: an import binds its name to one, so that modules
    a program imports but never uses are not read."""

    __slots__ = ("fn", "value")

    def __init__(self, fn):
        self.fn = fn
        self.value = None

    def force(self) -> Value:
        if self.value is None:
            self.value = Unknown  # a cycle through this import sees an unknown value
            self.value = self.fn()
            self.fn = None
        return self.value


class _Unbound:
    """A name not (yet) bound on some path: that path raises NameError before it gets here,
    so a join ignores it."""

    def __repr__(self):
        return "<unbound>"


UNBOUND = _Unbound()


def join(values) -> Value:
    """The value that is any one of `values`. Unknown stays an option; UNBOUND (a path that
    would have raised NameError) is dropped."""
    opts = []
    seen = set()
    unknown = False
    for v in values:
        if v is UNBOUND:
            continue
        for o in (v.options if isinstance(v, Multi) else (v,)):
            if o is Unknown:
                unknown = True
                continue
            if id(o) not in seen:
                seen.add(id(o))
                opts.append(o)
    if len(opts) > MAX_OPTIONS:
        opts, unknown = opts[:MAX_OPTIONS - 1], True
    if unknown:
        return Multi((*opts, Unknown)) if opts else Unknown
    if not opts:
        return UNBOUND if values and all(v is UNBOUND for v in values) else Unknown
    return opts[0] if len(opts) == 1 else Multi(tuple(opts))


def dict_key(v: Value) -> Const | None:
    """A dict key, where known: a constant, or a tuple of known keys (`d[("h", "kernel")]`)."""
    if isinstance(v, Const):
        return v
    if isinstance(v, Seq) and v.kind == "tuple":
        parts = [dict_key(i) for i in v.items]
        return Const(tuple(p.value for p in parts)) if None not in parts else None
    return None


def options(v: Value) -> tuple:
    """The values `v` may be (one, unless it is a Multi)."""
    return v.options if isinstance(v, Multi) else (v,)


def definite(v: Value, cls) -> Value | None:
    """`v` when it is certainly an instance of `cls` (not one of several values)."""
    return v if isinstance(v, cls) else None


def holds(v, pred) -> bool:
    """Whether `pred` holds for `v` or for something inside it (items of a sequence, options)."""
    if pred(v):
        return True
    if isinstance(v, Seq):
        return any(holds(i, pred) for i in v.items)
    if isinstance(v, Repeated):
        return holds(v.item, pred)
    if isinstance(v, DictV):
        return any(holds(i, pred) for i in v.items.values())
    if isinstance(v, Multi):
        return any(holds(o, pred) for o in v.options)
    return False


def vma_of(v, seen: frozenset = frozenset()) -> frozenset:
    """The axes `v` (an array, or a pytree of them: containers, modules) is known to vary over."""
    if isinstance(v, ArrayV):
        return v.vma
    if isinstance(v, (Seq, Multi)):
        return frozenset().union(*(vma_of(i, seen) for i in (v.items if isinstance(v, Seq) else v.options)))
    if isinstance(v, DictV):
        return frozenset().union(*(vma_of(i, seen) for i in v.items.values()))
    if isinstance(v, Inst) and id(v) not in seen:
        inner = seen | {id(v)}
        own = v.attrs.get("__vma__", frozenset())
        return own.union(*(vma_of(i, inner) for k, i in v.attrs.items() if k != "__vma__"))
    return frozenset()


def row_of(a: ArrayV) -> ArrayV:
    """One row of an array (what iterating over it or unpacking it gives), varying as it does;
    of its sharding type where its rows are not split."""
    return ArrayV(a.shape[1:] if a.shape else None, a.dtype, vma=a.vma, exact=a.exact,
                  spec=a.spec[1:] if a.spec and not a.spec[0] else None)


def map_arrays(v: Value, array, other=lambda v: Unknown) -> Value:
    """`v` with each array in its containers (tuples, lists, dicts) replaced by `array(it)`, and
    any other leaf by `other(it)`."""
    if isinstance(v, ArrayV):
        return array(v)
    if isinstance(v, Seq):
        return Seq(tuple(map_arrays(i, array, other) for i in v.items), v.kind)
    if isinstance(v, DictV):
        return DictV({k: map_arrays(i, array, other) for k, i in v.items.items()})
    return other(v)


def map_module_arrays(v: Value, array, seen: dict | None = None) -> Value:
    """`map_arrays` through modules too: an NNX state's, a module's fields (copied), a variable's
    array; a framework layer's parameters it does not hold (they vary as `__vma__` says) as
    `array` makes an array varying so. Any other leaf is Unknown."""
    seen = {} if seen is None else seen
    if isinstance(v, GraphPart) and v.kind == "state":
        return v.remade(map_module_arrays(v.of, array, seen))
    if isinstance(v, Inst) and (isinstance(v.cls, ClassV) or is_variable(v) or isinstance(v.cls, Ext)
                                and v.cls.name.startswith(("flax.nnx.", "equinox.nn."))):
        if id(v) in seen:
            return seen[id(v)]
        out = seen[id(v)] = Inst(v.cls, dict(v.attrs), v.version + 1, v.lift, v.setup_done)
        for k, a in v.attrs.items():
            if isinstance(k, str) and not k.startswith("__") and isinstance(a, (ArrayV, Seq, DictV, Inst, GraphPart)):
                out.attrs[k] = map_module_arrays(a, array, seen)
        if "__vma__" in v.attrs or "__exact__" in v.attrs:
            held = array(ArrayV(vma=frozenset(v.attrs.get("__vma__", frozenset())),
                                exact=v.attrs.get("__exact__") is True))
            out.attrs["__vma__"], out.attrs["__exact__"] = held.vma, held.exact
        return out
    return map_arrays(v, array, lambda x: map_module_arrays(x, array, seen) if isinstance(x, (GraphPart, Inst))
                      else Unknown)


# A pseudo-axis in `vma`: the array depends on what an enclosing transformation differentiates.
# No mesh axis is named so, and every check of mesh axes intersects it away.
DIFFERENTIATED = "\N{PARTIAL DIFFERENTIAL}"


# A pseudo-axis in `vma`: the array depends on what an enclosing vmap maps (it carries a batch
# dimension the function does not see). No mesh axis is named so either.
BATCHED = "\N{N-ARY TIMES OPERATOR}"


def differentiated(v: Value) -> Value:
    """`v` (an array, a pytree, a module) as the function a `grad` or `jvp` differentiates sees
    it: every array in it depends on the differentiated input. A module is copied (its layers
    too): what it computes depends on it."""
    return _varying(v, frozenset({DIFFERENTIATED}), None, {})


def varying_with(v: Value, vma: frozenset) -> Value:
    """`v` (a module made from variables that vary over `vma`, at least: a Linen wrapper's NNX
    module under `apply`) with every array in it varying over those axes too, and perhaps
    others."""
    return _varying(v, vma, False, {})


def _varying(v: Value, vma: frozenset, exact: bool | None, seen: dict) -> Value:
    """`v` with every array in it (its modules copied) varying over `vma` too, and known to vary
    over exactly that where `exact` is None and it was before."""
    if isinstance(v, ArrayV):
        return replace(v, vma=v.vma | vma, exact=v.exact if exact is None else exact)
    if isinstance(v, Seq):
        return Seq(tuple(_varying(i, vma, exact, seen) for i in v.items), v.kind)
    if isinstance(v, DictV):
        return DictV({k: _varying(i, vma, exact, seen) for k, i in v.items.items()})
    if isinstance(v, Multi):
        return join([_varying(o, vma, exact, seen) for o in v.options])
    if isinstance(v, GraphPart):
        return v.remade(_varying(v.of, vma, exact, seen))
    if isinstance(v, Inst):
        if id(v) not in seen:
            out = seen[id(v)] = Inst(v.cls, {}, v.version + 1, v.lift, v.setup_done)
            out.attrs.update({k: _varying(i, vma, exact, seen) for k, i in v.attrs.items() if k != "__vma__"})
            out.attrs["__vma__"] = frozenset(v.attrs.get("__vma__", frozenset())) | vma
            if exact is not None and "__exact__" in out.attrs:
                out.attrs["__exact__"] = exact
        return seen[id(v)]
    return v


# Flax NNX's variable classes: each holds one array (`.value`, `v[...]`)
NNX_VARIABLES = frozenset(f"flax.nnx.{n}" for n in ("Variable", "Param", "BatchStat", "Cache", "Intermediate"))


def is_variable(v) -> bool:
    return isinstance(v, Inst) and variable_kind(v.cls) is not None


def variable_kind(cls: Value) -> str | None:
    """The Flax NNX variable class `cls` is or derives from (a program's own `class
    Cache(nnx.Variable)` holds its array as its base does), else None."""
    if isinstance(cls, Ext):
        return cls.name if cls.name in NNX_VARIABLES else None
    return next((c.name for c in ancestors(cls) if isinstance(c, Ext) and c.name in NNX_VARIABLES), None)


def ancestors(cls: Value) -> tuple:
    """`cls` and every class it derives from, depth first as Python's MRO mostly runs: the
    program's own (ClassV) and those outside the analysed source (Ext, where a walk ends); () for
    what is not a class. A class's bases are fixed when it is made, so each walk is done once and
    kept on the class (its bases' part only: no cycle keeps a class, and its module's tree, alive)."""
    if not isinstance(cls, ClassV):
        return (cls,) if isinstance(cls, Ext) else ()
    found = cls.__dict__.get("_ancestors")
    if found is None:
        out = [cls]
        for b in cls.bases:
            for o in options(b):
                out += [c for c in ancestors(o) if c not in out]
        found = cls.__dict__["_ancestors"] = tuple(out[1:])
    return (cls, *found)


_ENUMS = frozenset({"enum.Enum", "enum.Flag", "enum.StrEnum", "enum.IntEnum", "enum.IntFlag"})
_VALUE_MIXINS = frozenset({"enum.StrEnum", "enum.IntEnum", "enum.IntFlag", "builtins.str", "builtins.int"})


def enum_made(cls: ClassV) -> None:
    """An Enum class once its body has run: the names it binds to values (not a dunder, a
    `_sunder_`, a function or a class) are its members, in order. A member of a class that mixes
    in str or int is its value, as it compares and hashes in Python; another one is an EnumMember,
    which no mesh axis name equals. Where a member's value is not known, the members are not."""
    names = {a.name for a in ancestors(cls) if isinstance(a, Ext)}
    if not names & _ENUMS:
        return
    plain = not names & _VALUE_MIXINS
    members, known = [], True
    for name, v in cls.ns.items():
        if name.startswith("_") or isinstance(v, (Func, Descriptor, ClassV)):
            continue
        if not isinstance(v, (Const, Seq)):
            known = False
            continue
        members.append(name)
        if plain:
            cls.ns[name] = Const(EnumMember(cls.scope.name, name, v))
    cls.members = tuple(members) if known else None


def enum_member(cls: ClassV, value: Value) -> Value:
    """`Cls(value)` of an Enum class: the member whose value (or which) it is."""
    for name in cls.members or ():
        member = cls.ns[name]
        inner = member.value.member_value if isinstance(member.value, EnumMember) else member
        if isinstance(value, Const) and (value.key() == member.key() or value.key() == inner.key()):
            return member
    return Unknown


def mro(cls: Value) -> list:
    """The program's own classes among `cls`'s ancestors, `cls` first."""
    return [c for c in ancestors(cls) if isinstance(c, ClassV)]


def variable_array(v: Inst) -> Value:
    """The array an NNX variable holds: its value, else (made from what is not followed) an
    array varying as a shard_map's spec for it says (`__vma__`, `__exact__`)."""
    value = v.attrs.get("value", Unknown)
    if isinstance(value, ArrayV):
        return value
    return ArrayV(vma=v.attrs.get("__vma__", frozenset()), exact=v.attrs.get("__exact__") is True)


def exact_vma(v) -> bool:
    """Whether all the axes `v` (an array or a pytree of them) varies over are known."""
    if isinstance(v, ArrayV):
        return v.exact
    if is_variable(v):
        return exact_vma(variable_array(v))
    if isinstance(v, Seq):
        return all(exact_vma(i) for i in v.items)
    if isinstance(v, DictV):
        return all(exact_vma(i) for i in v.items.values())
    return isinstance(v, (Const, DTypeV))  # a dtype argument (`jnp.asarray(0, x.dtype)`) never varies


# Reductions of an array to one number where they are given no axis (`jnp.mean(x)`, `x.sum()`,
# `jax.nn.logsumexp(x)`, `jnp.linalg.norm(x)`).
_FULL_REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "amax", "amin", "argmax", "argmin", "all", "any", "average", "std", "var",
    "median", "ptp", "count_nonzero", "nanmean", "nansum", "nanmax", "nanmin", "nanprod", "nanstd", "nanvar",
    "nanmedian", "nanargmax", "nanargmin", "logsumexp", "norm",
})


def full_reduction(op: str, more_args, kwargs) -> bool:
    """Whether `op` applied to an array, given `more_args` after it and `kwargs`, reduces it to a
    scalar: a reduction given no axis (by position or keyword), nor `keepdims`, nor a norm's `ord`."""
    if op not in _FULL_REDUCTIONS:
        return False
    given = [*more_args, *(kwargs.get(k) for k in ("axis", "axes", "keepdims", "ord"))]
    return all(v is None or (isinstance(v, Const) and (v.value is None or v.value is False)) for v in given)


def is_varying(v) -> bool:
    return isinstance(v, ArrayV) and v.varying


def is_received(v) -> bool:
    return isinstance(v, ArrayV) and v.received is not None and not v.varying
