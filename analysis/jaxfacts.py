"""What shardlint knows about JAX itself, in one place: the errors JAX raises (the texts the rule
registry, the messages and the hover quote), the versions where its behaviour or its spelling
changed, how a version string reads, and the newest JAX these facts were measured on.

The texts are JAX's own (JAX 0.10.2 unless noted), with `{placeholders}` where JAX puts a name
or a number; `quoted` puts one in a Markdown code span. Imports nothing: every floor may use it.
"""

from __future__ import annotations

import re

# The newest JAX whose behaviour the rules follow: the target when none is configured or installed.
NEWEST_KNOWN = "0.10.2"

# -- versions where JAX changed -------------------------------------------------------------
# `jax.shard_map(..., check_vma=, axis_names=)` (0.6.2 has it; below that the fixes write the
# experimental `shard_map(..., check_rep=, auto=)`).
SHARD_MAP_TOP_LEVEL = (0, 6, 2)
SEND_RECV_ADDED = (0, 7)  # jax.lax.psend / jax.lax.precv
SET_MESH_ADDED = (0, 7)  # jax.set_mesh (jax.sharding.use_mesh before)
ABSTRACT_MESH_CONTEXT = (0, 7, 1)  # jax.sharding.use_abstract_mesh
# pmap is jit + shard_map: no replica path (psend/precv and communicating kernels lower under it)
PMAP_IS_SHARD_MAP = (0, 8)
USE_MESH_REMOVED = (0, 8)  # jax.sharding.use_mesh is gone: jax.set_mesh
EXPERIMENTAL_AUTO_REMOVED = (0, 8)  # jax.experimental.shard_map.shard_map(auto=) is gone
DICT_DEVICE_ID = (0, 8, 0)  # Pallas TPU `device_id={axis: index}` (0.8.2 has it, 0.6.2 does not)
# A remote `semaphore_signal` carries a communication effect, which gives its Pallas TPU kernel
# the shard_map's mesh as an `axis_index` does (0.8.2 and 0.10.2 have it, 0.6.2 does not)
SIGNAL_GIVES_MESH = (0, 8)
MAKE_MESH_EXPLICIT = (0, 10)  # jax.make_mesh builds Explicit axes unless given axis_types
# jax.ShapeDtypeStruct's `vma=` became `manual_axis_type=` (the sources of 0.9.2 and 0.10.0 read)
MANUAL_AXIS_TYPE = (0, 10)
# shard_map over Explicit axes checks its in_specs against the inputs' own shardings (0.10.2
# rejects a replicated input given P('data'); 0.6.2 and 0.8.2 lower it, measured)
EXPLICIT_INPUTS_CHECKED = (0, 10)
# `jnp.zeros_like(x)` (and the other *_like) varies over the axes `x` does (0.8.2 and 0.10.2 measured;
# 0.6.2 makes it replicated)
LIKE_KEEPS_VMA = (0, 8)
# In a shard_map that checks varying axes, a NamedSharding constraint of a value that varies over
# a manual axis fails (0.8.2 and 0.10.2 measured; 0.6.2 lowers it), as does a bare spec naming a
# manual axis where it is traced (0.6.2 fails on it elsewhere)
CONSTRAINT_VARYING_SINCE = (0, 8)
# Flax NNX shards a variable whose metadata holds a sharding where it is made (a Flax version:
# 0.12.6 and 0.12.8 measured; 0.11.2 does not)
EAGER_SHARDING_SINCE = (0, 12)
# `rngs.normal(shape)`, `rngs.params.uniform(...)`: an NNX Rngs (or one of its streams) has
# jax.random's functions as methods, given its next key (from Flax 0.12.1; 0.12.0 has none)
RNGS_RANDOM_METHODS = (0, 12, 1)
NNX_SMAP_JAX_KEYWORDS = (0, 12)  # nnx.shard_map(check_vma=, axis_names=); before, check_rep= and auto=
# Linen's `with_logical_constraint` constrains over the mesh a legacy `with mesh:` entered, where
# no other is in force, before Flax 0.12 (0.11.2's `get_global_mesh` reads JAX's thread
# resources; 0.12.6 and 0.12.8 the abstract mesh only)
LINEN_LEGACY_MESH_UNTIL = (0, 12)

