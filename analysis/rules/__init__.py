"""The rule registry: every code, its name, default severity, one-line summary, the JAX
behaviour it prevents, and the fixers its diagnostics offer (by name, preferred first; each is
registered by a module of analysis/fixes and runs when the diagnostic carries its fact). Rule
logic lives in one module per family (scope, mosaic, protocol, versions); this table is what
`shardlint rules`, `explain`, the README and the LSP read."""

from __future__ import annotations

from dataclasses import dataclass

from .. import jaxfacts as jf
from ..diagnostics import Severity

DOCS_URL = "https://github.com/shardlint/shardlint/blob/main/README.md#{anchor}"


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    jax_error: str
    fix: str
    fixers: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return DOCS_URL.format(anchor=f"{self.code.lower()}-{self.name}")


_E, _W, _H = Severity.ERROR, Severity.WARNING, Severity.HINT
_PMAP_SM = jf.version_text(jf.PMAP_IS_SHARD_MAP)

RULES: dict[str, Rule] = {
    r.code: r
    for r in [
        Rule(
            "SHL000", "parse-error", _E,
            "The file does not parse; the rest of the project is still checked.",
            "SyntaxError on import",
            "Fix the syntax error.",
        ),
        Rule(
            "SHL001", "precv-outside-shard-map", _E,
            "`jax.lax.precv` is reached from a context where no `shard_map` binds its axis "
            f"(eager, `jit`, a helper or loop body under `jit`, replica-path `pmap` before JAX {_PMAP_SM}).",
            f"{jf.MANUAL_SHARDING_ONLY.format(name='precv')} "
            "(JAX 0.10.2 outside any shard_map: a bare AssertionError at lowering)",
            "Call it inside `jax.shard_map` over a mesh that has the axis.",
            fixers=("manual_axes", "pmap", "ppermute", "wrap", "drop_axis", "rename_axis", "rename_axis_source"),
        ),
        Rule(
            "SHL002", "psend-outside-shard-map", _E,
            "`jax.lax.psend` is reached from a context where no `shard_map` binds its axis.",
            f"{jf.UNBOUND_AXIS.format(axis='x', name='psend')} "
            f"(replica-path pmap for GPU: {jf.MANUAL_SHARDING_ONLY.format(name='psend')})",
            "Call it inside `jax.shard_map` over a mesh that has the axis.",
            fixers=("manual_axes", "pmap", "ppermute", "wrap", "drop_axis", "rename_axis", "rename_axis_source"),
        ),
        Rule(
            "SHL003", "communicating-kernel-outside-shard-map", _E,
            "A `pallas_call` whose kernel communicates (remote DMA, remote semaphore signal, "
            "barrier semaphore) is reached outside `shard_map`: an error where JAX rejects it, a "
            "warning where it lowers but has no peers (plain `jit`, LOGICAL ids).",
            f"{jf.REPLICA_MOSAIC} / {jf.COMM_WITHOUT_SHARD_MAP}",
            "Call the kernel inside `jax.shard_map` (with `check_vma=False`).",
            fixers=("manual_axes", "pmap", "wrap"),
        ),
        Rule(
            "SHL004", "mosaic-auto-partitioned", _E,
            "A TPU `pallas_call` under automatic partitioning: `jit` with multi-device shardings, "
            "or a `shard_map` whose manual axes are a strict subset of the mesh axes.",
            jf.MOSAIC_AUTO_PARTITIONED,
            "Wrap the call in a `shard_map` that makes every mesh axis manual.",
            fixers=("manual_axes", "pmap", "wrap"),
        ),
        Rule(
            "SHL005", "unbound-axis-name", _E,
            "A collective names an axis that no enclosing `shard_map`, `pmap(axis_name=)` or "
            "`vmap(axis_name=)` binds.",
            jf.UNBOUND_AXIS.format(axis="x", name="psum"),
            "Call it inside a transformation that binds the axis, or fix the name.",
            fixers=("axis_name", "drop_axis", "manual_axes", "pmap", "rename_axis", "rename_axis_source",
                    "drop_reduction", "wrap"),
        ),
        Rule(
            "SHL006", "axis-not-in-mesh", _E,
            "The axis name is not among the axes of the enclosing `shard_map`'s mesh.",
            f"{jf.error_head(jf.UNBOUND_AXIS)}: y (psum, pmean, pmax, pmin, ppermute and psend under "
            "check_vma=True: a bare AssertionError at lowering; JAX 0.6.2: KeyError)",
            "Use one of the mesh's axis names; for a vmap's axis inside a shard_map, pass `check_vma=False` to "
            "the shard_map.",
            fixers=("drop_axis", "pmap", "rename_axis", "rename_axis_source", "check_vma"),
        ),
        Rule(
            "SHL007", "send-recv-backend", _E,
            "`psend`/`precv` while the configured backend is `tpu` or `cpu`.",
            jf.GPU_ONLY.format(name="psend"),
            "Use `jax.lax.ppermute` on TPU/CPU, or run on GPU.",
            fixers=("ppermute",),
        ),
        Rule(
            "SHL008", "api-not-in-jax-version", _E,
            "An API that the target JAX version lacks, or a keyword of `nnx.shard_map` that the Flax "
            "version lacks (`check_vma` before Flax 0.12, `check_rep` from it).",
            "AttributeError / TypeError",
            "Use the spelling the target JAX (or Flax) version has.",
            fixers=("ppermute", "spelling"),
        ),
        Rule(
            "SHL009", "send-recv-differentiated", _E,
            "`psend`/`precv` reached under differentiation (`grad`, `value_and_grad`, `vjp`, `jvp`, "
            "`jacrev`, ...).",
            jf.NO_DIFFERENTIATION_RULE.format(name="psend"),
            "Keep send/recv out of the differentiated function (wrap the exchange in `jax.custom_vjp` "
            "with an explicit backward exchange), or use `jax.lax.ppermute`, which has a transpose.",
            fixers=("pmap", "ppermute"),
        ),
        Rule(
            "SHL010", "set-mesh-under-trace", _E,
            "`jax.set_mesh` / `jax.sharding.use_mesh` reached inside `jit` or another transformation.",
            jf.OUTSIDE_JIT.format(what="set_mesh"),
            "Enter the mesh outside the jitted function, or pass `mesh=` to `jax.shard_map`.",
            fixers=("abstract_mesh",),
        ),
        Rule(
            "SHL011", "explicit-mesh-unsharded-input", _E,
            "An input with no sharding reaches a `shard_map` over an Explicit-axes mesh (what "
            "`jax.make_mesh` builds by default from JAX 0.10) whose `in_specs` shard it.",
            jf.SPECS_MISMATCH.format(spec="P('x', None)", input="P(None, None)"),
            "Build the mesh with `axis_types=(jax.sharding.AxisType.Auto, ...)`, or give the input "
            "that sharding (`jax.device_put`, `ShapeDtypeStruct(..., sharding=...)`, `jit(in_shardings=...)`).",
            fixers=("axis_types",),
        ),
        Rule(
            "SHL012", "nested-shard-map-concrete-mesh", _E,
            "A `shard_map` nested inside another `shard_map` is given a concrete `Mesh`.",
            jf.CONTEXT_MESH,
            "Leave out `mesh=` in the inner shard_map (the context mesh is used), or pass "
            "`jax.sharding.get_abstract_mesh()`; where the outer one splits over every axis the inner one "
            "would, call the function without the inner shard_map.",
            fixers=("inline_shard_map", "context_mesh"),
        ),
        Rule(
            "SHL013", "carry-varying-axes", _E,
            "Inside a `shard_map` that checks varying axes, a loop's carry varies over other mesh axes in its "
            "initial value than in what its body returns (what `precv` returned varies over none; "
            "`jnp.zeros(...)` neither), the branches of a `cond`/`switch` differ so, or a `custom_vjp`'s "
            "backward rule returns a cotangent that varies otherwise than its primal argument (Megatron's "
            "f/g operators: a psum forward, the cotangent passed through backward).",
            f"{jf.CARRY_TYPES} / {jf.BRANCH_TYPES} / {jf.BWD_TYPES}",
            "Make both sides vary alike (start from `jnp.zeros_like` of a varying value, `jax.lax.pcast(..., "
            "to='varying')`), or pass `check_vma=False` to the shard_map.",
            fixers=("check_vma", "carry_init"),
        ),
        Rule(
            "SHL014", "mesh-axis-missing", _E,
            "`mesh.shape[axis]` for an axis the mesh does not have.",
            "KeyError: 'y' (the mesh's shape is a mapping from its axis names)",
            "Use one of the mesh's axis names, or add the axis to the mesh.",
            fixers=("sharding_axis",),
        ),
        Rule(
            "SHL015", "shard-map-in-specs-mismatch", _E,
            "A `shard_map`'s `in_specs` do not fit its arguments or its mesh: another structure than the "
            "arguments' (a tuple of another length, a list, a dict with other keys), an axis that is not one "
            "of its manual axes, more entries than the argument has dimensions, or a dimension split over mesh "
            "axes whose total size does not divide it.",
            f"{jf.SPECS_STRUCTURE} / {jf.error_head(jf.IN_SPECS_MANUAL)} / "
            f"{jf.SPEC_TOO_LONG.format(name='f', which='in_specs', what='input')} / "
            f"{jf.SPEC_INDIVISIBLE.format(name='f')}",
            "Give one spec per positional argument, as a tuple (a single PartitionSpec applies to all), naming "
            "only the shard_map's manual axes, with at most one entry per dimension, splitting only dimensions "
            "the mesh axes' size divides.",
            fixers=("in_specs", "spec_axis", "in_rank"),
        ),
        Rule(
            "SHL016", "shard-map-out-specs-varying", _E,
            "A `shard_map` that checks varying axes returns a value that varies over a mesh axis its "
            "`out_specs` do not name (they claim it is replicated there).",
            jf.OUT_SPECS_REPLICATION.format(name="f"),
            "Reduce the value over that axis first (`jax.lax.pmean`/`psum`), or name the axis in `out_specs`.",
            fixers=("out_specs",),
        ),
        Rule(
            "SHL017", "shard-map-without-mesh", _E,
            "`jax.shard_map` is given no mesh where no mesh context (`jax.set_mesh`) is entered.",
            jf.NO_CONTEXT_MESH,
            "Pass `mesh=` to the shard_map, or call it inside `with jax.set_mesh(mesh):`.",
            fixers=("pass_mesh",),
        ),
        Rule(
            "SHL018", "send-recv-under-vmap", _E,
            "`psend`/`precv` inside a `shard_map` but batched by a `jax.vmap` there (with or without an axis "
            "name).",
            f"{jf.PPERMUTE_BATCHER} / {jf.PERM_AXIS_SIZE}",
            "Use `jax.lax.ppermute` (vmap batches it over another axis), exchange the whole block outside "
            "the vmap, or loop with `jax.lax.map`.",
            fixers=("ppermute",),
        ),
        Rule(
            "SHL019", "vary-again", _E,
            "`jax.lax.pvary` / `jax.lax.pcast(..., to='varying')` over an axis its operand already varies over.",
            f"{jf.PCAST_VARYING_AGAIN} / {jf.error_head(jf.PVARY_VARYING_AGAIN)}",
            "Drop it: the value already varies over that axis.",
            fixers=("drop_vary",),
        ),
        Rule(
            "SHL020", "shard-map-out-specs-mismatch", _E,
            "A `shard_map`'s `out_specs` do not fit what its function returns or its mesh: another structure "
            "than the output's (a tuple of another length, a dict with other keys), an axis that is not one of "
            "its manual axes, or more entries than an output has dimensions (a scalar per device under "
            "`P('data')`).",
            f"{jf.OUT_SPECS_STRUCTURE} / {jf.error_head(jf.OUT_SPECS_MANUAL)} / "
            f"{jf.SPEC_TOO_LONG.format(name='f', which='out_specs', what='output')}",
            "Give one spec per output, in the structure the function returns (a single PartitionSpec applies "
            "to all), naming only the shard_map's manual axes, with at most one entry per dimension (return a "
            "per-device scalar as `x[None]`).",
            fixers=("in_specs", "spec_axis", "out_rank"),
        ),
        Rule(
            "SHL021", "axis-names-list", _E,
            "A collective that hashes its axis names given them as a list (read from a config file, say): "
            "`all_gather` and `psum_scatter` anywhere; `pmax`, `pmin`, `ppermute`, `all_to_all` and `pcast` where a "
            "shard_map binds the axis, or a pmap on JAX 0.7 or later.",
            jf.AXIS_LIST,
            "Pass the axis names as a tuple.",
            fixers=("axis_tuple",),
        ),
        Rule(
            "SHL022", "reduce-mixed-varying", _E,
            "A `psum`, `pmean` or `psum_scatter` over several manual axes of a value that varies over some "
            "of them and not the others, in a shard_map that checks varying axes, on JAX 0.8.2 or later "
            "(a loss summed over `('data', 'model')` that only varies over `'data'`).",
            jf.MIXED_STATE.format(name="psum"),
            "Reduce over the axes the value varies over only (over the others it is already the same on "
            "every device), or make it vary over them first with `jax.lax.pcast(x, axes, to='varying')` "
            "(what older JAX did: the sum then counts each device's copy).",
            fixers=("vary_first",),
        ),
        Rule(
            "SHL023", "sharding-axis-not-in-mesh", _E,
            "A `NamedSharding` whose PartitionSpec names an axis its mesh does not have (a mesh whose "
            "axes were renamed, a spec from a config written for another mesh); also a bare PartitionSpec "
            "a constraint or an `out_sharding=` resolves against a context mesh without that axis.",
            jf.SHARDING_AXIS_MISSING.format(axis="tensor", spec="P(None, 'tensor')", axes="('data', 'model')"),
            "Name one of the mesh's axes in the spec, or add the axis to the mesh.",
            fixers=("sharding_axis",),
        ),
        Rule(
            "SHL024", "sharding-constraint-in-shard-map", _E,
            "A sharding constraint (`with_sharding_constraint`, `eqx.filter_shard`, Flax's logical "
            "constraints) inside a `shard_map` whose spec names an axis the shard_map makes manual, or, "
            "as a NamedSharding, of a value that varies over a manual axis (JAX 0.8 or later, checking "
            "varying axes).",
            jf.CONSTRAINT_MANUAL.format(spec="P('data',)", axes="('data',)"),
            "Drop the constraint inside the shard_map (each device holds its own block of the manual "
            "axes), or constrain only over axes the shard_map leaves Auto, with a bare PartitionSpec.",
            fixers=("drop_constraint",),
        ),
        Rule(
            "SHL025", "sharding-constraint-explicit-axes", _E,
            "A sharding constraint whose NamedSharding names axes of a mesh whose axes are Explicit: "
            "`jax.make_mesh` without `axis_types` from JAX 0.10 (code written for older JAX), or "
            "`axis_types` all Explicit. Also the constraint Flax Linen applies to a parameter made with "
            "`nn.with_partitioning` or `nn.with_logical_partitioning` under `jax.set_mesh` of such a mesh, "
            "which asserts a sharding the parameter `init` makes does not have, and any constraint there to a "
            "spec other than its operand's sharding type, or one of its arrays' (there a constraint asserts; "
            "`eqx.filter_shard` of a whole model is one).",
            jf.CONSTRAINT_AUTO_ONLY.format(spec="P('data',)"),
            "Pass `axis_types=(jax.sharding.AxisType.Auto,) * n` to `jax.make_mesh` (what it built "
            "before JAX 0.10), or reshard Explicit axes with `jax.sharding.reshard`.",
            fixers=("axis_types",),
        ),
        Rule(
            "SHL026", "variable-sharding-without-mesh", _E,
            "A Flax NNX layer whose initializer carries a sharding (`nnx.with_partitioning`) made, with "
            "Flax 0.12 or later (which shards a variable where it is made), where no mesh context is "
            "entered (a legacy `with mesh:` is none) or inside a `shard_map` (whose mesh is manual).",
            jf.VARIABLE_NO_MESH.format(spec="P(None, 'model')"),
            "Make the model under `with jax.set_mesh(mesh):` (an `nnx.jit` called there), or name the mesh in "
            "the metadata; inside a shard_map, make it outside and pass it in, or under "
            "`with nnx.use_eager_sharding(False):`.",
            fixers=("eager_sharding", "legacy_mesh", "enter_mesh"),
        ),
        Rule(
            "SHL027", "sharding-uneven", _E,
            "A NamedSharding given to `jax.jit` (`in_shardings`, `out_shardings`), `jax.device_put`, a "
            "sharding constraint run eagerly (`eqx.filter_shard` outside jit) or the `out_sharding=` of a new "
            "array (`jnp.zeros`, `jax.random.normal`) that splits a dimension of an "
            "array over mesh axes whose total size does not divide it (a batch of 6 over 4 devices), or whose "
            "spec has more entries than the array has dimensions (a 2-entry spec on a bias; so also a sharding "
            "constraint under jit, where an uneven split is padded).",
            jf.UNEVEN_SHARDING[(0, 10)].format(dim=0, total=4, size=6),
            "Make the dimension a multiple of the mesh axes' size (pad the batch, drop the last one), or "
            "shard another dimension; or place it whole (its spec entry None): the quick fix, where the spec "
            "is written as a `PartitionSpec`'s arguments. A spec too long whose extra entries are None loses "
            "them (the quick fix, in a `PartitionSpec` or a Flax variable's axis names).",
            fixers=("replicate_dim", "drop_spec_tail", "keep_bias_tail"),
        ),
        Rule(
            "SHL028", "reshard-auto-axes", _E,
            "`jax.sharding.reshard` (inside a shard_map, to a spec naming an axis it makes manual), or the "
            "`out_sharding=` of an array JAX makes or computes "
            "(`jax.random.normal`, `jnp.zeros`, `jnp.einsum`, a Flax NNX `Linear`'s, ...), to a spec naming axes "
            "of a mesh whose axes "
            "are Auto (a `Mesh` given no `axis_types`, `jax.make_mesh` before JAX 0.10): both take Explicit axes "
            "only. Also an `out_sharding=`, or a `reshard` spec, that is a bare PartitionSpec (even `P()`) where "
            "no mesh context is entered (a legacy `with mesh:` sets none): JAX resolves it against the context "
            "mesh.",
            jf.RESHARD_AUTO.format(spec="P('data', 'model')", axis="data", kind="Auto"),
            "Build the mesh with `axis_types=(jax.sharding.AxisType.Explicit,) * n`, or use "
            "`jax.lax.with_sharding_constraint` on Auto axes; a bare spec where no mesh context is entered can "
            "go on an operand's mesh: `jax.typeof(x).sharding.update(spec=P(...))`, and a legacy `with mesh:` "
            "becomes `with jax.set_mesh(mesh):`.",
            fixers=("reshard_constraint", "spec_on_operand", "axis_types", "legacy_mesh"),
        ),
        Rule(
            "SHL029", "contracting-dimension-sharded", _E,
            "A matrix product (`jnp.dot`, `@`, `jnp.matmul`, `jnp.einsum`, a Flax NNX `Linear` or `Einsum`, an "
            "Equinox `Linear`, also one of an Equinox `MLP`'s layers, a Flax Linen `Dense` or `DenseGeneral` that "
            "`apply` runs with the variables `init` laid out) given no `out_sharding`, on a mesh whose axes are "
            "Explicit, of operands whose sharding types both split a "
            "dimension it contracts (row-parallel weights times activations split the same way): JAX cannot "
            "tell how the result should be sharded. Also such a product differentiated with respect to an "
            "operand on no mesh (weights made where no mesh context was in force, never placed) while the other "
            "keeps a split dimension (a batch split over 'data'), where no mesh context is in force: the "
            "product that gives the gradient contracts that dimension on both sides, and takes the weights' "
            "own sharding, which is none (JAX blames the last such product of the differentiated function).",
            jf.CONTRACTING_SHARDED.format(lhs="('model',)", rhs="('model',)"),
            "Give the product `out_sharding=` (the result's spec: JAX then reduces over the contracted axis), "
            "or reshard one operand with `jax.sharding.reshard` first (a Linen layer takes it through "
            "`dot_general=`); for a gradient, place the weights on the "
            "mesh (`jax.device_put(params, NamedSharding(mesh, P()))`) or differentiate under `jax.set_mesh`.",
            fixers=("out_sharding", "axis_types"),
        ),
        Rule(
            "SHL030", "lookup-sharding-ambiguous", _E,
            "An integer-array lookup (`table[ids]`, `jnp.take(table, ids, axis=0)`, a Flax NNX `Embed`, an "
            "Equinox `Embedding`) on a mesh whose axes are Explicit, of indices split over a mesh axis (a batch "
            "of token ids, also one `jax.vmap` maps per example) or a table split on the dimension it looks up: "
            "JAX cannot tell how the result should be sharded.",
            jf.GATHER_AMBIGUOUS,
            "Look up with `table.at[ids].get(out_sharding=...)` (an `Embed`: `embed(ids, out_sharding=...)`), "
            "giving the result's spec; under `jax.vmap` that fails too: look up the whole batch outside it.",
            fixers=("out_sharding", "axis_types"),
        ),
        Rule(
            "SHL031", "product-result-split-twice", _E,
            "A matrix product given no `out_sharding`, on a mesh whose axes are Explicit, whose result keeps "
            "two dimensions split over the same mesh axis (each kept dimension is split as its operand splits "
            "it: a batch split over 'data' times an FSDP weight whose output dimension is split over 'data' "
            "too).",
            jf.RESULT_SPLIT_TWICE.format(op="dot_general", out="f32[16@data,8@data]"),
            "Give the product `out_sharding=` with the axis on one dimension, or reshard an operand with "
            "`jax.sharding.reshard` first.",
        ),
        Rule(
            "SHL032", "explicit-mesh-input-sharding-mismatch", _E,
            f"An input sharded one way (a `device_put`, or what a product under the jit gives it) reaches a "
            f"`shard_map` over an Explicit-axes mesh whose `in_specs` say another (JAX ≥ "
            f"{jf.version_text(jf.EXPLICIT_INPUTS_CHECKED)} checks them against each other).",
            jf.SPECS_MISMATCH.format(spec="P('data', None)", input="P('data', 'model')"),
            "Reshard the input to the specs first (`jax.sharding.reshard(x, P(...))`), or write the specs it has.",
            fixers=("reshard_input",),
        ),
        Rule(
            "SHL033", "elementwise-result-split-twice", _E,
            "An elementwise operation (`x + y`, `jnp.maximum(x, y)`), on a mesh whose axes are Explicit, whose "
            "operands split different dimensions over the same mesh axis: each dimension of the result is split "
            "as the operands split it, so the axis would split two of them (a residual split over 'model' on "
            "the sequence, added to a projection split over 'model' on the features).",
            jf.RESULT_SPLIT_TWICE.format(op="add", out="f32[8@data,32@model,64@model]"),
            "Reshard one operand to the other's sharding first (`jax.sharding.reshard(y, jax.typeof(x).sharding)`), "
            "or give the operation that made it the `out_sharding=` of the other.",
        ),
        Rule(
            "SHL034", "carry-sharding-type", _E,
            "Outside `shard_map`, on JAX 0.8 or later, a loop's carry (`lax.scan`, `fori_loop`, `while_loop`) whose "
            "sharding type on a mesh whose axes are Explicit differs between its initial value and what the body "
            "returns (an accumulator made by `jnp.zeros`, replicated, to which the body adds rows split over "
            "'data'), or `cond`/`switch` branches whose outputs' sharding types differ (one returns its operand "
            "scaled, split as it is; another `jnp.zeros`).",
            jf.CARRY_TYPES,
            "Make the initial value (or every branch's output) of one sharding type: `jnp.zeros(..., "
            "out_sharding=P(...))`, `jnp.zeros_like(x)`, or `jax.sharding.reshard(init, P(...))`: the quick fix, "
            "for a carry that is one array.",
            fixers=("reshard_input",),
        ),
        Rule(
            "SHL035", "select-sharding-type", _E,
            "Outside `shard_map`, on JAX 0.8 or later, a `jnp.where(c, x, y)` or `lax.select` whose cases are of "
            "different sharding types on a mesh whose axes are Explicit, or whose condition is not a scalar and "
            "not of the cases' type (a mask of activations split over 'data' choosing between them and "
            "`jnp.zeros(x.shape)`, replicated). `jnp.where` broadcasts operands of different shapes to one type, "
            "so a number, or a row for a condition, is fine; operands of one shape reach `lax.select` as they are.",
            jf.SELECT_CASES,
            "Make the operands of one type: `jnp.zeros_like(x)` keeps `x`'s, `jax.sharding.reshard(y, "
            "jax.typeof(x).sharding)` gives it (the quick fix, where one operand's type splits what the other's "
            "does and more), or a number where a constant is meant.",
            fixers=("reshard_input",),
        ),
        Rule(
            "SHL036", "reshape-sharding-type", _E,
            "Outside `shard_map`, on JAX 0.8 or later, a reshape given no `out_sharding` of an array split over an "
            "Explicit mesh axis, whose result's sharding JAX's rule cannot infer: it splits or merges more than one "
            "dimension, merges a split dimension behind unsplit ones (`[8@data, 4, 4, 16@model]` to `(8, 256)`), "
            "or, before JAX 0.10, merges two split dimensions (`[4@data, 8@model, 32]` to `(32, 32)`) or splits one "
            "where its first part does not divide among the axis's devices.",
            jf.RESHAPE_UNSUPPORTED.format(operand="float32[8@data,4,4,16@model]", new="(8, 256)"),
            "Give the reshape the sharding of its result (`jnp.reshape(x, shape, out_sharding=P(...))`, "
            "`x.reshape(shape, out_sharding=...)`: the quick fix, with what JAX 0.10's rule infers where it does, "
            "else the dimensions split or merged whole), or reshard the operand first (`jax.sharding.reshard`).",
            fixers=("out_sharding",),
        ),
        Rule(
            "SHL037", "concatenate-sharding-type", _E,
            "Outside `shard_map`, on JAX 0.8 or later, a `jnp.concatenate`, `jnp.stack` or `lax.concatenate` of "
            "arrays of different sharding types on a mesh whose axes are Explicit (a key cache split over 'model' "
            "on its heads joined with new keys split over 'data' on the batch; activations with `jnp.zeros(...)`, "
            "replicated).",
            jf.CONCATENATE_TYPES,
            "Reshard the operands to one type first (`jax.sharding.reshard(y, jax.typeof(x).sharding)`), or make "
            "the ones built in place of that type (`jnp.zeros_like(x)`, `jnp.zeros(..., out_sharding=...)`).",
        ),
        Rule(
            "SHL038", "carry-shape", _E,
            "Outside `shard_map`, a loop's carry (`lax.scan`, `fori_loop`, `while_loop`) whose shape differs between "
            "its initial value and what the body returns (a scalar accumulator, `jnp.zeros(())`, to which the body "
            "adds per-example values), or `cond`/`switch` branches that return arrays of different shapes.",
            jf.CARRY_TYPES,
            "Make the initial value (or every branch's output) of the shape the body computes, or reduce what the "
            "body returns to the initial value's shape (`.sum()`, `.mean()`).",
        ),
        Rule(
            "SHL039", "carry-dtype", _E,
            "A loop's carry (`lax.scan`, `fori_loop`, `while_loop`, `nnx.scan`, `nn.scan`) whose dtype differs "
            "between its initial value and what the body returns (a bfloat16 carry through layers that compute in "
            "float32, an int32 accumulator to which the body adds floats), or `cond`/`switch` branches that return "
            "arrays of different dtypes. A weakly typed initial value (a Python number) is promoted by JAX and "
            "never reported.",
            jf.CARRY_TYPES,
            "Make the initial value of the dtype the body computes (`.astype(...)`), or cast what the body returns "
            "back to the initial value's dtype.",
            fixers=("cast_carry",),
        ),
        Rule(
            "SHL040", "broadcast-sharding-types", _E,
            "Outside `shard_map`, on a mesh whose axes are Explicit (JAX 0.8 and later), an elementwise operation "
            "(`x * scale`, `jnp.add(x, b)`) whose operands split one dimension of the result over different mesh "
            "axes once broadcast (a per-feature vector split over 'data' times activations whose features are "
            "split over 'model').",
            jf.BROADCAST_TYPES.format(op="mul", specs="('data', 'model'), (None, 'data')"),
            "Reshard one operand so that both split that dimension alike, or leave it unsplit in one.",
        ),
        Rule(
            "SHL041", "jit-shardings-mismatch", _E,
            "The `in_shardings` or `out_shardings` of a `jax.jit` that do not fit its call: a tuple of another "
            "length than the positional arguments that are not static (a TrainState, a batch and a dropout key "
            "given two), a part of another structure than its argument's or output's (a tuple for a dict, the "
            "shardings of a state for the loss the function returns first), keyword arguments given to a jit "
            "with `in_shardings`, or an array placed with one sharding (`jax.device_put`, a `ShapeDtypeStruct`'s "
            "`sharding=`) whose `in_shardings` entry lays it out otherwise over the same mesh.",
            f"{jf.error_head(jf.JIT_IN_SHARDINGS_LENGTH[(0, 8)])} / {jf.JIT_SHARDINGS_STRUCTURE} / "
            f"{jf.JIT_KWARGS} / {jf.JIT_COMMITTED[(0, 8)]}",
            "Give one sharding per positional argument and output, in their structure and order, and the "
            "arguments' own shardings.",
            fixers=("jit_shardings_fill",),
        ),
        Rule(
            "SHL042", "lax-dtype-mismatch", _E,
            "A `jax.lax` operation that takes operands of one dtype, and does not promote them as `jax.numpy` "
            "does, given operands of different dtypes: `lax.add`/`mul`/`max`/comparisons of a bfloat16 array and "
            "a float32 one (or a Python float, which becomes float32), `lax.select`'s cases, `lax.concatenate`'s "
            "operands, `lax.pad`'s padding value, or `lax.dynamic_update_slice` of a bfloat16 cache with a float32 "
            "update.",
            jf.LAX_DTYPES.format(op="dynamic_update_slice", dtypes="bfloat16, float32"),
            "Cast one operand to the other's dtype (`update.astype(cache.dtype)`), or use the `jax.numpy` "
            "function, which promotes.",
            fixers=("cast_operands",),
        ),
        Rule(
            "SHL043", "update-slice-sharding-type", _E,
            "Outside `shard_map`, on a mesh whose axes are Explicit (JAX 0.8 and later), a "
            "`lax.dynamic_update_slice` (or `dynamic_update_slice_in_dim`, `dynamic_update_index_in_dim`) whose "
            "update is of another sharding type than the operand it is written into (a key cache split over "
            "'model' on its heads, written with new keys whose heads are not split).",
            jf.UPDATE_SLICE_TYPES.format(operand="float32[8@data,128,4@model,64]", update="float32[8@data,1,4,64]"),
            "Give the update the operand's sharding (`jax.sharding.reshard(update, P(...))`, or the `out_sharding=` "
            "of the product that makes it), or make the operand as the update is.",
        ),
        Rule(
            "SHL044", "scan-xs-split", _E,
            "Outside `shard_map`, on a mesh whose axes are Explicit (JAX 0.8 and later), a `lax.scan` or "
            "`lax.map` over arrays split over a mesh axis on their leading dimension, the one it steps over "
            "(microbatches reshaped from a batch split over 'data', `(n, micro, ...)`, keep the split on the "
            "first dimension).",
            jf.SCAN_XS_SPLIT.format(spec="P('data', None, None)"),
            "Split another dimension (reshape with `out_sharding=P(None, 'data', ...)`, or "
            "`jax.sharding.reshard`), so that the leading one is whole.",
        ),
        Rule(
            "SHL045", "slice-split-dimension", _E,
            "Outside `shard_map`, on a mesh whose axes are Explicit (JAX 0.8 and later), indexing or slicing an "
            "array (`x[i]`, `x[0]`, `x[:3]`, `lax.dynamic_slice` and `lax.slice` with their `_in_dim` forms, the "
            "slices `jnp.roll` takes) that takes part of a dimension split over mesh axes whose total size does "
            "not divide what it keeps (a row of an array whose rows are split over 'data', picked by a loop's "
            "counter; a periodic shift by one row).",
            jf.SLICE_SPLIT.format(op="dynamic_slice", kept=1, total=2, axes="data"),
            "Take whole blocks (a multiple of the axes' size), or reshard the array so that the dimension is "
            "whole first (`jax.sharding.reshard(x, P(None, ...))`).",
        ),
        Rule(
            "SHL046", "shape-mismatch", _E,
            "Operands whose shapes JAX rejects while it traces, where every shape is known as JAX traces it "
            "(inside a shard_map, the per-device blocks): elementwise operands that do not broadcast (a halo "
            "two rows short of the block it is added to), an einsum operand of another rank than its term (an "
            "untiled `all_gather`'s stacked result), or an einsum label of two sizes (a weight for every mode "
            "against the modes one device holds).",
            jf.SHAPES_BROADCAST.format(op="add", shapes="(1024,), (1022,)"),
            "Give the operands the shapes the operation takes.",
        ),
        Rule(
            "SHL047", "vmap-in-axes", _E,
            "A vmap (`jax.vmap`, `nnx.vmap`, `eqx.filter_vmap`) whose `in_axes` do not fit its arguments, which "
            "JAX checks before it traces the function: mapped axes of different lengths (a batch of 16 next to an "
            "ensemble of 5 members), or of another length than `axis_size`; an axis an argument does not have; a "
            "tuple of another length than the positional arguments; an entry of another pytree structure than its "
            "argument (a tuple for a dict batch).",
            jf.VMAP_SIZES,
            "Give `in_axes` the arguments' structure and map axes of one length (`None` leaves an argument "
            "unmapped).",
        ),
        Rule(
            "SHL048", "duplicate-spec-axis", _E,
            "A PartitionSpec that names one mesh axis in two of its dimensions, or twice in one, where JAX "
            "checks it: a `NamedSharding` made, a shard_map's `in_specs` or `out_specs`, a bare spec in a "
            "constraint or jit's shardings (a batch split over `('data', 'model')` beside a hidden dimension "
            "split over `'model'`).",
            jf.DUPLICATE_SPEC.format(what="NamedSharding spec", spec="P(('data', 'model'), None, 'model')",
                                     axis="model"),
            "Name each mesh axis in one dimension at most: drop it from the dimension that shares it with "
            "other axes, or split the other dimension over another axis.",
            fixers=("sharding_axis",),
        ),
        Rule(
            "SHL049", "constraint-spmd-axis", _E,
            "A sharding constraint (`with_sharding_constraint`, Flax's logical constraints) inside a vmap "
            "given `spmd_axis_name` (`jax.vmap`, `nnx.vmap`, Linen's `nn.vmap`), of a value the vmap maps, "
            "whose spec names one of those axes: the vmap splits the dimension it maps over them already "
            "(a Linen ensemble mapped over 'data' whose members constrain their batch to 'data').",
            jf.CONSTRAINT_SPMD_AXIS.format(axes="('data',)", spec="P('data', None)"),
            "Constrain each item's dimensions over the other mesh axes only, or give the vmap another "
            "`spmd_axis_name`.",
        ),
        Rule(
            "SHL101", "unmatched-send-recv", _W,
            "A `psend` with no `precv` of the same axis and perm in the same manual region, or the reverse.",
            "deadlock at run time",
            "Pair every psend with a precv of the same axis and perm.",
        ),
        Rule(
            "SHL102", "cyclic-perm", _W,
            "The source→target pairs of one `psend`/`precv` form a cycle.",
            "deadlock on GPU",
            "Split the cycle into two acyclic send/recv pairs ordered with `optimization_barrier`.",
        ),
        Rule(
            "SHL103", "duplicate-perm-index", _E,
            "A perm repeats a source or a destination index.",
            jf.PERM_NOT_UNIQUE.format(name="ppermute", perm="((0, 1), (0, 2))"),
            "Give every source and every destination once.",
            fixers=("perm_unique",),
        ),
        Rule(
            "SHL104", "collective-id-without-barrier", _E,
            "`CompilerParams(collective_id=...)` on a kernel that never calls `get_barrier_semaphore`.",
            jf.COLLECTIVE_ID_UNUSED,
            "Drop `collective_id`, or use `pltpu.get_barrier_semaphore()` in the kernel.",
            fixers=("pmap", "remove_collective_id"),
        ),
        Rule(
            "SHL105", "device-id-arity", _E,
            "A MESH `device_id` tuple whose length differs from the number of mesh axes.",
            jf.DEVICE_ID_ARITY.format(n=1, dims=2),
            "Give one device id per mesh axis.",
            fixers=("pmap", "device_id"),
        ),
        Rule(
            "SHL106", "perm-index-out-of-range", _E,
            "A perm index is not below the axis size, where the mesh is statically known.",
            f"{jf.PERM_INDEX} (at lowering, JAX 0.10.2), or, where the indices taken modulo the axis "
            f"size repeat, {jf.PERM_NOT_UNIQUE.format(name='ppermute', perm='...')[:-1]} when it is called",
            "Keep every perm index below the axis size.",
            fixers=("perm_in_range",),
        ),
        Rule(
            "SHL107", "barrier-without-collective-id", _E,
            "A kernel calls `get_barrier_semaphore` but its `pallas_call` sets no `collective_id`.",
            jf.COLLECTIVE_ID_MISSING,
            "Pass `compiler_params=pltpu.CompilerParams(collective_id=0)`.",
            fixers=("add_collective_id", "pmap"),
        ),
        Rule(
            "SHL108", "pallas-call-vma-check", _E,
            "A `pallas_call` inside a `shard_map` that checks varying axes (`check_vma=True`, the "
            "default; `check_rep=True` for the experimental spelling) with an `out_shape` that has none.",
            jf.VMA_OUT_SHAPE,
            "Pass `check_vma=False` (or `check_rep=False`) to the shard_map around Pallas kernels.",
            fixers=("check_vma", "pmap"),
        ),
        Rule(
            "SHL109", "device-id-unknown-axis", _E,
            "A dict `device_id` (`{axis: index}`) keyed by a name that is not an axis of the kernel's mesh.",
            jf.UNRECOGNIZED_DEVICE_AXES.format(axes="{'y': ...}"),
            "Key the device id by the mesh's axis names.",
            fixers=("device_id_key",),
        ),
        Rule(
            "SHL110", "pallas-call-differentiated", _E,
            "A `pallas_call` whose operands depend on what `grad`, `value_and_grad`, `vjp` (or a framework's "
            "`nnx.grad`, `eqx.filter_grad`, ...) differentiates, with no `jax.custom_vjp` around it; a "
            "communicating kernel under `jvp` too.",
            f"{jf.KERNEL_LINEARIZE} (a communicating kernel: a bare `AssertionError`)",
            "Give the kernel a `jax.custom_vjp` (its backward pass as another kernel or in `jnp`), or keep the "
            "differentiated values out of it.",
        ),
        Rule(
            "SHL111", "collective-split-size", _E,
            "A `psum_scatter` or `all_to_all` whose operand's split dimension does not fit the devices of its "
            "axes: with `tiled=True` it must be a multiple of their number, untiled equal to it.",
            jf.SPLIT_SIZE[("psum_scatter", True)].format(size=6, axis_size=4),
            "Pad or reshape the operand so that the dimension fits, split another dimension, or pass "
            "`tiled=True` for a multiple.",
        ),
        Rule(
            "SHL112", "pallas-call-batched-whole-blocks", _E,
            "A `pallas_call` batched by a vmap (`jax.vmap`, `nnx.vmap`, `eqx.filter_vmap`) where a batched operand "
            "or an output has a BlockSpec in memory space `pl.ANY` (or `pltpu.HBM` from JAX "
            f"{jf.version_text(jf.WHOLE_HBM_SINCE)}), as remote-DMA kernels have: Mosaic takes those blocks only "
            "whole.",
            jf.WHOLE_BLOCKS_ONLY,
            "Call the kernel on the whole batch (a leading dimension it handles itself), or loop over the items "
            "(`jax.lax.map`, `fori_loop`) instead of vmapping it.",
            fixers=("pmap",),
        ),
        Rule(
            "SHL113", "logical-device-id-coordinates", _E,
            "A remote copy or semaphore signal in a kernel under `shard_map` whose `device_id` is mesh "
            "coordinates (a tuple, or a dict keyed by mesh axes) while its `device_id_type` is LOGICAL, which "
            "takes one flat device index (a halo exchange that addresses `(x, y_next)`).",
            jf.LOGICAL_DEVICE_ID[(0, 8)],
            "Use `device_id_type=DeviceIdType.MESH` for mesh coordinates, or give the flat (logical) index.",
            fixers=("mesh_device_id",),
        ),
        Rule(
            "SHL114", "scan-leading-sizes", _E,
            "A `jax.lax.scan` whose `xs` arrays have leading dimensions of different sizes, as JAX traces them "
            "(inside a shard_map, a stack of layers whose spec, written for one layer, splits the stacked "
            "dimension of some of its arrays).",
            jf.SCAN_SIZES.format(sizes="4, 4, 2"),
            "Give every array in `xs` the same number of steps: leave the stacked dimension of a layer stack "
            "unsplit (`P(None, *spec)`).",
        ),
        Rule(
            "SHL201", "pmap-legacy", _H,
            f"Collectives or communicating kernels under `pmap` on JAX ≥ {_PMAP_SM} (pmap is jit + shard_map there).",
            f"works on JAX ≥ {_PMAP_SM}; older JAX rejects it",
            "Use `jax.shard_map`, which every JAX version lowers.",
            fixers=("pmap",),
        ),
        Rule(
            "SHL301", "unused-suppression", _W,
            "A suppression comment that suppresses nothing: no diagnostic of the rule on its line, "
            "a rule code or name that does not exist, or one repeated.",
            "nothing: but an unused suppression hides the next real error on its line",
            "Remove it (the fix does), or correct the code or name.",
        ),
    ]
}

UNUSED_SUPPRESSION = RULES["SHL301"]

# Lowering failures reported by `shardlint lower` and the server's background check.
LOWERING = Rule(
    "SHL900", "lowering-failed", Severity.ERROR,
    "JAX's own lowering of a configured target failed.",
    "the exception JAX raised",
    "Read JAX's message; the related locations are the project frames of its traceback.",
)
ALL_RULES: dict[str, Rule] = {**RULES, LOWERING.code: LOWERING}


def rule(code: str) -> Rule:
    return ALL_RULES[code]
