"""One table of the JAX names the analysis understands, across JAX 0.4.30 → 0.10.x spellings.

Every spelling (public path, re-export, or the `jax._src` definition jedi resolves to) maps to
one canonical name; `API[canonical]` says what the name does to the analysis."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Api:
    kind: str
    # collective: index of the axis-name argument and its keyword
    axis_arg: int | None = None
    axis_kw: str = "axis_name"
    # collectives with a permutation argument
    perm_arg: int | None = None
    # higher-order functions: positions (and keywords) of callables they trace
    fn_args: tuple = ()
    fn_kws: tuple = ()
    since: tuple | None = None  # first JAX version that has it
    until: tuple | None = None  # first JAX version that no longer has it


def _v(s: str) -> tuple:
    return tuple(int(p) for p in s.split("."))


COLLECTIVES = {
    "psum": Api("collective", 1),
    "pmean": Api("collective", 1),
    "pmax": Api("collective", 1),
    "pmin": Api("collective", 1),
    "psum_scatter": Api("collective", 1),
    "all_gather": Api("collective", 1),
    "all_to_all": Api("collective", 1),
    "ragged_all_to_all": Api("collective", 6),
    "ppermute": Api("collective", 1, perm_arg=2),
    "pshuffle": Api("collective", 1, perm_arg=2),
    "pswapaxes": Api("collective", 1),
    "axis_index": Api("collective", 0),
    "axis_size": Api("collective", 0),
    "pbroadcast": Api("collective", 1),
    "pvary": Api("collective", 1, axis_kw="axis_names"),
    "psend": Api("send", 1, perm_arg=2, since=_v("0.7.0")),
    "precv": Api("recv", 2, perm_arg=3, since=_v("0.7.0")),
}

# Transformations: what calling them with a function does to the axis context.
TRANSFORMS = {
    "jax.jit": Api("jit", fn_args=(0,), fn_kws=("fun",)),
    "jax.pmap": Api("pmap", fn_args=(0,), fn_kws=("fun",)),
    "jax.vmap": Api("vmap", fn_args=(0,), fn_kws=("fun",)),
    "jax.shard_map": Api("shard_map", fn_args=(0,), fn_kws=("f",), since=_v("0.6.0")),
    "jax.experimental.shard_map.shard_map": Api("shard_map", fn_args=(0,), fn_kws=("f",)),
    "jax.experimental.pallas.pallas_call": Api("pallas_call", fn_args=(0,), fn_kws=("kernel",)),
    # `jax.export.export(f, platforms=("tpu",))(*args)` traces f like jit, for those platforms.
    "jax.export.export": Api("jit", fn_args=(0,), fn_kws=("fun_jit",)),
    "jax.experimental.pallas.tpu.emit_pipeline": Api("trace", fn_args=(0,), fn_kws=("body",)),
}

# Transparent wrappers: the function they take is traced in the caller's context when the
# result is called.
WRAPPERS = {
    name: Api("wrap", fn_args=(0,), fn_kws=("fun", "f"))
    for name in (
        "jax.checkpoint", "jax.remat", "jax.custom_vjp",
        "jax.custom_jvp", "jax.named_call",
        "jax.make_jaxpr", "jax.ad_checkpoint.checkpoint",
        "jax.experimental.pallas.when", "jax.experimental.pallas.core_map",
        "jax.ensure_compile_time_eval",
    )
}

# Reverse-mode differentiation: the function is traced and transposed (custom_vjp bwd rules run).
GRADS = {
    name: Api("grad", fn_args=(0,), fn_kws=("fun", "f"))
    for name in ("jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian")
}

# Higher-order functions that call (trace) their function arguments right away, in the
# caller's context.
CALLS_NOW = {
    "jax.lax.scan": Api("call", fn_args=(0,), fn_kws=("f",)),
    "jax.lax.fori_loop": Api("call", fn_args=(2,), fn_kws=("body_fun",)),
    "jax.lax.while_loop": Api("call", fn_args=(0, 1), fn_kws=("cond_fun", "body_fun")),
    "jax.lax.cond": Api("call", fn_args=(1, 2), fn_kws=("true_fun", "false_fun")),
    "jax.lax.switch": Api("call", fn_args=(1,), fn_kws=("branches",)),
    "jax.lax.map": Api("call", fn_args=(0,), fn_kws=("f",)),
    "jax.lax.associative_scan": Api("call", fn_args=(0,), fn_kws=("fn",)),
    "jax.lax.custom_root": Api("call", fn_args=(1, 2, 3)),
    "jax.lax.custom_linear_solve": Api("call", fn_args=(0, 2, 3)),
    "jax.vjp": Api("grad_call", fn_args=(0,), fn_kws=("fun",)),
    "jax.jvp": Api("call", fn_args=(0,), fn_kws=("fun",)),
    "jax.linearize": Api("call", fn_args=(0,), fn_kws=("fun",)),
    "jax.eval_shape": Api("call", fn_args=(0,), fn_kws=("fun",)),
    "jax.tree.map": Api("call", fn_args=(0,), fn_kws=("f",)),
    "jax.tree_util.tree_map": Api("call", fn_args=(0,), fn_kws=("f",)),
    "jax.experimental.pallas.run_scoped": Api("call", fn_args=(0,), fn_kws=("f",)),
    "jax.experimental.pallas.loop": Api("deco_call"),
    "jax.experimental.pallas.tpu.run_on_first_core": Api("call", fn_args=(0,)),
    "jax.debug.callback": Api("call"),
    "functools.reduce": Api("call", fn_args=(0,)),
    "builtins.map": Api("call", fn_args=(0,)),
}

# Pallas TPU communication primitives (their use makes a kernel "communicating").
COMM = {
    "jax.experimental.pallas.tpu.make_async_remote_copy": Api("comm"),
    "jax.experimental.pallas.tpu.async_remote_copy": Api("comm"),
    "jax.experimental.pallas.tpu.semaphore_signal": Api("signal"),
    "jax.experimental.pallas.semaphore_signal": Api("signal"),
    "jax.experimental.pallas.tpu.get_barrier_semaphore": Api("barrier"),
}

MESHES = {
    "jax.sharding.Mesh": Api("mesh"),
    "jax.make_mesh": Api("make_mesh"),
    "jax.sharding.AbstractMesh": Api("abstract_mesh"),
    "jax.set_mesh": Api("set_mesh", since=_v("0.7.0")),
    "jax.sharding.use_mesh": Api("set_mesh", until=_v("0.8.0")),
    "jax.sharding.set_mesh": Api("set_mesh"),
    "jax.experimental.mesh_utils.create_device_mesh": Api("device_mesh"),
    "jax.devices": Api("devices"),
    "jax.local_devices": Api("devices"),
    "jax.sharding.NamedSharding": Api("named_sharding"),
    "jax.sharding.PartitionSpec": Api("pspec"),
}

OTHER = {
    "functools.partial": Api("partial"),
    "jax.experimental.pallas.tpu.CompilerParams": Api("compiler_params"),
    "jax.experimental.pallas.tpu.TPUCompilerParams": Api("compiler_params", until=_v("0.8.0")),
    "jax.experimental.pallas.ANY": Api("memspace"),
    "jax.experimental.pallas.tpu.TPUMemorySpace": Api("memspace_enum", until=_v("0.8.0")),
    "jax.experimental.pallas.tpu.ANY": Api("memspace", until=_v("0.10.0")),
    "jax.experimental.pallas.tpu.DeviceIdType": Api("device_id_type"),
    "jax.lax.create_token": Api("other"),
    "jax.device_put": Api("placed", axis_arg=1, axis_kw="device"),
    "jax.ShapeDtypeStruct": Api("placed", axis_kw="sharding"),
    **{f"jax.numpy.{n}": Api("plain_array") for n in ("ones", "zeros", "empty", "full", "arange", "linspace",
                                                      "eye", "ones_like", "zeros_like")},
    **{f"numpy.{n}": Api("plain_array") for n in ("ones", "zeros", "empty", "full", "arange", "linspace")},
    "jax.random.normal": Api("plain_array"),
    "jax.random.uniform": Api("plain_array"),
    # a setting read from the environment: its default, or whatever the environment says
    "os.getenv": Api("env_default"),
    "os.environ.get": Api("env_default"),
}

API: dict[str, Api] = {
    **{f"jax.lax.{k}": v for k, v in COLLECTIVES.items()},
    **TRANSFORMS,
    **WRAPPERS,
    **GRADS,
    **CALLS_NOW,
    **COMM,
    **MESHES,
    **OTHER,
}

# Alternative spellings → canonical name.
ALIASES: dict[str, str] = {
    "jax.experimental.pjit.pjit": "jax.jit",
    "jax.pjit": "jax.jit",
    "jax.experimental.shard_map": "jax.experimental.shard_map.shard_map",
    "jax.sharding.shard_map": "jax.shard_map",
    "jax.experimental.maps.Mesh": "jax.sharding.Mesh",
    "jax.interpreters.pxla.Mesh": "jax.sharding.Mesh",
    "jax.experimental.mesh_utils.create_device_mesh": "jax.experimental.mesh_utils.create_device_mesh",
    "jax.sharding.PositionalSharding": "jax.sharding.NamedSharding",
    "jax.P": "jax.sharding.PartitionSpec",
    "jax.NamedSharding": "jax.sharding.NamedSharding",
    "jax.PartitionSpec": "jax.sharding.PartitionSpec",
    "jax.sharding.get_abstract_mesh": "jax.sharding.get_abstract_mesh",
    "jax.experimental.PartitionSpec": "jax.sharding.PartitionSpec",
    "jax.experimental.pallas.tpu.TPUMemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.experimental.pallas.tpu.MemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.experimental.pallas.MemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.tree_map": "jax.tree_util.tree_map",
    "jax.lax.psend": "jax.lax.psend",
    "jax.numpy.vectorize": "jax.numpy.vectorize",
    "map": "builtins.map",
}

# jax._src definitions (what jedi resolves to) → public module.
_SRC_PREFIXES = (
    ("jax._src.lax.parallel.", "jax.lax."),
    ("jax._src.lax.control_flow.loops.", "jax.lax."),
    ("jax._src.lax.control_flow.conditionals.", "jax.lax."),
    ("jax._src.lax.control_flow.solves.", "jax.lax."),
    ("jax._src.lax.control_flow.", "jax.lax."),
    ("jax._src.lax.lax.", "jax.lax."),
    ("jax._src.api.", "jax."),
    ("jax._src.pjit.", "jax."),
    ("jax._src.shard_map.", "jax."),
    ("jax._src.ad_checkpoint.", "jax."),
    ("jax._src.custom_derivatives.", "jax."),
    ("jax._src.mesh.", "jax.sharding."),
    ("jax._src.sharding_impls.", "jax.sharding."),
    ("jax._src.partition_spec.", "jax.sharding."),
    ("jax._src.pallas.mosaic.primitives.", "jax.experimental.pallas.tpu."),
    ("jax._src.pallas.mosaic.core.", "jax.experimental.pallas.tpu."),
    ("jax._src.pallas.mosaic.pipeline.", "jax.experimental.pallas.tpu."),
    ("jax._src.pallas.mosaic.helpers.", "jax.experimental.pallas.tpu."),
    ("jax._src.pallas.pallas_call.", "jax.experimental.pallas."),
    ("jax._src.pallas.primitives.", "jax.experimental.pallas."),
    ("jax._src.pallas.helpers.", "jax.experimental.pallas."),
    ("jax._src.pallas.core.", "jax.experimental.pallas."),
    ("jax._src.tree_util.", "jax.tree_util."),
    ("jax._src.tree.", "jax.tree."),
    ("jax.experimental.shard_map.", "jax.experimental.shard_map."),
    ("jax.lax.", "jax.lax."),
)


def canonical(qualname: str) -> str:
    """The canonical name of a resolved qualified name (unchanged when not a known JAX API)."""
    if qualname in API:
        return qualname
    if qualname in ALIASES:
        return ALIASES[qualname]
    for prefix, public in _SRC_PREFIXES:
        if qualname.startswith(prefix):
            tail = qualname[len(prefix):]
            cand = public + tail
            if cand in API:
                return cand
            if cand in ALIASES:
                return ALIASES[cand]
            if public == "jax." and ("jax.lax." + tail) in API:
                return "jax.lax." + tail
    # jax.experimental.pallas.tpu re-exports a few pallas names, and vice versa.
    if qualname.startswith("jax.experimental.pallas.tpu."):
        cand = "jax.experimental.pallas." + qualname.rsplit(".", 1)[1]
        if cand in API:
            return cand
    return qualname


def lookup(qualname: str) -> tuple[str, Api | None]:
    c = canonical(qualname)
    return c, API.get(c)


def short(qualname: str) -> str:
    """`jax.lax.psend` → `psend` for messages."""
    return qualname.rsplit(".", 1)[-1]