# -- JAX's errors ---------------------------------------------------------------------------
# Sharding constraints (measured on 0.6.2, 0.8.2 and 0.10.2): a spec that names a manual axis
# inside shard_map, as a NamedSharding (raised where it is lowered) and as a bare spec (JAX 0.8
# and later; 0.6.2 raises a RuntimeError without a mesh context, an AssertionError with one);
# a NamedSharding of a value varying over a manual axis (two wordings); any spec naming Explicit
# axes.
# A NamedSharding that splits a dimension unevenly (jit's in_shardings/out_shardings, device_put;
# measured on 0.6.2, 0.8.2 and 0.10.2): JAX 0.10 raises IndivisibleError, older ones a ValueError
# that names the call
UNEVEN_SHARDING = {(0, 6): "ValueError: One of {what} was given the sharding of NamedSharding(...), which implies "
                           "that the global size of its dimension {dim} should be divisible by {total}, but it is "
                           "equal to {size}",
                   (0, 10): "IndivisibleError: Sharding NamedSharding(...) implies that array axis {dim} is "
                            "partitioned {total} times, but the dimension size is {size}"}
# a NamedSharding whose spec is longer than the array's rank (0.6.2, 0.8.2 and 0.10.2 alike)
SPEC_RANK = ("ValueError: One of {what} is incompatible with its sharding annotation NamedSharding(...): "
             "... {spec} is only valid for values of rank at least {n}, but was applied to a value of rank {rank}")
# Flax 0.12's eager sharding of a variable with a sharding in its metadata, where no mesh context
# is entered, and inside a shard_map (whose mesh is manual)
VARIABLE_NO_MESH = ("ValueError: An auto mesh context or metadata is required if creating a variable with "
                    "annotation out_sharding={spec}.")
VARIABLE_MANUAL_MESH = ("ValueError: Mesh must have all axes as Explicit or all axes as Auto. Got mixed axis "
                        "types: {types}")
CONSTRAINT_MANUAL = ("ValueError: pspec {spec} contains a manual axes {axes} of mesh which is not allowed. If you "
                     "are using a with_sharding_constraint under a shard_map, only use the mesh axis in "
                     "PartitionSpec which are not manual.")
# From JAX 0.8 `out_sharding=` (of `jnp.zeros`, `jax.random.normal`, `jnp.einsum`, ...) takes
# only Explicit axes (measured on 0.8.2 and 0.10.2).
OUT_SHARDING_TYPED = (0, 8)
OUT_SHARDING_AUTO = ("ValueError: PartitionSpec passed to ... cannot contain axis names that are of type Auto or "
                     "Manual. Got PartitionSpec: {spec} with axis name: {axis} of type: AxisType.Auto")
OUT_SHARDING_NO_MESH = ("ValueError: Using PartitionSpec when you are not under a mesh context is not allowed. "
                        "Please pass a NamedSharding instance or enter into a mesh context via `jax.set_mesh`. "
                        "Got {spec}")
# dot_general on a mesh whose axes are Explicit, given no out_sharding: a contracted dimension
# split on both operands (0.6.2, 0.8.2 and 0.10.2 alike; jnp.dot, matmul, einsum and Flax's
# dense layers reach it)
CONTRACTING_SHARDED = ("ShardingTypeError: Contracting dimensions are sharded and it is ambiguous how the output "
                       "should be sharded. Please specify the output sharding via the `out_sharding` parameter. Got "
                       "lhs_contracting_spec={lhs} and rhs_contracting_spec={rhs}")
