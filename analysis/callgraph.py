"""Abstract values the interpreter computes for expressions, and the axis contexts that
transformation edges (jit, shard_map, pmap, vmap, pallas_call) push.

A value is what an expression may denote at analysis time: a JAX API, a user function (with its
closure), a transformed function, a partial application, a mesh, a literal. `Unknown` is the
honest answer everywhere else: rules never guess from it."""

from __future__ import annotations

from dataclasses import dataclass, field


class Value:
    __slots__ = ()

    def key(self):
        """A hashable summary used to memoise analyses by argument values."""
        return type(self).__name__


@dataclass(frozen=True, eq=False)
class UnknownV(Value):
    def key(self):
        return "?"


Unknown = UnknownV()


@dataclass(frozen=True, eq=False)
class Ext(Value):
    """An object outside the analysed source, by canonical qualified name (e.g. jax.lax.psum)."""
    name: str

    def key(self):
        return ("ext", self.name)


@dataclass(frozen=True, eq=False)
class ModV(Value):
    module: object  # index.Module

    def key(self):
        return ("mod", self.module.name)


@dataclass(eq=False)
class Func(Value):
    scope: object  # index.Scope of the def or lambda
    env: object | None = None  # the analysis Frame it closes over (None: module level)

    def key(self):
        return ("func", id(self.scope), id(self.env) if self.env is not None else 0)


@dataclass(eq=False)
class ClassV(Value):
    scope: object

    def key(self):
        return ("class", id(self.scope))


@dataclass(eq=False)
class Inst(Value):
    cls: ClassV
    attrs: dict = field(default_factory=dict)  # `self.name = value` seen in its methods

    def key(self):
        return ("inst", id(self.cls.scope))


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
    """`jit(f)`, `shard_map(f, ...)`, `pmap(f)`, `vmap(f)`, `pallas_call(kernel, ...)`, or a
    transparent wrapper (`grad`, `checkpoint`, ...) around `fn`."""
    kind: str
    fn: Value
    params: dict  # keyword -> Value
    site: object  # Site of the transformation call (or decorator)
    api: str = ""

    def key(self):
        return ("tr", self.kind, self.fn.key(), id(self.site))


@dataclass(eq=False)
class Factory(Value):
    """A transformation still waiting for its function: `jax.shard_map(mesh=..., ...)` used as a
    decorator, `jax.jit(static_argnums=...)`."""
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
class DevicesV(Value):
    """An array of devices (`jax.devices()`, a slice, `np.array(...).reshape(2, 2)`, ...)."""
    shape: tuple | None  # None: as many as the machine has

    def key(self):
        return ("devices", self.shape)


@dataclass(eq=False)
class Received(Value):
    """What `jax.lax.precv` returns: an array that does not vary over the mesh axes."""
    event: object

    def key(self):
        return ("received", id(self.event))


@dataclass(eq=False)
class Varying(Value):
    """An argument of a shard_mapped function: a per-device block that varies over the manual
    axes (as far as shard_map's varying-axes check is concerned)."""

    def key(self):
        return ("varying",)


@dataclass(eq=False)
class PlainArray(Value):
    """An array (or ShapeDtypeStruct) known to carry no sharding."""

    def key(self):
        return ("plain",)


@dataclass(eq=False)
class PSpecV(Value):
    """`PartitionSpec(...)`: the mesh axes it names, when static."""
    axes: tuple | None

    def key(self):
        return ("pspec", self.axes)


@dataclass(eq=False)
class ShardingV(Value):
    mesh: Value

    def key(self):
        return ("sharding", self.mesh.key())


@dataclass(frozen=True, eq=False)
class Const(Value):
    value: object

    def key(self):
        try:
            hash(self.value)
            return ("const", self.value)
        except TypeError:
            return ("const", repr(self.value))


@dataclass(eq=False)
class Seq(Value):
    items: tuple
    kind: str = "tuple"

    def key(self):
        return ("seq", tuple(i.key() for i in self.items))


@dataclass(eq=False)
class DictV(Value):
    items: dict

    def key(self):
        return ("dict", tuple(sorted((str(k), v.key()) for k, v in self.items.items())))


@dataclass(eq=False)
class Multi(Value):
    """Any one of several values (a name bound in more than one place)."""
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
    `copy.start`, `traced.lower`)."""
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
class CompilerParamsV(Value):
    collective_id: Value | None
    tpu: bool = True

    def key(self):
        return ("cparams",)


def multi(values) -> Value:
    opts = []
    seen = set()
    for v in values:
        for o in (v.options if isinstance(v, Multi) else (v,)):
            if o is Unknown:
                continue
            k = id(o)
            if k not in seen:
                seen.add(k)
                opts.append(o)
    if not opts:
        return Unknown
    if len(opts) == 1:
        return opts[0]
    return Multi(tuple(opts[:8]))


# ---------------------------------------------------------------- axis contexts


@dataclass(frozen=True)
class Site:
    """A place in the source: a call, a decorator, a definition."""
    path: str
    line: int
    col: int  # 0-based byte offset, as ast gives it
    end_line: int
    end_col: int
    label: str = ""

    def __repr__(self):
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Frame:
    """One transformation between an entry point and the code being analysed.

    kind: "jit" | "shard_map" | "pmap" | "vmap" | "kernel"
    axes: the axis names this frame binds (manual axes for shard_map); None when not static.
    """
    kind: str
    site: Site
    axes: frozenset | None = frozenset()
    mesh_axes: tuple | None = None  # shard_map: all axes of its mesh (None when unknown)
    mesh_sizes: tuple | None = None
    auto_partitioned: bool = False  # jit with multi-device in/out shardings
    api: str = ""
    # The platform the code around this jit is lowered for, where the code says so
    # (`.trace(...).lower(lowering_platforms=("tpu",))`, `jax.export.export(f, platforms=...)`).
    platform: str | None = None
    # Where the transformed function is written: ("arg", Site of the function expression) for
    # `jit(step)`, ("decorator", Site of the def) for `@jit`; for fixes and messages.
    wrap: tuple | None = field(default=None, compare=False)
    # shard_map: the mesh axes its in_specs shard the arguments over (None when not static)
    spec_axes: frozenset | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Context:
    frames: tuple = ()
    mesh: MeshV | None = field(default=None, compare=False)  # ambient mesh (set_mesh / with mesh)
    mesh_key: tuple | None = None

    def push(self, frame: Frame) -> "Context":
        return Context(self.frames + (frame,), self.mesh, self.mesh_key)

    def with_mesh(self, mesh: MeshV | None) -> "Context":
        if mesh is None:
            return self
        return Context(self.frames, mesh, mesh.key())

    @property
    def traced(self) -> bool:
        return bool(self.frames)

    def innermost(self, kind: str) -> Frame | None:
        for f in reversed(self.frames):
            if f.kind == kind:
                return f
        return None

    def describe(self) -> str:
        if not self.frames:
            return "eager (no transformation)"
        return " → ".join(_FRAME_NAMES.get(f.kind, f.kind) for f in self.frames)


_FRAME_NAMES = {"jit": "jit", "shard_map": "shard_map", "pmap": "pmap", "vmap": "vmap",
                "kernel": "Pallas kernel"}
