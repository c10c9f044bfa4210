"""What the interpreter records: one dataclass per kind of event. Rules are pure functions over
them. Every event knows where it happened (`site`), in which context (`ctx`: layers, choices,
caught exceptions) and the call path from its entry point (`path`: ((Site, message), ...))."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .frames import Context, Layer, Site
from .values import Value


@dataclass(eq=False)
class Event:
    site: Site
    ctx: Context
    path: tuple
    node: ast.AST | None = field(default=None, repr=False)
    # Where a rule's own site was moved from (a custom_vjp's backward rule is blamed on the
    # primal call that JAX attributes it to).
    rule_site: Site | None = field(default=None, repr=False)
    # While a custom_vjp's backward rule runs, JAX blames what it does on the primal call.
    moves_with_blame = True

    def ident(self) -> tuple:
        """What makes two recordings the same event."""
        return (type(self).__name__, self.site, self.ctx.memo_key)


@dataclass(eq=False)
class SplitSizeEvent(Event):
    """A `psum_scatter` or `all_to_all` whose operand's split dimension (`dim`, of size `size`)
    does not fit the `axis_size` devices of its axes: tiled, a multiple of it; untiled, equal
    to it."""
    api: str = ""
    axes: tuple = ()
    dim: int = 0
    size: int = 0
    axis_size: int = 0
    tiled: bool = False


@dataclass(eq=False)
class CollectiveEvent(Event):
    """A collective (`psum`, `all_gather`, `ppermute`, `axis_index`, ...), `psend` or `precv`."""
    api: str = ""
    kind: str = "collective"  # collective | send | recv
    axes: tuple | None = None  # axis names when static
    axis_value: Value | None = None
    perm: tuple | None = None
    perm_site: Site | None = None  # where the perm's list (or comprehension) is written
    constant: bool = False  # its operand is a Python number (JAX sums one untraced, by the axes' sizes)

    def ident(self):
        # kind, api: a custom_vjp's backward psend and precv (an axis_size and an axis_index) are
        # all blamed on the primal call
        return (*super().ident(), self.kind, self.api, self.axes, self.perm)


@dataclass(eq=False)
class PallasEvent(Event):
    """A `pallas_call` invoked (its kernel runs under `kernel_layer`)."""
    api: str = ""
    created: Site | None = None  # where the pallas_call was made
    params: dict = field(default_factory=dict)
    kernel_layer: Layer | None = None
    # The differentiating transformations (canonical names) whose differentiated input reaches
    # the kernel's operands, outermost first; empty when none does.
    differentiated: tuple = ()
    # The vmap (its canonical name) that batches it, where an operand it batches, or an output,
    # has a BlockSpec in memory space `memory_space` (its canonical name); None otherwise.
    batched_by: str | None = None
    memory_space: str | None = None

    def ident(self):
        return (*super().ident(), id(self.kernel_layer))


@dataclass(eq=False)
class CommEvent(Event):
    """A communication primitive inside a kernel: a remote copy, a remote semaphore signal, or
    the barrier semaphore."""
    api: str = ""
    kind: str = "comm"  # comm | signal | barrier
    device_id: Value | None = None
    device_id_node: ast.AST | None = field(default=None, repr=False)
    device_id_type: Value | None = None

    def ident(self):
        return (*super().ident(), self.kind, id(self.device_id))


@dataclass(eq=False)
class StartEvent(Event):
    """`.start()` of a remote copy: where JAX checks its device id."""
    comm: CommEvent | None = None

    def ident(self):
        return (*super().ident(), id(self.comm))


@dataclass(eq=False)
class KernelApiEvent(Event):
    """A Pallas TPU or GPU API used inside a kernel (tells which backend the kernel is for)."""
    api: str = ""
    platform: str = "tpu"  # tpu | gpu


@dataclass(eq=False)
class ApiRefEvent(Event):
    """A reference to a JAX API that exists only in some JAX versions."""
    api: str = ""
    module: object = None
    moves_with_blame = False

    def ident(self):
        return (*super().ident(), self.api)


@dataclass(eq=False)
class KeywordsEvent(Event):
    """The keywords a call of an API whose keywords differ by version (a shard_map spelling,
    `jax.ShapeDtypeStruct`) was given."""
    api: str = ""
    keywords: tuple = ()
    module: object = None
    moves_with_blame = False


@dataclass(eq=False)
class NestedMeshEvent(Event):
    """A shard_map given a concrete Mesh inside another shard_map; `inline`: the axes it would
    make manual are manual already (the outer one split its inputs over them)."""
    api: str = ""
    created: Site | None = None
    inline: bool = False


@dataclass(eq=False)
class SetMeshTracedEvent(Event):
    """`jax.set_mesh` / `use_mesh` reached under a transformation."""
    api: str = ""


@dataclass(eq=False)
class ReceivedCarryEvent(Event):
    """A loop carry whose varying axes differ between its initial value and what the body
    returns, or cond branches whose outputs differ so (what `precv` returned does not vary)."""
    api: str = ""
    what: str = "carry"  # carry | branches
    axes: tuple = ()  # the axes one side varies over and the other does not
    received: bool = False  # one side is what precv returned
    # carry: where (indices into the initial value) it varies over fewer axes than the body's
    # result, and the axes it lacks; empty unless that is every difference
    init_leaves: tuple = ()


@dataclass(eq=False)
class CarryTypeEvent(Event):
    """A loop carry whose type differs between its initial value and what the body returns, or
    cond branches whose outputs' types differ: `specs` the two types of the first part that
    differs (a TypeError). `kind` "sharding": outside shard_map, sharding types on a mesh whose
    axes are Explicit; "shape": outside shard_map, shapes; "dtype": dtypes (the last two in every
    JAX version). `arg`: the initial carry's position in the call, where it is one array (a fix
    may reshard it), or for "dtype" where known, with `part` the part's place in it (a fix may
    cast that part); `bare`: a mesh context is in force there, so a bare PartitionSpec can say
    its type."""
    api: str = ""
    what: str = "carry"  # carry | branches
    specs: tuple = ()
    arg: int | None = None
    bare: bool = True
    kind: str = "sharding"  # sharding | shape | dtype
    part: tuple = ()


@dataclass(eq=False)
class ReshapeTypeEvent(Event):
    """Outside shard_map, a reshape given no `out_sharding` of an array of sharding type `spec`
    and shape `shape` to `new`, which JAX's rule cannot type (a ShardingTypeError). `out`: a
    sharding to give it (stypes.reshape_out), where there is one; `bare`: a mesh context is in
    force there, so a bare PartitionSpec can say it."""
    api: str = ""
    spec: tuple = ()
    shape: tuple = ()
    dtype: str | None = None
    new: tuple = ()
    out: tuple | None = None
    bare: bool = True


@dataclass(eq=False)
class LaxDtypeEvent(Event):
    """A `jax.lax` operation that takes operands of one dtype given operands of different ones
    (`lax.add` of bfloat16 and float32, `lax.dynamic_update_slice` of a bfloat16 cache with a
    float32 update): `dtypes` theirs, in order (a TypeError); `at` where each is written
    (`dtypes.lax_operands`), `numbers` which are Python numbers."""
    api: str = ""
    dtypes: tuple = ()
    at: tuple = ()
    numbers: tuple = ()


@dataclass(eq=False)
class ScanXsTypeEvent(Event):
    """Outside shard_map, a `lax.scan` (or `lax.map`) over arrays split over an Explicit mesh axis
    on their leading dimension, the one it steps over: `spec` the first such array's sharding
    type (a ValueError)."""
    api: str = ""
    spec: tuple = ()


@dataclass(eq=False)
class ShapeEvent(Event):
    """Operands whose shapes JAX rejects (`fault`, a `shapes.Fault`) in `api` (an operator, `+`,
    or a function's name): elementwise ones that do not broadcast, an einsum's operand of another
    rank than its term or a label of two sizes. `primitive`: the name JAX's error gives an
    elementwise operation."""
    api: str = ""
    primitive: str | None = None
    fault: object = None


@dataclass(eq=False)
class VmapAxesEvent(Event):
    """A vmap's `in_axes` that do not fit its arguments, which JAX checks before it traces the
    function (a ValueError at the call): "length" (an `in_axes` tuple of `given` entries for
    `args` positional arguments), "structure" (an entry that is no pytree prefix of its argument:
    `detail` says where), "rank" (an axis an array does not have: `mapped` holds that one array),
    or "sizes" (mapped axes of different lengths, or of another than `axis_size`, `given` where
    it is). `mapped`: (where, axis, shape, dtype, length) of the arrays the verdict rests on."""
    kind: str = "sizes"
    api: str = ""
    detail: str = ""
    given: int | None = None
    args: int = 0
    mapped: tuple = ()


@dataclass(eq=False)
class SliceTypeEvent(Event):
    """Outside shard_map, `x[...]` of an array split over Explicit mesh axes that takes part of a
    split dimension the axes' total size does not divide (`x[i]` of rows split over 'data'):
    `found` (the dimension, the size kept, its axes, their total size); `dynamic`: an index is
    traced (JAX's `dynamic_slice`), else static (its slicing); `roll`: the slice is the one a
    `jnp.roll` takes. A ShardingTypeError."""
    dynamic: bool = False
    roll: bool = False
    found: tuple = ()
    spec: tuple = ()
    shape: tuple | None = None


@dataclass(eq=False)
class UpdateSliceTypeEvent(Event):
    """Outside shard_map, `lax.dynamic_update_slice` (or its `_in_dim` forms) of an operand and
    an update of different sharding types on a mesh whose axes are Explicit: `specs` the
    operand's and the update's, as JAX compares them (a ShardingTypeError)."""
    api: str = ""
    specs: tuple = ()
    shapes: tuple = ()
    dtype: str | None = None


@dataclass(eq=False)
class ConcatenateTypeEvent(Event):
    """Outside shard_map, a concatenation (`jnp.concatenate`, `jnp.stack`, `lax.concatenate`)
    of arrays of different sharding types on a mesh whose axes are Explicit: `specs` the first
    operand's and the first other (a ShardingTypeError)."""
    api: str = ""
    specs: tuple = ()


@dataclass(eq=False)
class BroadcastTypesEvent(Event):
    """An elementwise operation outside shard_map whose operands split one dimension over
    different mesh axes (on a mesh whose axes are Explicit): `primitive` as JAX names it, `specs`
    the operands' types aligned to the result's rank (a ShardingTypeError)."""
    api: str = ""
    primitive: str = ""
    specs: tuple = ()


@dataclass(eq=False)
class SelectTypeEvent(Event):
    """Outside shard_map, a `jnp.where`/`lax.select` whose operands reach `lax.select` of
    different sharding types (on a mesh whose axes are Explicit): `what` "cases" (the two cases
    differ) or "which" (the condition is not of the cases' type); `specs` the two types. `arg`:
    the positional argument a reshard to `spec` would make agree, where one does; `bare`: a mesh
    context is in force there, so a bare PartitionSpec can say its type."""
    api: str = ""
    what: str = "cases"  # cases | which
    specs: tuple = ()
    arg: int | None = None
    spec: tuple = ()
    bare: bool = True


@dataclass(eq=False)
class MixedStateEvent(Event):
    """A reduction over several manual axes of an operand that varies over some of them only
    (`single`: the operand is one array, not a pytree)."""
    api: str = ""
    axes: tuple = ()  # as the call names them
    invariant: tuple = ()  # those it does not vary over
    single: bool = False


@dataclass(eq=False)
class VaryingAgainEvent(Event):
    """`pvary` / `pcast(..., to="varying")` over an axis its operand already varies over;
    `every`: over every axis it names."""
    api: str = ""
    axes: tuple = ()
    every: bool = False


@dataclass(eq=False)
class ExplicitUnshardedEvent(Event):
    """An unsharded input to a shard_map over an Explicit mesh whose in_specs shard it."""
    axes: tuple = ()
    mesh: Value | None = None


@dataclass(eq=False)
class ExplicitMismatchEvent(Event):
    """An input to a shard_map over an Explicit mesh whose sharding type (`given`) is not the
    one its in_specs say (`wanted`): each a type of stypes, one entry per dimension."""
    given: tuple = ()
    wanted: tuple = ()
    arg: int = 0  # which positional argument of the call
    bare: bool = True  # a mesh context is in force at the call: a bare PartitionSpec resolves there


@dataclass(eq=False)
class MeshAxisLookupEvent(Event):
    """`mesh.shape[axis]` for an axis the mesh does not have (a KeyError at that line); where
    the axis was written as a string literal."""
    axis: str = ""
    mesh: Value | None = None
    literal: Site | None = None

    def ident(self):
        return (*super().ident(), self.axis)


@dataclass(eq=False)
class ScanSizesEvent(Event):
    """A `lax.scan` whose `xs` arrays' leading dimensions differ (`sizes`, in JAX's order)."""
    api: str = ""
    sizes: tuple = ()


@dataclass(eq=False)
class DuplicateSpecEvent(Event):
    """A PartitionSpec naming mesh axis `axis` in two of its dimensions (or twice in one), where
    JAX checks it (`what`, as JAX's message names it): a NamedSharding made, a shard_map's
    in_specs or out_specs (`where`), a bare spec a constraint or jit resolves. `literal`: where the
    axis was written in a tuple of several, which may drop it. `lowered`: a jitted function's
    shard_map's, which JAX traces and rejects as it lowers the jit (the site: the jit's call)."""
    axis: str = ""
    spec: Value | None = None
    what: str = ""
    where: str = ""
    literal: Site | None = None
    lowered: bool = False

    def ident(self):
        return (*super().ident(), self.axis)


@dataclass(eq=False)
class ShardingAxisEvent(Event):
    """A NamedSharding made over a mesh without an axis its spec names (a ValueError there), by
    the program or by `nn.with_logical_constraint` (`logical`: the logical names it mapped), or
    a sharding constraint's bare PartitionSpec resolved against a context mesh without it
    (`bare`; `out`: an `out_sharding=`'s; `where`: jit's `in_shardings` or `out_shardings`)."""
    axis: str = ""
    spec: Value | None = None
    mesh: Value | None = None
    logical: Value | None = None
    bare: bool = False
    out: bool = False
    where: str = ""

    def ident(self):
        return (*super().ident(), self.axis)


@dataclass(eq=False)
class ConstraintEvent(Event):
    """A sharding constraint (`with_sharding_constraint`, `eqx.filter_shard`, Flax's logical
    constraints) JAX rejects: `kind` "explicit" (it names Explicit mesh axes), "varying" (its
    NamedSharding constrains an operand that varies over manual axes), "manual" (its spec names
    manual axes; `mesh` None where the spec is bare, of the context mesh), "assert" (under
    `jax.set_mesh` of an Explicit mesh, a spec other than the operand's sharding type), or one
    of the output shardings (`reshard`, `out_sharding=`) JAX rejects: "reshard_auto",
    "reshard_manual" (inside a shard_map, axes it makes manual),
    "out_sharding_auto" (Auto axes), "out_sharding_no_mesh" (a bare spec, no mesh context); or
    "spmd_axis" (inside a vmap whose `spmd_axis_name` are `axes`, of a value it maps, a spec
    naming one of them)."""
    api: str = ""
    kind: str = ""
    axes: tuple = ()  # the axes that make it fail
    spec: Value | None = None
    mesh: Value | None = None
    manual: tuple = ()  # the manual axes around it, in the mesh's order
    have: tuple | None = None  # "assert": the operand's sharding type (stypes)
    placed: bool = False  # "out_sharding_no_mesh": its array operand may be on a mesh (is not known to be on none)

    def ident(self):
        return (*super().ident(), self.kind)


@dataclass(eq=False)
class ContractionEvent(Event):
    """A matrix product (`jnp.dot`, `@`, `jnp.einsum`, a framework's dense layer) given no
    `out_sharding`, of operands whose sharding types split a contracted dimension on both sides
    (a ShardingTypeError there): `specs` the two contracted specs (stypes), `out` the type of
    the result JAX would give were the contracted axes reduced (for a fix: `out_sharding=`);
    `bias`: an Equinox `Linear` that adds its bias to the product; `bare`: a mesh context is
    in force there, so a bare PartitionSpec can say it."""
    api: str = ""
    specs: tuple = ()
    out: tuple | None = None
    bias: bool = False
    bare: bool = True
    direct: bool = True  # a layer's product where the code calls the layer (a fix may rewrite the call)
    mesh: Value | None = None  # the context mesh, where known


@dataclass(eq=False)
class BackwardContractionEvent(Event):
    """A matrix product given no `out_sharding` under differentiation, whose operand `operand`
    (0: lhs, 1: rhs; of sharding type `spec`) is differentiated and on no mesh, where no mesh
    context is in force, while the other operand keeps into the result dimensions split as
    `contracted` says (a type: per dimension, its axes): the product giving that operand's
    gradient contracts them, split on both sides, with no sharding to give its result (a
    ShardingTypeError, blamed on this product). `mesh`: the mesh the other operand is on, where
    known."""
    api: str = ""
    operand: int = 0
    spec: tuple = ()
    contracted: tuple = ()
    mesh: Value | None = None


@dataclass(eq=False)
class ResultSplitTwiceEvent(Event):
    """A matrix product given no `out_sharding` whose result would have one mesh axis split two
    of its dimensions (each kept split as its operand splits it): `axis`, `result` the type it
    would have, `specs` the operands' (a ShardingTypeError: an illegally sharded result).
    `primitive`: an elementwise operation's, as JAX names it (each dimension of the result split
    as the operands split it); "" for a product."""
    api: str = ""
    primitive: str = ""
    axis: str = ""
    result: tuple = ()
    specs: tuple = ()


@dataclass(eq=False)
class GatherEvent(Event):
    """An integer-array lookup (`table[ids]`, `jnp.take(table, ids, axis=0)`, an NNX `Embed`)
    whose result JAX cannot type on an Explicit mesh (a ShardingTypeError): the operand's and
    the indices' types (the operand's None where not known: split indices fail whatever it
    is), and `out` the type to ask for (the indices' dimensions, then the table's others),
    where one can be; `bare`: a mesh context is in force there, so a bare PartitionSpec can
    say it."""
    api: str = ""
    operand: tuple | None = ()
    indices: tuple = ()
    out: tuple | None = None
    bare: bool = True
    direct: bool = True  # a layer's lookup where the code calls the layer (a fix may rewrite the call)
    mesh: Value | None = None  # the context mesh, where known


@dataclass(eq=False)
class UnevenShardingEvent(Event):
    """A NamedSharding that splits a dimension of an array over mesh axes whose total size does
    not divide it: `where` jit's "in_shardings" (argument `index`) or "out_shardings",
    "device_put" ("device_put_spec": a bare PartitionSpec of the context mesh), or "constraint"
    (one run eagerly); `found` (dimension, its size, the axes,
    their total size); or, where the spec has more entries than an array has dimensions,
    `rank` (the spec's length, the array's rank)."""
    where: str = ""
    index: int | None = None
    found: tuple = ()
    spec: Value | None = None
    mesh: Value | None = None
    rank: tuple = ()


@dataclass(eq=False)
class JitShardingsEvent(Event):
    """`jax.jit`'s shardings that do not fit its call: keyword arguments given with `in_shardings`
    ("kwargs": their names in `detail`), an `in_shardings` tuple of another length than the
    positional arguments that are not static ("length": `given`, `args`), `in_shardings` /
    `out_shardings` ("in" / "out") that are not a pytree prefix of the arguments / of what the
    function returns (`detail` says where), or an array placed with another sharding than the
    `in_shardings` give it ("committed": `given` the argument's position, `specs` its own spec
    and the jit's)."""
    which: str = "in"
    detail: str = ""
    given: int = 0
    args: int = 0
    specs: tuple = ()
    created: Site | None = field(default=None, repr=False)  # the jit's call (for fixes)


@dataclass(eq=False)
class VariableShardingEvent(Event):
    """A Flax NNX variable with a sharding in its metadata made where Flax 0.12, which shards it
    there, cannot: no mesh context ("no_mesh"), or inside a shard_map ("manual")."""
    kind: str = ""
    spec: Value | None = None

    def ident(self):
        return (*super().ident(), self.kind)


@dataclass(eq=False)
class NoMeshEvent(Event):
    """A `jax.shard_map` called with no mesh, where no mesh context is entered: where it was
    made, and the axes its specs name."""
    api: str = ""
    created: Site | None = None
    axes: tuple = ()


@dataclass(eq=False)
class SpecEvent(Event):
    """A shard_map whose `in_specs` do not match its arguments' structure ("in"), name an axis
    that is not one of its manual axes ("axis"), whose `out_specs` do not match its output's
    structure ("out_structure"), or leave out an axis its output varies over while it checks
    varying axes ("out"), or that are longer than the rank of an argument ("in_rank") or of an
    output ("out_rank")."""
    which: str = "in"
    detail: str = ""  # in, out_structure: what differs; out: the spec
    axes: tuple = ()  # out: the axes the output varies over that the spec leaves out
    # For fixes: the shard_map's own call (or its decorator's), the specs (in: in_specs; out,
    # out_structure: out_specs), the values they describe (in: the arguments, a tuple; out,
    # out_structure: what the function returned), and for "out" the function and its (spec,
    # argument) pairs.
    created: Site | None = field(default=None, repr=False)
    specs: Value | None = field(default=None, repr=False)
    values: Value | None = field(default=None, repr=False)
    fn: Value | None = field(default=None, repr=False)
    inputs: tuple = field(default=(), repr=False)
    manual: tuple = field(default=(), repr=False)  # axis: the shard_map's manual axes
    # out_rank: the path to the spec that is too long (indices, keys), and how many dimensions
    # the output it describes alone lacks (0: the spec is given for a container)
    short: tuple = field(default=(), repr=False)
    # in_divisible, one spec for all the arguments: per argument, 0 where that spec fits and -1
    # for the modules, which split evenly once replicated (empty: no such repair)
    prefix: tuple = field(default=(), repr=False)

    def ident(self):
        return (*super().ident(), self.which, self.detail)