# The gradient of a product's operand is a product too: of the cotangent and the other operand,
# contracting the dimensions that operand keeps (a batch split over 'data', say), and given the
# operand's own sharding as its out_sharding. An operand on no mesh (made where no mesh context was
# in force, never placed on one), differentiated where none is in force, gives none: a kept
# dimension split then fails as CONTRACTING_SHARDED, at the product (measured on 0.8.2 and 0.10.2;
# jit's in_shardings do not give it one; JAX 0.6.2 rejects the product itself).
GRAD_NEEDS_MESH_SINCE = (0, 8)
# A loop's carry, or cond's branches, of sharding types that differ (an accumulator made replicated
# by `jnp.zeros`, to which the body adds an operand split over an Explicit axis): JAX compares the
# types, shardings included (CARRY_TYPES, WHILE_CARRY_TYPES, BRANCH_TYPES; measured on 0.8.2 and
# 0.10.2, where `fori_loop` is a scan; 0.6.2 lowers them).
CARRY_SHARDING_CHECKED = (0, 8)
# `lax.select` (and `jnp.where`, whose operands of one shape reach it as they are) takes cases of
# one sharding type, and a condition that is a scalar or of theirs (SELECT_CASES, SELECT_WHICH);
# `lax.concatenate` (and `jnp.concatenate`, `jnp.stack`) operands of one sharding type, where they
# are on a mesh (CONCATENATE_TYPES). Measured on 0.8.2 and 0.10.2; 0.6.2 checks them too, but types
# some arrays made under a mesh context otherwise than the analysis does (`jnp.zeros(x.shape)` under
# `use_mesh`): not raised there.
OPERANDS_SHARDING_CHECKED = (0, 8)
# A reshape given no `out_sharding`, on a mesh whose axes are Explicit, keeps its operand's type
# through dimensions of one added or dropped and a split or merge of one dimension, else raises
# (RESHAPE_UNSUPPORTED; stypes.reshaped, measured on 0.8.2 and 0.10.2 over 293 reshapes, exact).
# From 0.10 a split or merged dimension takes several mesh axes (`[4@data, 8@model]` → `32@(data,
# model)`); before, only its first dimension's (0.9.2's source is 0.8.2's).
RESHAPE_TYPED = (0, 8)
RESHAPE_SPLITS_AXES = (0, 10)
# Mosaic takes a block in memory space ANY only whole (its block shape the array's, its index map
# all zeros): a vmap that batches a pallas_call gives the blocks of its batched operands and its
# outputs a batch dimension of one item (measured on 0.6.2, 0.8.2 and 0.10.2). From 0.8 HBM too
# (0.6.2's lowering checks ANY only).
WHOLE_BLOCKS_ONLY = ("ValueError: The Pallas TPU lowering currently supports in memory space ANY only blocks "
                     "having the same block shape as the array shape and a trivial index_map (returning all 0s).")
ANY_SPACES = frozenset({"jax.experimental.pallas.ANY", "jax.experimental.pallas.tpu.ANY"})
HBM_SPACE = "jax.experimental.pallas.tpu.HBM"
WHOLE_HBM_SINCE = (0, 8)
# a product whose result would have one mesh axis split two of its dimensions (0.8.2 and 0.10.2)
RESULT_SPLIT_TWICE = ("ShardingTypeError: {op} operation with inputs: ... produces an illegally sharded "
                      "result: {out}")
# ...and an elementwise operation's, whose result splits each dimension over the axes the
# operands split it over (`x + y`, `jnp.maximum(x, y)` with one operand split over 'model' on a
# dimension and the other on another). The primitive JAX names, per Python operator and
# jax.numpy function (measured on 0.6.2, 0.8.2 and 0.10.2 alike).
ELEMENTWISE_PRIMITIVES = {"Add": "add", "Sub": "sub", "Mult": "mul", "Div": "div", "Pow": "pow", "FloorDiv": "rem",
                          "add": "add", "subtract": "sub", "multiply": "mul", "divide": "div", "true_divide": "div",
                          "maximum": "max", "minimum": "min", "power": "pow"}
# ...and operands that split one dimension over different mesh axes, after broadcasting (a
# per-feature vector split over 'data' times activations split ('data', 'model'): 0.8.2 and 0.10.2)
BROADCAST_TYPES = "ShardingTypeError: {op} got incompatible shardings for broadcasting: {specs}."
CONTRACTING_INCONSISTENT = ("ShardingTypeError: dot_general requires contracting dimensions to have consistent "
                            "sharding, got {lhs} and {rhs}.")
