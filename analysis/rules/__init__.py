"""The rule registry: every code, its name, default severity, one-line summary and the JAX
behaviour it prevents. Rule logic lives in one module per family (scope, mosaic, protocol,
versions); this table is what `shardlint rules`, `explain`, the README and the LSP read."""

from __future__ import annotations

from dataclasses import dataclass

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

    @property
    def url(self) -> str:
        return DOCS_URL.format(anchor=f"{self.code.lower()}-{self.name}")


_E, _W, _H = Severity.ERROR, Severity.WARNING, Severity.HINT

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
            "(eager, `jit`, a helper or loop body under `jit`, replica-path `pmap` before JAX 0.8).",
            "NotImplementedError: precv currently only supports manual sharding "
            "(JAX 0.10.2 outside any shard_map: a bare AssertionError at lowering)",
            "Call it inside `jax.shard_map` over a mesh that has the axis.",
        ),
        Rule(
            "SHL002", "psend-outside-shard-map", _E,
            "`jax.lax.psend` is reached from a context where no `shard_map` binds its axis.",
            "NameError: Found an unbound axis name: x. To fix this, please call psend under "
            "jax.shard_map. (replica-path pmap for GPU: psend currently only supports manual sharding)",
            "Call it inside `jax.shard_map` over a mesh that has the axis.",
        ),
        Rule(
            "SHL003", "communicating-kernel-outside-shard-map", _E,
            "A `pallas_call` whose kernel communicates (remote DMA, remote semaphore signal, "
            "barrier semaphore) is reached outside `shard_map`: an error where JAX rejects it, a "
            "warning where it lowers but has no peers (plain `jit`, LOGICAL ids).",
            "NotImplementedError: Replica lowering for Mosaic kernels not implemented. / "
            "ValueError: Cannot use communication in pallas_call without shard_map.",
            "Call the kernel inside `jax.shard_map` (with `check_vma=False`).",
        ),
        Rule(
            "SHL004", "mosaic-auto-partitioned", _E,
            "A TPU `pallas_call` under automatic partitioning: `jit` with multi-device shardings, "
            "or a `shard_map` whose manual axes are a strict subset of the mesh axes.",
            "NotImplementedError: Mosaic kernels cannot be automatically partitioned. "
            "Please wrap the call in a shard_map.",
            "Wrap the call in a `shard_map` that makes every mesh axis manual.",
        ),
        Rule(
            "SHL005", "unbound-axis-name", _E,
            "A collective names an axis that no enclosing `shard_map`, `pmap(axis_name=)` or "
            "`vmap(axis_name=)` binds.",
            "NameError: Found an unbound axis name: x. To fix this, please call psum under jax.shard_map.",
            "Call it inside a transformation that binds the axis, or fix the name.",
        ),
        Rule(
            "SHL006", "axis-not-in-mesh", _E,
            "The axis name is not among the axes of the enclosing `shard_map`'s mesh.",
            "NameError: Found an unbound axis name: y (psum, pmean, pmax, pmin, ppermute and psend under "
            "check_vma=True: a bare AssertionError at lowering; JAX 0.6.2: KeyError)",
            "Use one of the mesh's axis names.",
        ),
        Rule(
            "SHL007", "send-recv-backend", _E,
            "`psend`/`precv` while the configured backend is `tpu` or `cpu`.",
            "NotImplementedError: psend is currently only implemented on GPU",
            "Use `jax.lax.ppermute` on TPU/CPU, or run on GPU.",
        ),
        Rule(
            "SHL008", "api-not-in-jax-version", _E,
            "An API that the target JAX version lacks.",
            "AttributeError / TypeError",
            "Use the spelling the target JAX version has.",
        ),
        Rule(
            "SHL009", "send-recv-differentiated", _E,
            "`psend`/`precv` reached under reverse-mode differentiation (`grad`, `value_and_grad`, "
            "`vjp`, `jacrev`, ...).",
            "NotImplementedError: Differentiation rule for 'psend' not implemented",
            "Keep send/recv out of the differentiated function (wrap the exchange in `jax.custom_vjp` "
            "with an explicit backward exchange), or use `jax.lax.ppermute`, which has a transpose.",
        ),
        Rule(
            "SHL010", "set-mesh-under-trace", _E,
            "`jax.set_mesh` / `jax.sharding.use_mesh` reached inside `jit` or another transformation.",
            "ValueError: set_mesh can only be used outside of jax.jit.",
            "Enter the mesh outside the jitted function, or pass `mesh=` to `jax.shard_map`.",
        ),
        Rule(
            "SHL011", "explicit-mesh-unsharded-input", _E,
            "An input with no sharding reaches a `shard_map` over an Explicit-axes mesh (what "
            "`jax.make_mesh` builds by default from JAX 0.10) whose `in_specs` shard it.",
            "ValueError: in_specs passed to shard_map: P('x', None) does not match the specs of the "
            "input: P(None, None)",
            "Build the mesh with `axis_types=(jax.sharding.AxisType.Auto, ...)`, or give the input "
            "that sharding (`jax.device_put`, `ShapeDtypeStruct(..., sharding=...)`, `jit(in_shardings=...)`).",
        ),
        Rule(
            "SHL012", "nested-shard-map-concrete-mesh", _E,
            "A `shard_map` nested inside another `shard_map` is given a concrete `Mesh`.",
            "ValueError: The context mesh AbstractMesh(...) should match the mesh passed to shard_map Mesh(...)",
            "Leave out `mesh=` in the inner shard_map (the context mesh is used), or pass "
            "`jax.sharding.get_abstract_mesh()`.",
        ),
        Rule(
            "SHL013", "received-loop-carry", _E,
            "A loop body's carry (or one branch of a `cond`/`switch`) is what `precv` returned, inside a "
            "`shard_map` that checks varying axes: its type is not varying like the carry's.",
            "TypeError: scan body function carry input and carry output must have equal types / "
            "cond branches must have equal output types",
            "Pass `check_vma=False` to the shard_map, or make the received value vary (e.g. add it to "
            "the carry).",
        ),
        Rule(
            "SHL014", "mesh-axis-missing", _E,
            "`mesh.shape[axis]` for an axis the mesh does not have.",
            "KeyError: 'y' (the mesh's shape is a mapping from its axis names)",
            "Use one of the mesh's axis names, or add the axis to the mesh.",
        ),
        Rule(
            "SHL015", "shard-map-in-specs-structure", _E,
            "A `shard_map`'s `in_specs` do not have the structure of its arguments (a tuple of another "
            "length, a list for the arguments' tuple, a dict with other keys).",
            "ValueError: pytree structure error: different lengths of tuple at key path shard_map in_specs",
            "Give one spec per positional argument, as a tuple (a single PartitionSpec applies to all).",
        ),
        Rule(
            "SHL016", "shard-map-out-specs-varying", _E,
            "A `shard_map` that checks varying axes returns a value that varies over a mesh axis its "
            "`out_specs` do not name (they claim it is replicated there).",
            "ValueError: shard_map applied to the function 'f' was given out_specs which require replication "
            "which can't be statically inferred given the mesh",
            "Reduce the value over that axis first (`jax.lax.pmean`/`psum`), or name the axis in `out_specs`.",
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
            "ValueError: ppermute sources and destinations must be unique, got ((0, 1), (0, 2)).",
            "Give every source and every destination once.",
        ),
        Rule(
            "SHL104", "collective-id-without-barrier", _E,
            "`CompilerParams(collective_id=...)` on a kernel that never calls `get_barrier_semaphore`.",
            "ValueError: collective_id has to be unspecified or None when not using a custom barrier",
            "Drop `collective_id`, or use `pltpu.get_barrier_semaphore()` in the kernel.",
        ),
        Rule(
            "SHL105", "device-id-arity", _E,
            "A MESH `device_id` tuple whose length differs from the number of mesh axes.",
            "ValueError: Number of device ids must match the number of mesh axes, "
            "but got 1 ids for a 2D mesh.",
            "Give one device id per mesh axis.",
        ),
        Rule(
            "SHL106", "perm-index-out-of-range", _E,
            "A perm index is not below the axis size, where the mesh is statically known.",
            "IndexError: list index out of range (at lowering, JAX 0.10.2)",
            "Keep every perm index below the axis size.",
        ),
        Rule(
            "SHL107", "barrier-without-collective-id", _E,
            "A kernel calls `get_barrier_semaphore` but its `pallas_call` sets no `collective_id`.",
            "ValueError: collective_id has to be specified when using a custom barrier",
            "Pass `compiler_params=pltpu.CompilerParams(collective_id=0)`.",
        ),
        Rule(
            "SHL108", "pallas-call-vma-check", _E,
            "A `pallas_call` inside a `shard_map` that checks varying axes (`check_vma=True`, the "
            "default; `check_rep=True` for the experimental spelling) with an `out_shape` that has none.",
            "ValueError: When `check_vma=True` on `jax.shard_map`, `manual_axis_type` on "
            "`jax.ShapeDtypeStruct` must not be `None`.",
            "Pass `check_vma=False` (or `check_rep=False`) to the shard_map around Pallas kernels.",
        ),
        Rule(
            "SHL109", "device-id-unknown-axis", _E,
            "A dict `device_id` (`{axis: index}`) keyed by a name that is not an axis of the kernel's mesh.",
            "ValueError: Unrecognized axes in device_id: {'y': ...}",
            "Key the device id by the mesh's axis names.",
        ),
        Rule(
            "SHL201", "pmap-legacy", _H,
            "Collectives or communicating kernels under `pmap` on JAX ≥ 0.8 (pmap is jit + shard_map there).",
            "works on JAX ≥ 0.8; older JAX rejects it",
            "Use `jax.shard_map`, which every JAX version lowers.",
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
