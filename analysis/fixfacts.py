"""Fix facts: what a rule tells the fixers about one diagnostic (the call it is at, the entry
point to wrap, the pmap or partial-manual shard_map around it, the meshes in scope).

Each kind of fact is a frozen dataclass; places are `SiteRef`s, so that a fact pointing into an
installed library is recognised by type and dropped (a fix never edits a library). Facts are
serialisable: the check cache and the language server's code-action resolve round-trip them
through JSON. The rules build them on the diagnostics path, so this module imports nothing
heavy; the fixers that read them (analysis/fixes/, libcst) run on demand only.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields, is_dataclass
from typing import ClassVar, Iterator


@dataclass(frozen=True)
class SiteRef:
    """A span of a file: 1-based lines and character columns, end exclusive (as a Diagnostic's)."""
    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class MeshRef:
    """A mesh bound to a module-level name, with its axes (Explicit ones or not); a nameless one is
    the context mesh where the code runs (`with jax.set_mesh(...)`), which a new mesh must match."""
    name: str
    axes: tuple[str, ...]
    explicit: bool = False
    line: int = 0  # where the module first binds the name (0: not known)
    sizes: tuple[int | None, ...] | None = None  # per axis, where known


class FixFact:
    """The base of the kinds of fact; every subclass is a frozen dataclass, known by its name."""

    KINDS: ClassVar[dict[str, type]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        FixFact.KINDS[cls.__name__] = cls

    def sites(self) -> Iterator[SiteRef]:
        """Every place the fact points at."""
        return _sites(self)

    def to_json(self) -> dict:
        return {"fact": type(self).__name__, **{f.name: _encode(getattr(self, f.name)) for f in fields(self)}}

    @staticmethod
    def from_json(obj) -> "FixFact":
        """The fact `to_json` gave; ValueError when `obj` is not one (a stale or foreign payload)."""
        try:
            cls = FixFact.KINDS[obj["fact"]]
            return _decode(cls, {k: v for k, v in obj.items() if k != "fact"})
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"not a fix fact: {obj!r:.200}") from e


# -- the facts of the scope around a call (rules/facts.py: scope_facts) ------------------------

@dataclass(frozen=True)
class CallWrap:
    """A call in a jitted function's body that reaches an unbound collective, with the specs of
    the global arrays it is given (the outputs of a shard_map in that body)."""
    site: SiteRef
    # per positional argument: its PartitionSpec's entries (each the axes it names; none: None)
    # where it is a global array placed over the mesh by one; None for what the wrap closes over
    specs: tuple[tuple[tuple[str, ...], ...] | None, ...]
    # it is also given a value the wrap could only close over that is no plain constant (a token
    # another call returned, an array of unknown placement): no wrap of the call is offered
    opaque: bool = False
    # per positional argument: what it is (ARG_KINDS) where it is one of the jitted function's
    # own arguments, passed on as it came in (its spec then chosen by its kind, as a wrap of the
    # whole function chooses it); else None
    kinds: tuple[str | None, ...] = ()
    # what the call returns (ARG_KINDS, "scalar" also for a container of scalars; per item of a
    # tuple with `out_tuple`); () when not known
    out: tuple[str, ...] = ()
    out_tuple: bool = False


@dataclass(frozen=True)
class Wrap(FixFact):
    """Where the function that reaches an unbound collective enters its innermost jit (or the
    outermost pmap/vmap, or the eager call), to wrap in a shard_map over `axes`."""
    site: SiteRef
    kind: str  # "arg" (`jit(f)`), "decorator" (`@jit def f`), "call" (an eager `f(x)`)
    function: str | None
    axes: tuple[str, ...]
    meshes: tuple[MeshRef, ...]
    pallas: bool
    api: str | None
    jax_version: str | None
    # the transformation the function enters (`jax.jit`, `equinox.filter_jit`, `flax.nnx.jit`)
    transform: str | None = None
    # what each positional argument it is called with is (ARG_KINDS); () when not known
    args: tuple[str, ...] = ()
    # the collective's operand is an attribute of an object (`self.w[...]`): it works on a
    # module's state (a gather of FSDP-sharded parameters), which a sharded wrap shards too
    on_state: bool = False
    # what the function returns (ARG_KINDS; "scalar" also for a container of scalars, as a dict
    # of metrics): one kind per item where it returns a tuple (`out_tuple`); () when not known
    out: tuple[str, ...] = ()
    out_tuple: bool = False
    # Where the function already runs a shard_map over one of `axes` (a wrap of it would nest
    # one in another, which JAX rejects): the call written in its body that reaches the
    # collective, to wrap on its own (CallWrap); None otherwise
    call: CallWrap | None = None
    # per positional argument: the entries of the PartitionSpec that placed it over a mesh
    # (`device_put` with a NamedSharding; each entry the axes it names), where known; else None
    placed: tuple[tuple[tuple[str, ...], ...] | None, ...] = ()
    # the jitted function runs a pmap: a shard_map around it would hold one, which JAX rejects
    # (0.6.2 to 0.10.2: the pmap's mesh is not the manual context mesh)
    pmap_inside: bool = False


# What a wrapped function's argument is: a module or other framework object ("module": an
# Equinox, NNX or Linen module, an NNX optimizer, a TrainState), an array with a leading
# dimension ("batch"), an array of unknown shape ("array"), a scalar array, a container of
# values ("tree": a params dict, a tuple), or nothing known ("unknown").
ARG_KINDS = ("module", "batch", "array", "scalar", "tree", "unknown")


NNX_VMAP = "flax.nnx.vmap"
# The vmaps a Pmap fact stands for: each becomes its framework's shard_map
VMAP_REWRITES = frozenset({"jax.vmap", NNX_VMAP, "equinox.filter_vmap"})


@dataclass(frozen=True)
class Pmap(FixFact):
    """The innermost pmap around the call, to rewrite as jit + shard_map; or the vmap whose
    axis a communicating kernel names (a vmap emulating devices), to rewrite as shard_map."""
    site: SiteRef
    axis_name: str | None
    axes: tuple[str, ...]  # the axes the call names
    meshes: tuple[MeshRef, ...]
    pallas: bool
    jax_version: str | None
    api: str | None = None  # `jax.pmap`, `equinox.filter_pmap`, `jax.vmap`, `flax.nnx.vmap`, ...
    size: int | None = None  # a vmap's: the size of its mapped dimension
    flax_version: str | None = None  # `nnx.vmap`'s: the Flax that spells `nnx.shard_map`'s keywords


@dataclass(frozen=True)
class ManualAxes(FixFact):
    """The innermost shard_map around the call, which makes only some mesh axes manual."""
    site: SiteRef
    keyword: str  # "axis_names", or "auto" (the experimental shard_map)
    explicit: bool = False  # its mesh's axes are Explicit: with all of them manual, the inputs' shardings are the specs


# -- one rule's facts ----------------------------------------------------------------------------

@dataclass(frozen=True)
class VmaCheck(FixFact):
    """The shard_map that checks varying manual axes (SHL013, SHL108)."""
    site: SiteRef
    keyword: str  # "check_vma", or "check_rep"


@dataclass(frozen=True)
class CarryLeaf:
    """A part of a loop's initial carry (by indices into it) and the axes it must vary over."""
    path: tuple[int, ...]
    axes: tuple[str, ...]


@dataclass(frozen=True)
class CarryInit(FixFact):
    """A loop whose initial carry does not vary over manual axes the body's result varies over
    (SHL013): those parts of the initial value made varying where it is written."""
    site: SiteRef  # the loop's call
    api: str  # its canonical name
    leaves: tuple[CarryLeaf, ...]
    jax_version: str


@dataclass(frozen=True)
class CastCarry(FixFact):
    """A loop whose initial carry has another dtype than the body returns (SHL039): the part at
    `path` (tuple indices, then a module's or a state's fields) of the call's positional argument
    `arg`, cast from `source` to `dtype` where it is written."""
    site: SiteRef  # the loop's call
    arg: int
    path: tuple[object, ...]  # (ints, then strings)
    dtype: str
    source: str


@dataclass(frozen=True)
class JitShardingsFill(FixFact):
    """A `jax.jit` whose `in_shardings` tuple has `given` entries for more positional arguments
    (SHL041): `missing` more, each `None` (JAX places such an argument as it is), at its end."""
    site: SiteRef  # the jit's call (or its `partial`'s)
    given: int
    missing: int


@dataclass(frozen=True)
class CastOperands(FixFact):
    """A `jax.lax` operation given operands of different dtypes (SHL042): the call, the dtype its
    result is to keep, and where the operands to cast to it are written (`lax_operands`: the
    positional argument, or it and the item of `lax.concatenate`'s list), and which of them are
    Python numbers (made arrays of the dtype, `jnp.bfloat16(0.5)`; an array is cast with
    `.astype`)."""
    site: SiteRef
    dtype: str
    at: tuple[tuple[int, ...], ...]
    numbers: tuple[bool, ...]


@dataclass(frozen=True)
class ContextMesh(FixFact):
    """A shard_map inside another shard_map, given a concrete mesh (SHL012)."""
    site: SiteRef


@dataclass(frozen=True)
class NoMesh(FixFact):
    """A `jax.shard_map` given no mesh where no context mesh is entered (SHL017): where it is
    made, the axes its specs name, and the meshes of that file."""
    site: SiteRef
    axes: tuple[str, ...]
    meshes: tuple[MeshRef, ...]


@dataclass(frozen=True)
class ReshardConstraint(FixFact):
    """`jax.sharding.reshard` to Auto axes (SHL028): the call, which a sharding constraint can
    stand for."""
    site: SiteRef


@dataclass(frozen=True)
class SpecOnOperand(FixFact):
    """A bare PartitionSpec given where no mesh context resolves it (SHL028): the call
    (`jax.sharding.reshard(x, P(...))`, `jnp.matmul(a, b, out_sharding=P(...))`), whose spec an
    operand's sharding can carry."""
    site: SiteRef


@dataclass(frozen=True)
class ReshardInput(FixFact):
    """An input to a shard_map over Explicit axes whose sharding is not its in_specs' (SHL032,
    `input`), a loop's initial carry whose sharding is not what the body returns (SHL034,
    `carry`), or an operand of a select not of the other's type (SHL035, `select`): the call that
    gives it, which positional argument it is, the spec to reshard it to (stypes: per dimension,
    a tuple of axes), and whether a mesh context resolves a bare spec there."""
    site: SiteRef
    arg: int
    spec: tuple[tuple[str, ...], ...]
    bare: bool = True
    kind: str = "input"  # input | carry | select


def spec_text(t: tuple, head: str = "P") -> str:
    """A sharding type (stypes: per dimension, a tuple of axes) as the PartitionSpec that gives
    it, written with `head` (`P('data', None)`)."""
    return f"{head}(" + ", ".join(repr(d[0]) if len(d) == 1 else repr(d) if d else "None" for d in t) + ")"


@dataclass(frozen=True)
class OutSharding(FixFact):
    """A matrix product whose operands both split a contracted dimension (SHL029), or a lookup
    whose result JAX cannot type (SHL030): the call (the `@`, the subscript), what it is (`@`,
    `[]` or the API's qualified name), and the result's spec to ask for (stypes: per dimension,
    a tuple of axes); `bias`: an Equinox `Linear` that adds its bias to the product; `bare`: a
    mesh context is in force, so a bare PartitionSpec can say it (else the spec goes on an
    operand's own sharding)."""
    site: SiteRef
    api: str
    spec: tuple[tuple[str, ...], ...]
    bias: bool = False
    bare: bool = True


@dataclass(frozen=True)
class InlineShardMap(FixFact):
    """A shard_map inside another shard_map over the same axes (SHL012): the outer one split the
    inputs already, so the function runs as it is."""
    site: SiteRef  # the shard_map's call (or its decorator's)


@dataclass(frozen=True)
class AxisTypes(FixFact):
    """A `jax.make_mesh` call given no `axis_types`, whose axes the program needs of another type
    (`kind`, "Auto" or "Explicit") than the JAX version's default: Explicit axes from JAX 0.10
    where a constraint or a shard_map's inputs need Auto ones (SHL011, SHL025, SHL029, SHL030),
    Auto axes before it where an `out_sharding=` needs Explicit ones (SHL028)."""
    site: SiteRef
    axes: tuple[str, ...]
    kind: str


@dataclass(frozen=True)
class AbstractMesh(FixFact):
    """`jax.set_mesh` / `use_mesh` entered under a trace (SHL010)."""
    site: SiteRef
    jax_version: str | None


@dataclass(frozen=True)
class MissingCollectiveId(FixFact):
    """A pallas_call whose kernel uses the barrier semaphore, without a collective_id (SHL107)."""
    site: SiteRef


@dataclass(frozen=True)
class UnusedCollectiveId(FixFact):
    """A pallas_call with a collective_id whose kernel uses no barrier semaphore (SHL104)."""
    site: SiteRef


@dataclass(frozen=True)
class SendRecv(FixFact):
    """A psend or precv call (or its import) where send/recv cannot work: the pair becomes a
    ppermute (SHL007, SHL009, SHL001/2 under vmap, SHL008)."""
    site: SiteRef
    kind: str  # "send" | "recv"
    # Under a vmap that binds the axis, which batches only a full permutation of it: the perm
    # completed to one, and the indices the original perm sends to (the others receive zeros,
    # as a partial ppermute gives them); both empty where the size of the axis is not known.
    batched: bool = False
    full_perm: tuple[tuple[int, ...], ...] = ()
    receivers: tuple[int, ...] = ()


@dataclass(frozen=True)
class RenameAxis(FixFact):
    """A collective naming `axis`, which the transformations around it bind as `to` (SHL005/6)."""
    site: SiteRef
    axis: str
    to: str


@dataclass(frozen=True)
class DropAxis(FixFact):
    """A collective naming `axis` together with axes the transformations around it bind, which
    the fix keeps (SHL005/6). `keeps_values`: a pmean, pmax or pmin over an automatic axis of the
    shard_map around it, where the values are whole, so that dropping the axis changes nothing
    the program computes."""
    site: SiteRef
    axis: str
    keeps_values: bool = False


@dataclass(frozen=True)
class DeviceIdKey(FixFact):
    """A dict device id keyed by `axis`, which the kernel's mesh lacks and names `to` (SHL109)."""
    site: SiteRef  # the remote copy or signal
    axis: str
    to: str


@dataclass(frozen=True)
class LogicalDeviceId(FixFact):
    """A remote copy or signal whose LOGICAL device id is mesh coordinates, one per mesh axis or
    keyed by them (SHL113): the call, whose `device_id_type` becomes MESH."""
    site: SiteRef


@dataclass(frozen=True)
class DeviceIdAxis(FixFact):
    """A one-entry MESH device id on a mesh of more axes, and the axis it addresses (SHL105)."""
    site: SiteRef  # the remote copy or signal
    axis: str
    axis_index: SiteRef | None  # the kernel's `axis_index(...)` of that axis
    signal: bool
    jax_version: str | None
    mesh_axes: tuple[str, ...] = ()  # the kernel's mesh axes, in order
    named: bool = True  # the kernel names a mesh axis (else a full tuple must, to give it the mesh)


@dataclass(frozen=True)
class PermOutOfRange(FixFact):
    """A perm with indices not below the axis size (SHL106)."""
    site: SiteRef
    position: int  # of the perm argument
    size: int
    sources: bool  # some source is out of range
    destinations: bool
    negative: bool
    written: SiteRef | None = None  # where its list or comprehension is written
    # a ppermute's perm in which every device of the axis sends once, and the indices taken
    # modulo the size are a permutation: a ring whose wrap-around was left out
    ring: bool = False


@dataclass(frozen=True)
class PermDuplicates(FixFact):
    """A perm that repeats a source or a destination (SHL103)."""
    site: SiteRef
    position: int
    written: SiteRef | None = None  # where its list or comprehension is written
    # the pairs that send a device to itself (an index clamped at the edge of the axis) are the
    # repeats: without them every source and destination is unique
    self_pairs: bool = False


@dataclass(frozen=True)
class Spelling(FixFact):
    """An API (or a keyword of one) that the target JAX version spells otherwise (SHL008), or a
    keyword of a Flax API that the Flax version (`flax_version`) spells otherwise."""
    site: SiteRef
    api: str
    keyword: str | None
    jax_version: str | None
    flax_version: str | None = None


@dataclass(frozen=True)
class AxisTuple(FixFact):
    """A collective given its axis names as a list, which JAX cannot hash: a tuple (SHL021)."""
    site: SiteRef  # the collective's call


@dataclass(frozen=True)
class VaryFirst(FixFact):
    """A reduction over several manual axes of an array that varies over only some of them
    (SHL022): the operand made varying over the others first."""
    site: SiteRef  # the collective's call
    axes: tuple[str, ...]  # the axes it does not vary over


@dataclass(frozen=True)
class DropVary(FixFact):
    """A `pvary` / `pcast(..., to='varying')` whose operand varies over every axis it names
    already (SHL019): the call, which its operand can stand for."""
    site: SiteRef


@dataclass(frozen=True)
class UnnamedAxis(FixFact):
    """The innermost pmap or vmap (JAX's, NNX's, Equinox's filter_) around a collective over
    `axis`, which names no axis: given `axis_name=axis`, it binds it (SHL005)."""
    site: SiteRef  # the transformation's call
    axis: str


@dataclass(frozen=True)
class GlobalReduction(FixFact):
    """A reduction across devices with nothing left to do, dropped: the program means what it
    meant (SHL005). Either a pmean, pmax or pmin over an axis nothing binds, in a function
    jitted over sharded arrays (GSPMD: its values are global arrays; `why` "whole"), or a
    psum, pmean, pmax or pmin over the axis name None (the dimension it would reduce is not
    sharded; `why` "none")."""
    site: SiteRef  # the collective's call
    why: str = "whole"


@dataclass(frozen=True)
class AxisSource(FixFact):
    """The one string literal a collective's misspelt `axis` was traced to, outside the call (a
    field default, a constructor argument, a config entry, a partial's keyword): renamed `to`
    there (SHL005/6)."""
    site: SiteRef  # the collective's call
    literal: SiteRef
    axis: str
    to: str


@dataclass(frozen=True)
class SpecsRepair:
    """How one part of a shard_map's `in_specs` (or `out_specs`) is rebuilt to fit its argument
    (or output): the part at `path` (from the specs expression: sequence indices as digits, dict
    keys) is a sequence whose new items are, per value, the user's item at an index (-1: a new `P()`), or a dict
    that loses the keys in `drop` and gains `add` (each a copy of the spec of the key in `like`
    at the same place, or `P()` where that is None), or a sequence whose specs are regrouped."""
    path: tuple[str, ...]
    kind: str = "tuple"  # a sequence: "tuple" or "list", as the argument is
    items: tuple[int, ...] = ()
    drop: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    like: tuple[str | None, ...] = ()
    # the part is one spec for every argument, rebuilt as a tuple of `items` (0: that spec again)
    prefix: bool = False
    # the sequence's specs regrouped, per value, as many of the next ones as it has items (a
    # value of 1 keeps the spec itself): `(P(), P(), specs)` for `((loss, aux), grads)`
    groups: tuple[int, ...] = ()
    # the part (a dict or sequence of specs, all one spec) made that spec: for a value of another
    # pytree type (an NNX State), which one spec describes whole
    whole: bool = False


@dataclass(frozen=True)
class InSpecs(FixFact):
    """A shard_map whose in_specs do not fit its arguments' structure (SHL015), or whose
    out_specs do not fit its output's (SHL020: `which` is "out_specs")."""
    site: SiteRef  # the shard_map's call (or its decorator's)
    repair: SpecsRepair
    which: str = "in_specs"


@dataclass(frozen=True)
class InSpecsRank(FixFact):
    """An in_specs entry with more entries than its argument has dimensions, the extra ones all
    None (SHL015): the entry, written where the in_specs are, as the spec of its first `parts`."""
    site: SiteRef  # the shard_map's call (or its decorator's)
    path: tuple[str, ...]  # the entry, from the in_specs expression (sequence indices as digits, dict keys)
    parts: tuple[tuple[str, ...], ...]  # the entries kept: their axes (none: None)


@dataclass(frozen=True)
class SpecAxis(FixFact):
    """A shard_map whose in_specs (or out_specs: `which`) name `axis`, which is none of its
    manual axes but names the manual axis `to` otherwise (a logical axis name, another name of
    the same kind of parallelism: SHL015, SHL020)."""
    site: SiteRef  # the shard_map's call (or its decorator's)
    axis: str
    to: str
    # the one string literal the axis was written as, where the specs got it from elsewhere
    # (a config field's default)
    literal: SiteRef | None = None
    which: str = "in_specs"


@dataclass(frozen=True)
class EveryCount(FixFact):
    """The facts of one diagnostic found with each device count a program that takes its count
    from the machine is analysed with, where they differ (a perm's axis size): the fixes offered
    are those every count's facts write alike (`(i + 1) % n` where the code names `n`)."""
    counts: tuple[tuple[FixFact, ...], ...]


@dataclass(frozen=True)
class DropConstraint(FixFact):
    """A sharding constraint inside a shard_map that JAX rejects there (SHL024): the call, whose
    operand stands in its place."""
    site: SiteRef


@dataclass(frozen=True)
class LegacyMesh(FixFact):
    """A mesh entered as a context manager itself (`with mesh:`), which sets no context mesh,
    where code inside needs one (SHL026): the mesh expression."""
    site: SiteRef
    jax_version: str | None


@dataclass(frozen=True)
class EnterMesh(FixFact):
    """A call of the entry point's own code on the way to a Flax NNX variable that Flax would
    shard where it is made, with no mesh context entered (SHL026): the call, the axes the
    sharding names, and the meshes of its file."""
    site: SiteRef
    axes: tuple[str, ...]
    meshes: tuple[MeshRef, ...]


@dataclass(frozen=True)
class EagerSharding(FixFact):
    """A call in a shard_map's body, on the way to a Flax NNX variable that Flax would shard
    where it is made (SHL026): the statement to make without eager sharding."""
    site: SiteRef


@dataclass(frozen=True)
class UnevenDim(FixFact):
    """A NamedSharding splitting a dimension of an array over mesh axes whose size does not
    divide it (SHL027): the string literals of that dimension's entry, as written in the
    PartitionSpec (one axis, or a tuple of them), the dimension, its size and the axes."""
    literals: tuple[SiteRef, ...]
    dim: int
    size: int
    axes: tuple[str, ...]


@dataclass(frozen=True)
class SpecTooLong(FixFact):
    """A sharding spec with more entries than its array's rank, every entry past the rank None
    (SHL027): a string literal the spec was written with, and the rank."""
    literal: SiteRef
    rank: int


@dataclass(frozen=True)
class BiasSpecTooLong(FixFact):
    """A sharding spec with more entries than its array's rank, some past the rank an axis
    (SHL027): a string literal the spec was written with, and the rank. Where those names are a
    bias's (a layer's `bias_init=` partitioning, an `nnx.Param` held as a bias), they are its
    kernel's, and a bias, added to the kernel's output, lines up with its trailing dimensions."""
    literal: SiteRef
    rank: int


@dataclass(frozen=True)
class ShardingAxis(FixFact):
    """A PartitionSpec given to a NamedSharding that names `axis`, which its mesh lacks and which
    names the mesh's axis `to` otherwise (SHL023), or a mesh's shape looked up by it (SHL014), or
    an axis a spec names twice (SHL048): the one string literal it was written as. `to` None: the
    axis is one of a dimension's several, the others the mesh's (or named again elsewhere in the
    spec), and goes from them; or, `alone`, the one axis of its
    dimension, like none of the mesh's (a scan's partition name, which may go)."""
    literal: SiteRef
    axis: str
    to: str | None
    alone: bool = False


@dataclass(frozen=True)
class OutSpecsVarying(FixFact):
    """A shard_map's output (or one component of its output tuple) that varies over `axes` its
    out_specs claim it is replicated over (SHL016), and the remedies, most likely first: reduce
    it before it is returned ("pmean", "psum"), or shard it over the axes ("out_specs")."""
    site: SiteRef  # the shard_map's call (or its decorator's)
    function: SiteRef  # the shard_mapped function: a def's name, or a lambda
    index: int  # the component of the output tuple; -1: the whole output (or a dict's entry)
    axes: tuple[str, ...]
    remedies: tuple[str, ...]
    key: str | None = None  # the entry of the output dict (out_specs a dict of specs)


@dataclass(frozen=True)
class OutSpecsRank(FixFact):
    """A shard_map output (or one component of its output tuple or dict) with one dimension fewer
    than its out_specs entry has entries (SHL020): a value per device, meant to be gathered along
    the spec's axes, returned without the leading axis that would gather it."""
    site: SiteRef  # the shard_map's call (or its decorator's)
    function: SiteRef  # the shard_mapped function: a def's name, or a lambda
    index: int  # the component of the output tuple; -1: the whole output (or a dict's entry)
    key: str | None = None  # the entry of the output dict (out_specs a dict of specs)


# -- JSON --------------------------------------------------------------------------------------

def _sites(value) -> Iterator[SiteRef]:
    if isinstance(value, SiteRef):
        yield value
    elif is_dataclass(value):
        for f in fields(value):
            yield from _sites(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _sites(item)


def _encode(value):
    if isinstance(value, FixFact):
        return value.to_json()
    if is_dataclass(value):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(tp, value):
    if tp is FixFact:
        return FixFact.from_json(value)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        return _decode(next(a for a in typing.get_args(tp) if a is not type(None)), value)
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return tuple(_decode(item, v) for v in value)
    if isinstance(tp, type) and is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _decode(hints[f.name], value[f.name]) for f in fields(tp)})
    if isinstance(tp, type) and not isinstance(value, tp):
        raise TypeError(f"{value!r} is not {tp.__name__}")
    return value