# a gather (`table[ids]`, `jnp.take`) whose result's sharding JAX cannot infer on an Explicit mesh:
# indices split, or the table split on the looked-up dimension (0.8.2 and 0.10.2 alike)
GATHER_AMBIGUOUS = ("ShardingTypeError: Use `.at[...].get(out_sharding=)` to provide output PartitionSpec for the "
                    "gather indexing as out sharding could not be resolved unambiguously (or would require "
                    "collectives on inputs). Got operand=..., indices=...")
RESHARD_AUTO = ("ValueError: PartitionSpec passed to reshard cannot contain axis names that are of type Auto or "
                "Manual. Got PartitionSpec: {spec} with axis name: {axis} of type: AxisType.{kind}")
CONSTRAINT_ASSERT = ("AssertionError: `with_sharding_constraint` acts as an assert when all axes of mesh are of type "
                     "`Explicit`. The array sharding: {have} did not match the sharding provided: {spec}.")
# a creation op's `out_sharding=` that splits a dimension unevenly (0.8.2 and 0.10.2; a spec longer
# than the array's rank is accepted there)
OUT_SHARDING_UNEVEN = ("ValueError: Sharding spec {axes} implies that array axis {dim} is partitioned {total} times, "
                       "but does not evenly divide the dimension size {size}.")
# A sharding constraint, inside a vmap given `spmd_axis_name`, of a value it maps, whose spec
# names one of those axes (the mapped dimension is split over them): JAX's batching rule of the
# constraint raises while tracing (measured on 0.6.2, 0.8.2 and 0.10.2).
CONSTRAINT_SPMD_AXIS = ("ValueError: vmap spmd_axis_name {axes} cannot appear in with_sharding_constraint spec, "
                        "but got spec {spec}")
CONSTRAINT_AUTO_ONLY = ("ValueError: The spec of NamedSharding passed to with_sharding_constraint can only refer "
                        "to Auto axes of the mesh. Got spec={spec} and mesh=...")
CONSTRAINT_VARYING = {(0, 8): "ValueError: Axes mentioned in `vma` field of ShapedArray should be of type `Manual`. "
                              "Got axis: {axis} of type AxisType.Auto",
                      (0, 10): "ValueError: Axes mentioned in `manual_axis_type` field of ShapedArray should be of "
                               "type `Manual`."}
UNBOUND_AXIS = ("NameError: Found an unbound axis name: {axis}. To fix this, please call {name} under "
                "`jax.shard_map`.")
# Which primitive that advice names, per collective (measured on 0.8.2 and 0.10.2): the
# reductions go through psum, pshuffle and pbroadcast through ppermute, pcast through pvary.
# all_gather, psum_scatter, all_to_all and axis_size say only UNBOUND_AXIS_SHORT; so does every
# collective on 0.6.2.
_UNBOUND_ADVICE = {"psum": "psum", "pmean": "psum", "pmax": "psum", "pmin": "psum", "ppermute": "ppermute",
                   "pshuffle": "ppermute", "pbroadcast": "ppermute", "axis_index": "axis_index",
                   "psend": "psend", "pcast": "pvary"}
