"""Where code runs: source sites, the transformation layers between an entry point and the code
being analysed (jit, shard_map, pmap, vmap, differentiation, a Pallas kernel), and the context
the interpreter carries — layers, the ambient mesh, the choices made on the way (which option
of a value that differs by path), and the exceptions an enclosing `try` catches."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .values import MeshV

MAX_CHOICES = 4


class Raise(Exception):
    """The code being interpreted certainly raises here (a `raise` on every path of a called
    function, a lookup Python rejects): what follows on this path never runs."""


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
class LayerKind:
    """What a kind of layer is to rules and messages."""
    name: str
    words: str  # in "X applied here" and "under X → Y"
    binds_axes: bool = False  # its axes are names collectives can use


LAYER_KINDS = {k.name: k for k in (
    LayerKind("jit", "jit"),
    LayerKind("shard_map", "shard_map", binds_axes=True),
    LayerKind("pmap", "pmap", binds_axes=True),
    LayerKind("vmap", "vmap", binds_axes=True),
    LayerKind("grad", "differentiation"),
    LayerKind("kernel", "Pallas kernel"),
    LayerKind("eval_shape", "eval_shape"),  # traced for its output's shapes, never lowered
)}


@dataclass(frozen=True)
class Layer:
    """One transformation between an entry point and the code being analysed.

    axes: the axis names this layer binds (manual axes for shard_map); None when not static.
    """
    kind: str  # a key of LAYER_KINDS
    site: Site
    axes: frozenset | None = frozenset()
    mesh_axes: tuple | None = None  # shard_map: all axes of its mesh (None when unknown)
    mesh_sizes: tuple | None = None
    auto_partitioned: bool = False  # jit with multi-device in/out shardings
    api: str = ""
    # The platforms the code around this jit is lowered for, where the code says so
    # (`.trace(...).lower(lowering_platforms=("tpu",))`, `jax.export.export(f, platforms=...)`).
    platforms: tuple = ()
    # Where the transformed function is written: ("arg", Site of the function expression) for
    # `jit(step)`, ("decorator", Site of the def) for `@jit`, then ((name, MeshV), ...) the
    # function it is written in binds locally; for fixes and messages.
    wrap: tuple | None = field(default=None, compare=False)
    # shard_map: the mesh axes its in_specs shard the arguments over (None when not static)
    spec_axes: frozenset | None = field(default=None, compare=False)
    # jit, pmap: the values of the positional arguments the function is called with (for fixes:
    # a wrap's specs shard the data arguments only)
    args: tuple = field(default=(), compare=False)
    # kernel: the context the pallas_call runs in and the kernel it runs (the same pallas_call
    # reached from two programs, or under two meshes, is two kernels with events of their own)
    invocation: tuple = ()
    # vmap, pmap: the size of the mapped dimension, where an argument's shape (or `axis_size=`) says it
    size: int | None = field(default=None, compare=False)
    # vmap: its function was given what each item holds (the arrays without their mapped
    # dimension), as JAX gives it; else the arguments as they were. With it, which arrays it
    # gave per item ((id of the per-item array, id of the array it maps), ...) and the split of
    # their mapped dimensions (a sharding type's entry; None where not known)
    per_item: bool = field(default=False, compare=False)
    views: tuple = field(default=(), compare=False)
    split: tuple | None = field(default=None, compare=False)
    # jit, shard_map: the length of the call path to its function's body (the calls written
    # there are the next step)
    entry: int | None = field(default=None, compare=False)
    # grad: what it differentiates is arrays the analysis follows (in tuples, lists, dicts), so
    # an array without the DIFFERENTIATED pseudo-axis is known not to depend on it
    tracked: bool = field(default=False, compare=False)
    # vmap: the mesh axes its `spmd_axis_name` names (the mapped dimension is split over them);
    # and, a Flax Linen `nn.vmap`, whether it maps its module's parameters (each item has its own)
    spmd: frozenset = field(default=frozenset(), compare=False)
    maps_params: bool = field(default=False, compare=False)

    @property
    def words(self) -> str:
        return LAYER_KINDS[self.kind].words


@dataclass(frozen=True)
class Context:
    layers: tuple = ()
    mesh: MeshV | None = field(default=None, compare=False)  # ambient mesh (set_mesh / with mesh)
    mesh_key: tuple | None = None
    # ((origin, option index, number of options), ...): the options taken of values that differ
    # by path. A verdict is certain only where every option leads to it.
    choices: tuple = ()
    # Exception names an enclosing `try` (or `pytest.raises`, `assertRaises`) catches: "*" all.
    caught: frozenset = frozenset()
    # More choices were nested than are tracked: nothing under here is certain.
    uncertain: bool = False
    # Modes code runs in: "linen_init" / "linen_apply" (a Flax Linen module run by `init` /
    # `apply`), "trace_only" (traced to find its outputs, never lowered), "mesh_maybe" (a mesh
    # context it cannot see may be in force), "eager_off" (Flax NNX's eager sharding may be off).
    modes: frozenset = frozenset()
    # Enclosing handlers that raise an exception of their own: ((exception names, the raise's
    # Site, what it raises), ...), innermost last.
    rethrow: tuple = ()
    # The logical axis rules (an AxisRulesV) a `with nn.logical_axis_rules(...)` around the code
    # entered (None: none; an AxisRulesV of rules None: not known; Flax reads them where logical
    # names are mapped).
    rules: object = field(default=None, compare=False)
    rules_key: tuple | None = None
    # A legacy `with mesh:` around the code (it sets no context mesh, but a bare PartitionSpec
    # is resolved against it): (the Site of the mesh expression, the MeshV).
    legacy_mesh: tuple | None = field(default=None, compare=False)

    def _with(self, **changes) -> "Context":
        return replace(self, **changes)

    def push(self, layer: Layer) -> "Context":
        return self._with(layers=self.layers + (layer,))

    def with_mesh(self, mesh: MeshV | None) -> "Context":
        if mesh is None:
            return self
        return self._with(mesh=mesh, mesh_key=mesh.key())

    def with_rules(self, rules) -> "Context":
        return self._with(rules=rules, rules_key=rules.key() if rules is not None else None)

    def choose(self, origin, index: int, n: int) -> "Context":
        if n <= 1:
            return self
        if len(self.choices) >= MAX_CHOICES:
            return self._with(uncertain=True)
        return self._with(choices=self.choices + ((origin, index, n),))

    def catching(self, names: frozenset) -> "Context":
        return self._with(caught=self.caught | names)

    def rethrowing(self, entries: tuple) -> "Context":
        return self._with(rethrow=self.rethrow + entries)

    def in_mode(self, mode: str) -> "Context":
        return self._with(modes=self.modes | {mode})

    def without_mode(self, mode: str) -> "Context":
        return self._with(modes=self.modes - {mode}) if mode in self.modes else self

    def outside(self, depth: int) -> "Context":
        """This context with only its first `depth` layers."""
        return self._with(layers=self.layers[:depth])

    @property
    def traced(self) -> bool:
        return bool(self.layers)

    @property
    def memo_key(self) -> tuple:
        return (self.layers, self.mesh_key, self.choices, self.caught, self.uncertain, self.modes, self.rethrow,
                self.rules_key)

    @property
    def manual_axes(self) -> frozenset | None:
        """The mesh axes the shard_maps around the code make manual (one nested in another adds
        its own to the outer one's); None where some shard_map's are not known."""
        out: frozenset = frozenset()
        for f in self.layers:
            if f.kind == "shard_map":
                if f.axes is None:
                    return None
                out |= f.axes
        return out

    @property
    def per_item(self) -> bool:
        """Whether the arrays here have the shapes JAX traces: no pmap around, and every vmap
        around gave its function per-item arrays."""
        return all(f.per_item for f in self.layers if f.kind in ("vmap", "pmap"))

    def innermost(self, kind: str) -> Layer | None:
        for f in reversed(self.layers):
            if f.kind == kind:
                return f
        return None


def entry_path(act) -> str:
    """The file of the entry point that is running the activation `act` (programs in different
    files are different processes)."""
    return act.path[0][0].path if act.path else act.scope.module.path