UNBOUND_AXIS_SHORT = "NameError: unbound axis name: {axis}"
UNBOUND_ADVICE_SINCE = (0, 8)
MANUAL_SHARDING_ONLY = "NotImplementedError: {name} currently only supports manual sharding"
GPU_ONLY = "NotImplementedError: {name} is currently only implemented on GPU"
NO_DIFFERENTIATION_RULE = "NotImplementedError: Differentiation rule for '{name}' not implemented"
NO_EVALUATION_RULE = "NotImplementedError: Evaluation rule for '{name}' not implemented"
PPERMUTE_BATCHER = "TypeError: _ppermute_batcher() got an unexpected keyword argument 'out_shape'"
PERM_AXIS_SIZE = "AssertionError: Permutation doesn't match the axis size!"
PERM_NOT_UNIQUE = "ValueError: {name} sources and destinations must be unique, got {perm}."
PERM_INDEX = "IndexError: list index out of range"
# A psum_scatter / all_to_all whose split dimension does not fit the axis's devices (measured on
# 0.6.2, 0.8.2 and 0.10.2, the same text): keyed by (collective, tiled)
SPLIT_SIZE = {
    ("psum_scatter", True): "ValueError: tiled reduce_scatter operand scatter dimension size {size} must be "
                            "divisible by shard_count {axis_size}",
    ("psum_scatter", False): "ValueError: reduce_scatter operand scatter dimension size {size} must match shard "
                             "count {axis_size}",
    ("all_to_all", True): "ValueError: The size of all_to_all split_axis ({size}) has to be divisible by the size "
                          "of the named axis {axis} ({axis_size})",
    ("all_to_all", False): "ValueError: all_to_all requires the size of the mapped axis axis_name to equal "
                           "x.shape[split_axis], but they are {axis_size} and {size} respectively.",
}
PERM_INDEX_PMAP = "IndexError: index {index} is out of bounds for axis 0 with size {size}"
REPLICA_MOSAIC = "NotImplementedError: Replica lowering for Mosaic kernels not implemented."
COMM_WITHOUT_SHARD_MAP = "ValueError: Cannot use communication in pallas_call without shard_map."
MOSAIC_AUTO_PARTITIONED = ("NotImplementedError: Mosaic kernels cannot be automatically partitioned. Please wrap "
                           "the call in a shard_map.")
COLLECTIVE_ID_UNUSED = "ValueError: collective_id has to be unspecified or None when not using a custom barrier"
COLLECTIVE_ID_MISSING = "ValueError: collective_id has to be specified when using a custom barrier"
UNRECOGNIZED_DEVICE_AXES = "ValueError: Unrecognized axes in device_id: {axes}"
# A LOGICAL device id given as mesh coordinates (a tuple or a dict): JAX rejects it as it lowers
# the kernel (measured on 0.6.2, 0.8.2 and 0.10.2, a remote copy's; 0.6.2 fails in MLIR's builder).
LOGICAL_DEVICE_ID = {(0, 6): 'ValueError: Operand 4 of operation "tpu.enqueue_dma" must be a Value (is not a Value)',
                     (0, 8): "AssertionError: LOGICAL device_id_type does not support device_id as a tuple or dict."}
DEVICE_ID_ARITY = ("ValueError: Number of device ids must match the number of mesh axes, but got {n} ids for a "
                   "{dims}D mesh.")
# A pallas_call differentiated in reverse mode (0.8.2 and 0.10.2 measured; a communicating kernel
# fails with a bare AssertionError there, under jvp too).
KERNEL_LINEARIZE = ("ValueError: Linearization failed to produce known values for all output primals. This is "
                    "typically caused by attempting to differentiate a function uses an operation that does not "
                    "support reverse-mode autodiff.")
VMA_OUT_SHAPE = ("ValueError: When `check_vma=True` on `jax.shard_map`, `manual_axis_type` on "
                 "`jax.ShapeDtypeStruct` must not be `None`.")
OUTSIDE_JIT = "ValueError: `{what}` can only be used outside of `jax.jit`."
CONTEXT_MESH = ("ValueError: The context mesh AbstractMesh(...) should match the mesh passed to shard_map "
                "Mesh(...)")
IN_SPECS_MANUAL = ("ValueError: shard_map in_specs argument must refer to an axis marked as manual ({manual}), "
                   "but: in_specs refers to {axes}")
# ...and the out_specs' axes, checked next (before the function is traced; JAX 0.6.2, 0.8.2, 0.10.2)
OUT_SPECS_MANUAL = IN_SPECS_MANUAL.replace("in_specs", "out_specs")
# An axis name given as a list to a collective whose axes JAX hashes (measured on JAX 0.6.2, 0.8.2
# and 0.10.2): psum, pmean and axis_index take one. all_gather and psum_scatter hash them wherever
# the axis is bound; the others where a shard_map binds it, and where a pmap does from JAX 0.7 on
# (equation parameters must hash), never where a vmap does.
AXIS_LIST = "TypeError: unhashable type: 'list'"
AXIS_LIST_OPS = frozenset({"pmax", "pmin", "all_gather", "psum_scatter", "reduce_scatter", "ppermute", "all_to_all",
                           "pcast", "pvary"})
AXIS_LIST_ANYWHERE = frozenset({"all_gather", "psum_scatter", "reduce_scatter"})
AXIS_LIST_PMAP_SINCE = (0, 7, 0)
# A psum (pmean, psum_scatter) over several axes of a value that varies over some of them and
# not the others, where shard_map checks varying axes (JAX 0.8.2 on; 0.8.1 took it).
MIXED_STATE = ("ValueError: jax.lax.{name} can only accept axis_name which corresponds to one of varying, "
               "unreduced, reduced or invarying state of the input.")
MIXED_STATE_SINCE = (0, 8, 2)
MIXED_STATE_OPS = {"psum": "psum", "pmean": "psum", "psum_scatter": "psum_scatter"}
# A NamedSharding whose spec names an axis its mesh lacks: JAX checks it where the sharding is
# made (measured on JAX 0.6.2, 0.8.2 and 0.10.2).
SHARDING_AXIS_MISSING = "ValueError: Resource axis: {axis} of {spec} is not found in mesh: {axes}."
# A spec naming a mesh axis in two of its dimensions: JAX checks it where it checks the axes are
# the mesh's (`what`: "NamedSharding spec", or jit's "in_shardings" / "out_shardings", or a bare
# constraint's "shardings"), before it (measured on JAX 0.6.2, 0.8.2 and 0.10.2).
# The arrays a lax.scan steps over with leading dimensions of different sizes: JAX raises at
# the call, before it traces the body (0.6.2, 0.8.2 and 0.10.2 alike).
SCAN_SIZES = "ValueError: scan got values with different leading axis sizes: {sizes}."
DUPLICATE_SPEC = ("DuplicateSpecError: A single {what} specification can map every mesh axis to at most one "
                  "positional dimension, but {spec} has duplicate entries for `{axis}`")
NO_CONTEXT_MESH = ("ValueError: The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh "
                   "context")
SPECS_STRUCTURE = ("ValueError: pytree structure error: different lengths of tuple at key path shard_map "
                   "in_specs")
OUT_SPECS_STRUCTURE = ("ValueError: pytree structure error: different lengths of tuple at key path ... the prefix "
                       "pytree shard_map out_specs has a subtree of type tuple of length 3, but the full pytree has a "
                       "subtree of the same type but of length 2.")
# jax.jit's in_shardings/out_shardings that do not fit the call (0.6.2, 0.8.2 and 0.10.2 alike,
# but for the wording of the first before 0.8 and 0.10's "Mismatch details" lead line)
JIT_IN_SHARDINGS_LENGTH = {
    (0, 6): ("ValueError: pjit in_shardings specification must be a tree prefix of the positional arguments tuple "
             "passed to the `pjit`-decorated function. ... But pjit in_shardings is the wrong length: got a tuple or "
             "list of length {given} for an args tuple of length {args}."),
    (0, 8): ("ValueError: pjit in_shardings specification must be a tree prefix of the positional arguments tuple. "
             "... But pjit in_shardings is the wrong length: got a tuple or list of length {given} for an args tuple "
             "of length {args}."),
}
JIT_SHARDINGS_STRUCTURE = "ValueError: pytree structure error: {detail} at key path pjit {which}"
JIT_COMMITTED = {(0, 6): "ValueError: Sharding passed to pjit does not match the sharding on the respective arg.",
                 (0, 8): "ValueError: Sharding passed to jit does not match the sharding on the respective arg."}
LAX_DTYPES = "TypeError: lax.{op} requires arguments to have the same dtypes, got {dtypes}."
PAD_DTYPES = "TypeError: pad operand and padding_value must be same dtype: got {dtypes}."
UPDATE_SLICE_TYPES = ("ShardingTypeError: dynamic_update_slice operand sharding must be equal to update sharding, got "
                      "operand sharding {operand} and update sharding {update}.")
# Operands of shapes JAX rejects while it traces (0.6.2 and 0.10.2 alike): elementwise operands
# of one rank that do not broadcast (the primitive names them), of different ranks or three
# (jax.numpy's broadcasting), an einsum's operand of another rank than its term or a label of two
# sizes (neither 1).
SHAPES_BROADCAST = "TypeError: {op} got incompatible shapes for broadcasting: {shapes}."
SHAPES_INCOMPATIBLE = "ValueError: Incompatible shapes for broadcasting: shapes=[{shapes}]"
EINSUM_RANK = ("ValueError: Einstein sum subscript '{term}' does not contain the correct number of indices for "
               "operand {at}.")
DOT_CONTRACTING = ("TypeError: dot_general requires contracting dimensions to have the same shape, got ({a},) and "
                   "({b},).")
EINSUM_SIZE = "ValueError: Size of label '{label}' for operand {at} ({size}) does not match previous terms ({other})."
# A vmap's in_axes that do not fit its arguments (JAX checks them before it traces the function;
# measured on 0.6.2, 0.8.2 and 0.10.2): jax.vmap's own messages; nnx.vmap and eqx.filter_vmap
# match their in_axes with `jax.tree.map`, whose errors changed wording in 0.10. A mapped size
# other than `axis_size` raises from 0.10 (0.8.2 fails later, at lowering or at run time).
VMAP_SIZES = "ValueError: vmap got inconsistent sizes for array axes to be mapped:"
VMAP_RANK = ("ValueError: vmap was requested to map its argument along axis {axis}, which implies that its rank "
             "should be at least {need}, but is only {rank} (its shape is {shape})")
VMAP_LENGTH = ("ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional "
               "arguments passed to the function, but got len(in_axes)={given}, len(args)={args}")
VMAP_STRUCTURE = "ValueError: vmap in_axes specification must be a tree prefix of the corresponding value"
TREE_MAP_STRUCTURE = {(0, 6): "ValueError: Expected {kind}, got",
                      (0, 10): "ValueError: pytree structure error: different types at key path"}
TREE_MAP_LENGTH = {(0, 6): "ValueError: Tuple arity mismatch: {args} != {given}",
                   (0, 10): "ValueError: pytree structure error: different lengths of tuple at key path"}
TREE_MAP_KEYS = "ValueError: pytree structure error"
VMAP_AXIS_SIZE_CHECKED = (0, 10)
SLICE_SPLIT = ("ShardingTypeError: {op} on sharded dims where out dim ({kept}) is not divisible by mesh axes "
               "({total}) with spec ({axes}) is not implemented.")
SCAN_XS_SPLIT = "ValueError: 0th dimension of all xs should be replicated. Got {spec}"
JIT_KWARGS = "ValueError: pjit does not support kwargs when in_shardings is specified."
OUT_SPECS_REPLICATION = ("ValueError: shard_map applied to the function '{name}' was given out_specs which require "
                         "replication which can't be statically inferred given the mesh")
SPEC_TOO_LONG = ("ValueError: shard_map applied to the function '{name}' was given an {which} entry which is too "
                 "long to be compatible with the corresponding {what} value from the function")
# shard_map splitting an argument's dimension over mesh axes whose total size does not divide it
# (0.8.2 and 0.10.2 measured)
SPEC_INDIVISIBLE = ("ValueError: shard_map applied to the function '{name}' was given argument arrays with axis "
                    "sizes that are not evenly divisible by the corresponding mesh axis sizes")
SPECS_MISMATCH = ("ValueError: in_specs passed to shard_map: {spec} does not match the specs of the input: "
                  "{input}")
CARRY_TYPES = ("TypeError: scan body function carry input and carry output must have equal types, but they "
               "differ.")
WHILE_CARRY_TYPES = ("TypeError: while_loop body function carry input and carry output must have equal types, "
                     "but they differ.")
PCAST_VARYING_AGAIN = "ValueError: Unsupported pcast from=varying, to='varying'"
PVARY_VARYING_AGAIN = ("ValueError: pvary is a invariant->variant collective. This means that the axis names "
                       "mentioned in `axes` passed to `pvary` must not be present in `jax.typeof(inp).vma`.")
BWD_TYPES = ("ValueError: Custom VJP bwd rule must produce an output with the same type as the args tuple of the "
             "primal function")
BRANCH_TYPES = "TypeError: cond branches must have equal output types but they differ."
RESHAPE_UNSUPPORTED = ("ShardingTypeError: This reshape is not supported. Please specify the sharding of the output "
                       "via the `out_sharding` argument of jax.lax.reshape. Got operand type: {operand}, new sizes: "
                       "{new}")
CONCATENATE_TYPES = "ShardingTypeError: All operands should have the same sharding. Got shardings ..."
SELECT_CASES = "ShardingTypeError: select cases must have the same shardings, got [...]."
SELECT_WHICH = ("ShardingTypeError: select `which` must be scalar or have the same sharding as cases, got `which` "
                "sharding ...")
UNEXPECTED_KEYWORD = "TypeError: {callee}() got an unexpected keyword argument '{keyword}'"


def quoted(text: str) -> str:
    """`text` as a Markdown code span (which cannot hold backticks: JAX's own go)."""
    return f"`{text.replace('`', '')}`"


def quoted_sentence(text: str) -> str:
    """`quoted(text)`, ending a sentence: with a period after it where JAX's text has none."""
    return quoted(text) + ("" if text.endswith(".") else ".")


def unbound_axis(name: str, axis: str, version: tuple) -> str:
    """What JAX `version` raises for the collective `name` over `axis`, which nothing binds."""
    advice = _UNBOUND_ADVICE.get(name)
    if advice is None or version < UNBOUND_ADVICE_SINCE:
        return UNBOUND_AXIS_SHORT.format(axis=axis)
    return UNBOUND_AXIS.format(axis=axis, name=advice)


# A collective over an automatic axis of a shard_map that checks varying axes. From 0.8 the
# reductions and ppermutes first make their operand vary over the axis, and that pvary is what
# finds it unbound; on 0.6.2 they fail on the operand's type (measured on 0.6.2, 0.8.2 and
# 0.10.2). The other collectives raise as where nothing binds the axis.
AUTO_AXIS_VMA = "ValueError: Axes mentioned in `vma` field of ShapedArray should be of type `Manual`. Got axis: " \
                "{axis} of type AxisType.Auto"


def auto_axis(name: str, axis: str, version: tuple, checked: bool) -> str:
    """What JAX `version` raises for the collective `name` over `axis`, an automatic axis of the
    shard_map around it (`checked`: one that checks varying axes)."""
    if checked and _UNBOUND_ADVICE.get(name) in ("psum", "ppermute"):
        if version < UNBOUND_ADVICE_SINCE:
            return AUTO_AXIS_VMA.format(axis=axis)
        return UNBOUND_AXIS.format(axis=axis, name="pvary")
    return unbound_axis(name, axis, version)


def as_of(table: dict, version: tuple) -> str:
    """The entry of `table`, keyed by the JAX version each wording appeared in, that holds for
    `version`."""
    return next(t for v, t in sorted(table.items(), reverse=True) if version >= v)


def error_head(text: str) -> str:
    """The exception type and the message up to its first colon, for where the rest (the axis,
    the numbers) is not known: UNBOUND_AXIS -> "NameError: Found an unbound axis name"."""
    kind, _, message = text.partition(": ")
    return f"{kind}: {message.split(':')[0]}"


def parse_version(text) -> tuple[int, ...] | None:
    """The release numbers of a version string, at most three: "0.10.2" -> (0, 10, 2),
    "0.4.36.dev20241122" -> (0, 4, 36), "0.8" -> (0, 8); None when it starts with no number."""
    if not isinstance(text, str):
        return None
    parts = []
    for part in text.strip().split(".")[:3]:
        m = re.match(r"\d+", part)
        if m is None:
            break
        parts.append(int(m.group()))
        if m.end() < len(part):
            break
    return tuple(parts) or None


def version_text(version: tuple[int, ...]) -> str:
    """(0, 8) -> "0.8"."""
    return ".".join(map(str, version))
