"""The API table: every JAX name the analysis understands, one row each, across JAX 0.4.30 →
0.10.x spellings.

A row says what the name does to the analysis (`kind`: a collective, a transformation, a mesh
constructor, ...) and carries the name's own signature, written as JAX documents it, so that
call arguments bind to parameter names the way Python binds them. A transformation row names
its function parameter (`fn`); a row of kind "call" says which of its parameters are functions
traced right away and with which of its arguments (`calls`). Every spelling (public path,
re-export, or the `jax._src` definition jedi resolves to) maps to one canonical name.

Adding a spelling of a known behaviour is adding a row."""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass


def _v(s: str) -> tuple:
    return tuple(int(p) for p in s.split("."))


@dataclass(frozen=True)
class Api:
    kind: str
    sig: str = "(*args, **kwargs)"  # the parameter list, as in a `def`
    fn: str | None = None  # transformations: the parameter holding the function
    # kind "call": (function parameter, its arguments) — an argument is a parameter name, "*name"
    # to spread a sequence parameter, "**name" to pass a dict parameter's items as keywords,
    # "rows:name" for one slice of a parameter's arrays along
    # their first axis (what a scan gives its body), "index" for a loop's counter (an int32 scalar
    # the loop traces, varying over no axis), or "?" for another value the primitive makes itself
    calls: tuple = ()
    carry: str | None = None  # loops: the parameter holding the initial carry
    axis: str = "axis_name"  # collectives: the parameter naming the axis
    since: tuple | None = None  # first JAX version that has it
    until: tuple | None = None  # first JAX version that no longer has it

    @property
    def params(self) -> ast.arguments:
        return _parse_sig(self.sig)


@functools.lru_cache(maxsize=None)
def _parse_sig(sig: str) -> ast.arguments:
    return ast.parse(f"def f{sig}: pass").body[0].args


def _collective(sig, kind="collective", axis="axis_name", since=None, until=None):
    return Api(kind, sig, axis=axis, since=_v(since) if since else None, until=_v(until) if until else None)


_GROUPS = "*, axis_index_groups=None"
COLLECTIVES = {
    "psum": _collective(f"(x, axis_name, {_GROUPS})"),
    "pmean": _collective(f"(x, axis_name, {_GROUPS})"),
    "pmax": _collective(f"(x, axis_name, {_GROUPS})"),
    "pmin": _collective(f"(x, axis_name, {_GROUPS})"),
    "psum_scatter": _collective("(x, axis_name, *, scatter_dimension=0, axis_index_groups=None, tiled=False)"),
    "all_gather": _collective("(x, axis_name, *, axis_index_groups=None, axis=0, tiled=False, to='varying')"),
    "all_gather_invariant": _collective("(x, axis_name, *, axis=0, tiled=False)", until="0.8.2"),
    "all_to_all": _collective(f"(x, axis_name, split_axis, concat_axis, {_GROUPS}, tiled=False)"),
    "ragged_all_to_all": _collective("(operand, output, input_offsets, send_sizes, output_offsets, recv_sizes, "
                                     "*, axis_name, axis_index_groups=None)"),
    "ppermute": _collective("(x, axis_name, perm)"),
    "pshuffle": _collective("(x, axis_name, perm)"),
    "pswapaxes": _collective(f"(x, axis_name, axis, {_GROUPS})"),
    "axis_index": _collective("(axis_name)"),
    "axis_size": _collective("(axis_name)"),
    "pbroadcast": _collective("(x, axis_name, source)"),
    "pvary": _collective("(x, axis_names)", axis="axis_names", until="0.10.0"),
    "pcast": _collective("(x, axis_name, *, to)", since="0.8.2"),
    "psend": _collective("(x, axis_name, perm)", kind="send", since="0.7.0"),
    "precv": _collective("(token, out_shape, axis_name, perm)", kind="recv", since="0.7.0"),
}
# The collectives that reduce over an axis; all but psum give back a replicated value unchanged.
IDEMPOTENT_REDUCTIONS = frozenset({"pmean", "pmax", "pmin"})
REDUCTIONS = IDEMPOTENT_REDUCTIONS | {"psum"}

_JIT_SIG = ("(fun=None, in_shardings=None, out_shardings=None, static_argnums=None, static_argnames=None, "
            "donate_argnums=None, donate_argnames=None, keep_unused=False, device=None, backend=None, "
            "inline=False, abstracted_axes=None, compiler_options=None)")

# Transformations: what calling them with a function does to the context it runs in.
TRANSFORMS = {
    "jax.jit": Api("jit", _JIT_SIG, fn="fun"),
    "jax.pmap": Api("pmap", "(fun=None, axis_name=None, *, in_axes=0, out_axes=0, static_broadcasted_argnums=(), "
                            "devices=None, backend=None, axis_size=None, donate_argnums=())", fn="fun"),
    "jax.vmap": Api("vmap", "(fun=None, in_axes=0, out_axes=0, axis_name=None, axis_size=None, "
                            "spmd_axis_name=None)", fn="fun"),
    "jax.shard_map": Api("shard_map", "(f=None, /, *, out_specs=None, in_specs=None, mesh=None, axis_names=None, "
                                      "check_vma=True)", fn="f", since=_v("0.6.0")),
    "jax.experimental.shard_map.shard_map": Api(
        "shard_map", "(f=None, mesh=None, in_specs=None, out_specs=None, check_rep=True, auto=None)", fn="f"),
    "jax.experimental.pallas.pallas_call": Api(
        "pallas_call", "(kernel=None, out_shape=None, *, grid_spec=None, grid=(), in_specs=None, out_specs=None, "
                       "scratch_shapes=(), input_output_aliases=None, debug=False, interpret=False, name=None, "
                       "compiler_params=None, cost_estimate=None, backend=None)", fn="kernel"),
    # `jax.export.export(f, platforms=("tpu",))(*args)` traces f like jit, for those platforms.
    "jax.export.export": Api("jit", "(fun_jit, *, platforms=None, disabled_checks=())", fn="fun_jit"),
    "jax.experimental.pallas.tpu.emit_pipeline": Api("trace", "(body, *, grid=None, in_specs=None, out_specs=None, "
                                                              "**kwargs)", fn="body"),
}

# Transparent wrappers: the function they take is traced in the caller's context when the
# result is called.
WRAPPERS = {
    "jax.checkpoint": Api("wrap", "(fun=None, *, prevent_cse=True, policy=None, static_argnums=())", fn="fun"),
    "jax.remat": Api("wrap", "(fun=None, *, prevent_cse=True, policy=None, static_argnums=())", fn="fun"),
    "jax.ad_checkpoint.checkpoint": Api("wrap", "(fun=None, *, prevent_cse=True, policy=None, static_argnums=())",
                                        fn="fun"),
    "jax.custom_vjp": Api("wrap", "(fun=None, nondiff_argnums=())", fn="fun"),
    "jax.custom_jvp": Api("wrap", "(fun=None, nondiff_argnums=())", fn="fun"),
    "jax.named_call": Api("wrap", "(fun=None, *, name=None)", fn="fun"),
    "jax.make_jaxpr": Api("wrap", "(fun=None, static_argnums=(), axis_env=None, return_shape=False, "
                                  "abstracted_axes=None)", fn="fun"),
    "jax.ensure_compile_time_eval": Api("wrap", "(fun=None)", fn="fun"),
    # `pl.when(cond)` / `pl.core_map(mesh)` decorate a body and run it right away.
    "jax.experimental.pallas.when": Api("run_now", "(condition)"),
    "jax.experimental.pallas.core_map": Api("run_now", "(mesh, **kwargs)"),
    "jax.experimental.pallas.loop": Api("run_now", "(lower, upper, *, step=1, unroll=None)"),
}

_GRAD_SIG = "(fun=None, argnums=0, has_aux=False, holomorphic=False, allow_int=False, reduce_axes=())"
# Reverse-mode differentiation: the function is traced and transposed (custom_vjp bwd rules run).
GRADS = {
    "jax.grad": Api("grad", _GRAD_SIG, fn="fun"),
    "jax.value_and_grad": Api("grad", _GRAD_SIG, fn="fun"),
    "jax.jacrev": Api("grad", "(fun=None, argnums=0, has_aux=False, holomorphic=False, allow_int=False)", fn="fun"),
    "jax.jacfwd": Api("grad", "(fun=None, argnums=0, has_aux=False, holomorphic=False)", fn="fun"),
    "jax.hessian": Api("grad", "(fun=None, argnums=0, has_aux=False, holomorphic=False)", fn="fun"),
}


def _call(sig, *calls, carry=None):
    return Api("call", sig, calls=tuple(calls), carry=carry)


# Higher-order functions that call (trace) their function arguments right away, in the
# caller's context.
CALLS_NOW = {
    "jax.lax.scan": _call("(f, init, xs=None, length=None, reverse=False, unroll=1, _split_transpose=False)",
                          ("f", ("init", "rows:xs")), carry="init"),
    "jax.lax.fori_loop": _call("(lower, upper, body_fun, init_val, *, unroll=None)",
                               ("body_fun", ("index", "init_val")), carry="init_val"),
    "jax.lax.while_loop": _call("(cond_fun, body_fun, init_val)",
                                ("cond_fun", ("init_val",)), ("body_fun", ("init_val",)), carry="init_val"),
    "jax.lax.cond": _call("(pred, true_fun, false_fun, *operands)",
                          ("true_fun", ("*operands",)), ("false_fun", ("*operands",))),
    "jax.lax.switch": _call("(index, branches, *operands)", ("branches", ("*operands",))),
    "jax.lax.map": _call("(f, xs, *, batch_size=None)", ("f", ("rows:xs",))),
    "jax.lax.associative_scan": _call("(fn, elems, reverse=False, axis=0)", ("fn", ("?", "?"))),
    "jax.lax.custom_root": _call("(f, initial_guess, solve, tangent_solve, has_aux=False)",
                                 ("f", ("initial_guess",)), ("solve", ("?", "?")), ("tangent_solve", ("?", "?"))),
    "jax.lax.custom_linear_solve": _call("(matvec, b, solve, transpose_solve=None, symmetric=False, has_aux=False)",
                                         ("matvec", ("b",)), ("solve", ("?", "b")), ("transpose_solve", ("?", "b"))),
    "jax.vjp": Api("grad_call", "(fun, *primals, has_aux=False, reduce_axes=())", fn="fun"),
    # forward mode differentiates too (psend/precv have no JVP rule either)
    "jax.jvp": Api("grad_call", "(fun, primals, tangents, has_aux=False)", fn="fun"),
    "jax.linearize": Api("grad_call", "(fun, *primals, has_aux=False)", fn="fun"),
    "jax.eval_shape": _call("(fun, *args, **kwargs)", ("fun", ("*args", "**kwargs"))),
    "jax.tree.map": Api("tree_map", "(f, tree, *rest, is_leaf=None)"),
    # `flat, unravel = ravel_pytree(tree)`; `unravel(flat)` is the tree again (the second row is
    # the function ravel_pytree returns, its tree bound).
    "jax.flatten_util.ravel_pytree": Api("ravel_pytree", "(pytree)"),
    "jax.flatten_util.ravel_pytree.unravel": Api("unravel", "(tree, flat)"),
    "jax.tree_util.tree_map": Api("tree_map", "(f, tree, *rest, is_leaf=None)"),
    "jax.tree_util.tree_map_with_path": Api("tree_map", "(f, tree, *rest, is_leaf=None, is_leaf_takes_path=False)"),
    "jax.tree.map_with_path": Api("tree_map", "(f, tree, *rest, is_leaf=None, is_leaf_takes_path=False)"),
    "jax.tree_util.keystr": Api("keystr", "(keys, *, simple=False, separator='')"),
    "jax.tree.leaves": Api("tree_leaves", "(tree, is_leaf=None)"),
    "jax.tree_util.tree_leaves": Api("tree_leaves", "(tree, is_leaf=None)"),
    "jax.experimental.pallas.run_scoped": _call("(f, *types, collective_axes=(), **kw_types)", ("f", ())),
    "jax.experimental.pallas.tpu.run_on_first_core": _call("(f)", ("f", ())),
    "jax.debug.callback": _call("(callback, *args, ordered=False, **kwargs)", ("callback", ("*args", "**kwargs"))),
    "functools.reduce": _call("(function, iterable, initial=None)", ("function", ("?", "?"))),
}

# Pallas TPU communication primitives (their use makes a kernel "communicating").
_COPY_SIG = "(src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type=None)"
COMM = {
    "jax.experimental.pallas.tpu.make_async_remote_copy": Api("comm", _COPY_SIG),
    "jax.experimental.pallas.tpu.async_remote_copy": Api("comm", _COPY_SIG),
    "jax.experimental.pallas.tpu.semaphore_signal": Api(
        "signal", "(sem_or_view, inc=1, *, device_id=None, device_id_type=None, core_index=None)"),
    "jax.experimental.pallas.semaphore_signal": Api(
        "signal", "(sem_or_view, inc=1, *, device_id=None, device_id_type=None, core_index=None)"),
    "jax.experimental.pallas.tpu.get_barrier_semaphore": Api("barrier", "()"),
}

MESHES = {
    "jax.sharding.Mesh": Api("mesh", "(devices, axis_names, axis_types=None)"),
    "jax.make_mesh": Api("make_mesh", "(axis_shapes, axis_names, axis_types=None, *, devices=None)"),
    "jax.sharding.AbstractMesh": Api("abstract_mesh", "(axis_sizes=None, axis_names=None, axis_types=None, *, "
                                                      "shape_tuple=None)"),
    "jax.set_mesh": Api("set_mesh", "(mesh)", since=_v("0.7.0")),
    "jax.sharding.use_mesh": Api("set_mesh", "(mesh)", until=_v("0.8.0")),
    "jax.sharding.set_mesh": Api("set_mesh", "(mesh)"),
    "jax.experimental.mesh_utils.create_device_mesh": Api("device_mesh", "(mesh_shape, devices=None, **kwargs)"),
    "jax.devices": Api("devices", "(backend=None)"),
    "jax.local_devices": Api("devices", "(process_index=None, backend=None, host_id=None)"),
    "jax.device_count": Api("device_count", "(backend=None)"),
    "jax.local_device_count": Api("device_count", "(backend=None)"),
    # One process, unless the program starts a multi-process run (`python main.py` is one).
    "jax.process_count": Api("processes", "(backend=None)"),
    "jax.process_index": Api("processes", "(backend=None)"),
    "jax.distributed.initialize": Api("distributed", "(coordinator_address=None, num_processes=None, "
                                                     "process_id=None, **kwargs)"),
    "jax.sharding.NamedSharding": Api("named_sharding", "(mesh, spec=None, *, memory_kind=None)"),
    "jax.sharding.PartitionSpec": Api("pspec", "(*partitions, unreduced=None, reduced=None)"),
}

_ARRAY_SHAPE_DTYPE = "(shape, dtype=None, **kwargs)"
_INITIALIZER_MODULES = ("jax.nn.initializers", "flax.nnx.initializers", "flax.linen.initializers")
# numpy's random arrays by their own signatures (`size` the shape, by keyword or position)
_NUMPY_RANDOM = {
    "normal": "(loc=0.0, scale=1.0, size=None)",
    "uniform": "(low=0.0, high=1.0, size=None)",
    "randint": "(low, high=None, size=None, dtype=None)",
    "random": "(size=None, dtype=None, out=None)",
    "standard_normal": "(size=None, dtype=None, out=None)",
    "choice": "(a, size=None, replace=True, p=None, axis=0, shuffle=True)",
    "permutation": "(*args, **kwargs)",
}
_INITIALIZERS = ("normal", "uniform", "truncated_normal", "lecun_normal", "lecun_uniform", "glorot_normal",
                 "glorot_uniform", "xavier_normal", "xavier_uniform", "he_normal", "he_uniform", "kaiming_normal",
                 "kaiming_uniform", "variance_scaling", "orthogonal", "constant", "delta_orthogonal")

OTHER = {
    "functools.partial": Api("partial", "(func, /, *args, **keywords)"),
    # A generator function made a context manager: entering it runs the generator's body (up to
    # its yield, and the rest on leaving), here run where the function is called.
    "contextlib.contextmanager": Api("same", "(func)"),
    "jax.tree_util.Partial": Api("partial", "(func, /, *args, **keywords)"),
    "equinox.Partial": Api("partial", "(func, /, *args, **keywords)"),
    "jax.experimental.pallas.tpu.CompilerParams": Api("compiler_params", "(**kwargs)"),
    "jax.experimental.pallas.tpu.TPUCompilerParams": Api("compiler_params", "(**kwargs)", until=_v("0.8.0")),
    "jax.experimental.pallas.tpu.PrefetchScalarGridSpec": Api(
        "grid_spec", "(num_scalar_prefetch, grid=(), in_specs=None, out_specs=None, scratch_shapes=())"),
    "jax.experimental.pallas.GridSpec": Api("grid_spec", "(grid=(), in_specs=None, out_specs=None, scratch_shapes=())"),
    "jax.experimental.pallas.BlockSpec": Api(
        "block_spec", "(block_shape=None, index_map=None, *, memory_space=None, **kwargs)"),
    "jax.experimental.pallas.ANY": Api("memspace"),
    "jax.experimental.pallas.tpu.HBM": Api("memspace"),
    "jax.experimental.pallas.tpu.TPUMemorySpace": Api("memspace_enum", until=_v("0.8.0")),
    "jax.experimental.pallas.tpu.ANY": Api("memspace", until=_v("0.10.0")),
    "jax.experimental.pallas.tpu.DeviceIdType": Api("device_id_type"),
    "jax.lax.create_token": Api("other"),
    # a ShapeDtypeStruct's varying axes, `manual_axis_type=` (0.10.0's source has it, 0.9.2's not)
    "jax.sharding.ManualAxisType": Api("other", since=_v("0.10.0")),
    # JAX 0.6.2 has no jax.sharding.reshard (measured), 0.8.2 has it
    "jax.sharding.reshard": Api("reshard", "(xs, out_shardings)", since=(0, 7)),
    "jax.device_put": Api("placed", "(x, device=None, *, src=None, donate=False, may_alias=None)"),
    "jax.lax.with_sharding_constraint": Api("placed", "(x, shardings)"),
    "jax.ShapeDtypeStruct": Api("shape_dtype", "(shape, dtype, *, sharding=None, weak_type=False, vma=None, "
                                                "manual_axis_type=None, is_ref=False)"),
    **{f"jax.numpy.{n}": Api("new_array", _ARRAY_SHAPE_DTYPE) for n in ("ones", "zeros", "empty")},
    "jax.numpy.full": Api("new_array", "(shape, fill_value, dtype=None, **kwargs)"),
    **{f"jax.numpy.{n}": Api("new_array_like", "(a, dtype=None, **kwargs)")
       for n in ("ones_like", "zeros_like", "empty_like", "full_like")},
    **{f"jax.numpy.{n}": Api("new_array", "(*args, dtype=None, **kwargs)") for n in ("arange", "linspace", "eye")},
    **{f"numpy.{n}": Api("new_array", _ARRAY_SHAPE_DTYPE) for n in ("ones", "zeros", "empty")},
    **{f"numpy.{n}": Api("new_array", "(*args, dtype=None, **kwargs)") for n in ("arange", "linspace", "full")},
    # numpy's random arrays: `rand(d0, d1, ...)`, else of the shape `size=` gives
    **{f"numpy.random.{n}": Api("new_array", "(*shape)") for n in ("rand", "randn")},
    **{f"numpy.random.{n}": Api("new_array", sig) for n, sig in _NUMPY_RANDOM.items()},
    # initializers: a factory (`normal(0.02)`) gives a function that makes an array of the shape
    # it is given; `zeros`/`ones` are such functions themselves
    **{f"{m}.{n}": Api("initializer", "(*args, **kwargs)") for m in _INITIALIZER_MODULES for n in _INITIALIZERS},
    **{f"{m}.{n}": Api("new_array", "(key, shape, dtype=None, **kwargs)") for m in _INITIALIZER_MODULES
       for n in ("zeros", "ones", "initialize")},
    # `rng = np.random.default_rng(seed)`: its methods make arrays of the shape `size=` gives
    "numpy.random.default_rng": Api("rng", "(seed=None)"),
    **{f"numpy.random.Generator.{n}": Api("new_array", sig)
       for n, sig in {**_NUMPY_RANDOM, "integers": "(low, high=None, size=None, dtype=None, endpoint=False)"}.items()
       if n != "randint"},
    # jax.random's samplers (0.6 to 0.10; `out_sharding=` from 0.8): of the shape `shape=` gives,
    # else (None) broadcast from their parameters, not followed
    **{f"jax.random.{n}": Api("new_array", "(key, shape=(), dtype=None, **kwargs)")
       for n in ("normal", "gumbel", "exponential", "laplace", "logistic", "cauchy", "maxwell", "rademacher",
                 "bits")},
    "jax.random.uniform": Api("new_array", "(key, shape=(), dtype=None, minval=0.0, maxval=1.0, **kwargs)"),
    "jax.random.randint": Api("new_array", "(key, shape, minval, maxval, dtype=None, **kwargs)"),
    "jax.random.bernoulli": Api("new_array", "(key, p=0.5, shape=None, mode='low', **kwargs)"),
    "jax.random.truncated_normal": Api("new_array", "(key, lower, upper, shape=None, dtype=None, **kwargs)"),
    **{f"jax.random.{n}": Api("new_array", f"(key, {a}, shape=None, dtype=None, **kwargs)")
       for n, a in (("gamma", "a"), ("beta", "a, b"), ("poisson", "lam"), ("t", "df"))},
    "jax.random.split": Api("random_split", "(key, num=2)"),
    # objects that hold what they are given and what is set on them (configs)
    "types.SimpleNamespace": Api("namespace", "(**kwargs)"),
    "argparse.Namespace": Api("namespace", "(**kwargs)"),
    "ml_collections.ConfigDict": Api("namespace", "(initial_dictionary=None, type_safe=True, convert_dict=True)"),
    "ml_collections.config_dict.ConfigDict": Api("namespace", "(initial_dictionary=None, type_safe=True, "
                                                              "convert_dict=True)"),
    # a setting read from the environment: its default, or whatever the environment says
    "os.getenv": Api("env_default", "(key, default=None)"),
    "os.environ.get": Api("env_default", "(key, default=None)"),
    # a config written as JSON text in the program, or read from a data file (datafiles.py)
    "json.loads": Api("json_text", "(s, **kwargs)"),
    "json.load": Api("json_file", "(fp, **kwargs)"),
    **{f"os.path.{fn}": Api("os_path") for fn in ("join", "dirname", "basename", "normpath", "splitext", "split",
                                                   "abspath", "realpath")},
    **{f"pathlib.{cls}": Api("path") for cls in ("Path", "PurePath", "PosixPath", "PurePosixPath")},
    # a parameter's path matched against a table of rules (its spec chosen so)
    **{f"re.{fn}": Api("regex", "(pattern, string, flags=0)") for fn in ("search", "match", "fullmatch")},
    "re.compile": Api("regex_compile", "(pattern, flags=0)"),
    **{f"re.Pattern.{fn}": Api("regex_method", "(self, string, pos=0, endpos=None)")
       for fn in ("search", "match", "fullmatch")},
}

# ---------------------------------------------------------------------- frameworks
# Flax NNX, Flax Linen and Equinox wrap the JAX transformations above; their rows say which
# one, with the framework's own signature (flax 0.12.8, equinox 0.13.8; the keywords that
# matter are the same from flax 0.10 and equinox 0.11). These packages are modelled by their
# rows, never read as source (MODELLED_PACKAGES).
_LINEN = "flax.linen."
_LIFT = "variables=True, rngs=True"
# A Linen module's entry points: its method run with variables bound (or made)
LINEN_APPLY = {
    "apply": Api("linen_apply", "(self, variables, *args, rngs=None, method=None, mutable=False, "
                                "capture_intermediates=False, **kwargs)"),
    "init": Api("linen_apply", "(self, rngs, *args, method=None, mutable=None, capture_intermediates=False, "
                               "**kwargs)"),
    "init_with_output": Api("linen_apply", "(self, rngs, *args, method=None, mutable=None, "
                                           "capture_intermediates=False, **kwargs)"),
}
_NNX = "flax.nnx."
_NNX_GRAD_SIG = "(f=None, *, argnums=0, has_aux=False, holomorphic=False, allow_int=False, reduce_axes=(), **kw)"
NNX = {
    _NNX + "jit": Api("jit", "(fun=None, *, in_shardings=None, out_shardings=None, static_argnums=None, "
                             "static_argnames=None, donate_argnums=None, donate_argnames=None, keep_unused=False, "
                             "device=None, backend=None, inline=False, **kw)", fn="fun"),
    _NNX + "with_partitioning": Api("nnx_partitioned", "(initializer, sharding, mesh=None, **metadata)"),
    # (what with_partitioning calls: `sharding_names=`, Flax 0.11's; `out_sharding=`, 0.12's)
    _NNX + "with_metadata": Api("nnx_with_metadata", "(initializer, **metadata)"),
    # called itself (`init(rngs.params(), shape)`): the initializer's array, with the metadata
    _NNX + "with_partitioning.__call__": Api("nnx_partitioned_call", "(self, *args, **kwargs)"),
    _NNX + "use_eager_sharding": Api("eager_sharding_config", "(value)"),
    "flax.config.update": Api("flax_config_update", "(name, value)"),
    _NNX + "eval_shape": _call("(f, *args, graph=None, graph_updates=None, **kwargs)", ("f", ("*args", "**kwargs"))),
    _NNX + "get_partition_spec": Api("nnx_partition_spec", "(tree)"),
    _NNX + "get_named_sharding": Api("nnx_named_sharding", "(tree, mesh)"),
    _NNX + "get_abstract_model": Api("nnx_abstract_model", "(init_fn, mesh, *, graph=None)"),
    _NNX + "shard_map": Api("shard_map", "(f=None, *, mesh=None, in_specs=None, out_specs=None, axis_names=None, "
                                         "check_vma=True, check_rep=None, auto=None, **kw)", fn="f"),
    _NNX + "vmap": Api("vmap", "(f=None, *, in_axes=0, out_axes=0, axis_name=None, axis_size=None, "
                               "spmd_axis_name=None, transform_metadata=None, **kw)", fn="f"),
    _NNX + "pmap": Api("pmap", "(f=None, *, axis_name=None, in_axes=0, out_axes=0, static_broadcasted_argnums=(), "
                               "devices=None, backend=None, axis_size=None, donate_argnums=(), **kw)", fn="f"),
    _NNX + "scan": Api("wrap", "(f=None, *, length=None, reverse=False, unroll=1, in_axes=None, out_axes=None, "
                               "**kw)", fn="f"),
    # As a decorator (`@nnx.split_rngs(splits=n)` above `@nnx.vmap`): the function, its Rngs split.
    _NNX + "split_rngs": Api("wrap", "(node=None, /, *, splits=1, only=None, squeeze=False, graph=None, "
                                     "graph_updates=None)", fn="node"),
    _NNX + "fork_rngs": Api("wrap", "(node=None, /, *, split=None, graph=None, graph_updates=None)", fn="node"),
    _NNX + "remat": Api("wrap", "(f=None, *, prevent_cse=True, static_argnums=(), policy=None, **kw)", fn="f"),
    _NNX + "grad": Api("grad", _NNX_GRAD_SIG, fn="f"),
    _NNX + "value_and_grad": Api("grad", _NNX_GRAD_SIG, fn="f"),
    _NNX + "cond": _call("(pred, true_fun, false_fun, *operands, **kw)",
                         ("true_fun", ("*operands",)), ("false_fun", ("*operands",))),
    _NNX + "switch": _call("(index, branches, *operands, **kw)", ("branches", ("*operands",))),
    _NNX + "fori_loop": _call("(lower, upper, body_fun, init_val, *, unroll=None, **kw)",
                              ("body_fun", ("index", "init_val")), carry="init_val"),
    _NNX + "while_loop": _call("(cond_fun, body_fun, init_val, **kw)",
                               ("cond_fun", ("init_val",)), ("body_fun", ("init_val",)), carry="init_val"),
    _NNX + "split": Api("graph_split", "(node, *filters)"),
    _NNX + "merge": Api("graph_merge", "(graphdef, state, *states, **kw)"),
    _NNX + "state": Api("graph_state", "(node, *filters)"),
    _NNX + "update": Api("graph_update", "(node, state, *states)"),
    _NNX + "clone": Api("same", "(node, **kw)"),
    # specs for a module's state: a tree of PartitionSpecs keyed like its attributes
    _NNX + "StateSharding": Api("state_sharding", "(pytree, *args, **kw)"),
    _NNX + "PathContains": Api("nnx_filter", "(key, exact=True)"),
    _NNX + "Not": Api("nnx_filter", "(filter)"),
    _NNX + "Any": Api("nnx_filter", "(*filters)"),
    _NNX + "All": Api("nnx_filter", "(*filters)"),
    _NNX + "OfType": Api("nnx_filter", "(type)"),
    _NNX + "Everything": Api("nnx_filter", "()"),
    _NNX + "Nothing": Api("nnx_filter", "()"),
    _NNX + "State": Api("nnx_state", "(pytree, *args, **kw)"),
    _NNX + "Sequential": Api("sequential", "(*layers)"),
    _NNX + "List": Api("node_list", "(it=None, /)"),
    _NNX + "Sequential.__call__": Api("sequential_call", "(self, *args, **kwargs)"),
    # the bridge between NNX and Linen: an NNX class as a Linen module, a Linen module as an NNX one
    _NNX + "bridge.to_linen": Api("to_linen", "(nnx_class, *args, metadata_fn=None, name=None, skip_rng=False, "
                                              "abstract_init=True, **kwargs)"),
    _NNX + "bridge.ToLinen": Api("to_linen", "(nnx_class, args=(), kwargs=None, metadata_fn=None, skip_rng=False, "
                                             "abstract_init=True, name=None, parent=None)"),
    _NNX + "bridge.ToLinen.__call__": Api("to_linen_call", "(self, *args, **kwargs)"),
    **{_NNX + f"bridge.ToLinen.{m}": LINEN_APPLY[m] for m in LINEN_APPLY},
    _NNX + "bridge.ToNNX": Api("to_nnx", "(module, rngs=None)"),
    _NNX + "bridge.ToNNX.__call__": Api("to_nnx_call", "(self, *args, rngs=None, method=None, mutable=None, "
                                                       "**kwargs)"),
    _NNX + "bridge.ToNNX.lazy_init": Api("bridge_lazy_init", "(fn, *args, **kwargs)"),
    _NNX + "bridge.lazy_init": Api("bridge_lazy_init", "(fn, *args, **kwargs)"),
    _NNX + "BatchNorm": Api("norm_layer", "(num_features=None, *, use_running_average=False, axis=-1, momentum=0.99, "
                                          "epsilon=1e-5, axis_name=None, axis_index_groups=None, **kw)"),
    _NNX + "BatchNorm.__call__": Api("norm_call", "(self, x, use_running_average=None, *, mask=None)"),
    _NNX + "Module.eval": Api("module_mode", "(self, **attributes)"),
    _NNX + "Module.train": Api("module_mode", "(self, **attributes)"),
    # a table of the module's calls: its method runs under jit (each call is lowered to count it)
    _NNX + "tabulate": Api("nnx_tabulate", "(obj, *input_args, depth=None, method='__call__', row_filter=None, "
                                           "table_kwargs=None, column_kwargs=None, console_kwargs=None, "
                                           "compute_flops=False, compute_vjp_flops=False, **input_kwargs)"),
}
LINEN = {
    **{_LINEN + f"Module.{m}": row for m, row in LINEN_APPLY.items()},
    # `init` under jax.eval_shape, its variables summarised as a table
    _LINEN + "Module.tabulate": Api("linen_apply", "(self, rngs, *args, depth=None, show_repeated=False, "
                                                   "mutable=None, console_kwargs=None, table_kwargs=None, "
                                                   "column_kwargs=None, compute_flops=False, "
                                                   "compute_vjp_flops=False, method=None, **kwargs)"),
    _LINEN + "Module.bind": Api("same", "(self, variables, *args, rngs=None, mutable=False)"),
    _LINEN + "Module.is_initializing": Api("linen_initializing", "(self)"),
    _LINEN + "Module.param": Api("linen_param", "(self, name, init_fn, *init_args, unbox=True, **init_kwargs)"),
    _LINEN + "Module.variable": Api("linen_variable", "(self, col, name, init_fn=None, *init_args, unbox=True, "
                                                      "**init_kwargs)"),
    _LINEN + "Module.clone": Api("linen_clone", "(self, *, parent=None, _deep_clone=False, _reset_names=False, "
                                                "**updates)"),
    _LINEN + "jit": Api("jit", f"(target=None, {_LIFT}, static_argnums=(), static_argnames=(), donate_argnums=(), "
                               "device=None, backend=None, methods=None)", fn="target"),
    _LINEN + "vmap": Api("vmap", "(target=None, variable_axes=None, split_rngs=None, in_axes=0, out_axes=0, "
                                 "axis_size=None, axis_name=None, spmd_axis_name=None, metadata_params=None, "
                                 "methods=None)", fn="target"),
    _LINEN + "scan": Api("wrap", "(target=None, variable_axes=None, variable_broadcast=False, variable_carry=False, "
                                 "split_rngs=None, in_axes=0, out_axes=0, length=None, reverse=False, unroll=1, "
                                 "data_transform=None, metadata_params=None, methods=None, **kw)", fn="target"),
    _LINEN + "checkpoint": Api("wrap", f"(target=None, {_LIFT}, concrete=False, prevent_cse=True, static_argnums=(), "
                                       "policy=None, methods=None)", fn="target"),
    _LINEN + "remat": Api("wrap", f"(target=None, {_LIFT}, concrete=False, prevent_cse=True, static_argnums=(), "
                                  "policy=None, methods=None)", fn="target"),
    # the module's variables pass through trans_in_fn when it runs (an FSDP gather of its params)
    _LINEN + "map_variables": Api("wrap", "(target=None, mapped_collections=True, trans_in_fn=None, "
                                          "trans_out_fn=None, init=False, mutable=False, rngs=True, variables=True, "
                                          "methods=None)", fn="target"),
    _LINEN + "cond": _call("(pred, true_fun, false_fun, mdl, *operands, **kw)",
                           ("true_fun", ("mdl", "*operands")), ("false_fun", ("mdl", "*operands"))),
    _LINEN + "switch": _call("(index, branches, mdl, *operands, **kw)", ("branches", ("mdl", "*operands"))),
    _LINEN + "while_loop": _call("(cond_fn, body_fn, mdl, init, **kw)",
                                 ("cond_fn", ("mdl", "init")), ("body_fn", ("mdl", "init")), carry="init"),
    # Logical axis names (`nn.with_logical_partitioning`, MaxText's activation names) mapped to
    # mesh axes by rules: given, or entered as a context around the code that maps them.
    "flax.core.spmd.logical_axis_rules": Api("axis_rules", "(rules)"),
    "flax.core.spmd.set_logical_axis_rules": Api("set_axis_rules", "(rules)"),
    _LINEN + "logical_to_mesh_axes": Api("logical_to_mesh_axes", "(array_dim_names, rules=None)"),
    _LINEN + "logical_to_mesh": Api("linen_logical_to_mesh", "(tree, rules=None)"),
    _LINEN + "with_logical_partitioning": Api("linen_logical_init", "(fn, names, mesh=None, rules=None)"),
    _LINEN + "get_partition_spec": Api("linen_partition_spec", "(tree)"),
    _LINEN + "unbox": Api("linen_unbox", "(tree)"),
    # `nn.with_partitioning(init, names)`: parameters placed by mesh axes, not logical names
    _LINEN + "with_partitioning": Api("linen_partitioned_init", "(fn, names, mesh=None)"),
    _LINEN + "get_sharding": Api("linen_sharding", "(tree, mesh)"),
    _LINEN + "logical_to_mesh_sharding": Api("linen_mesh_sharding", "(tree, mesh, rules)"),
    _LINEN + "with_logical_constraint": Api("logical_constraint", "(x, logical_axis_resources, rules=None, "
                                                                "mesh=None, fallback=None)"),
    "flax.training.train_state.TrainState.create": Api("struct_create", "(cls=None, *, apply_fn=None, params=None, "
                                                                        "tx=None, **kwargs)"),
    "flax.training.train_state.TrainState.apply_gradients": Api("struct_replace", "(self, *, grads=None, **kwargs)"),
    "flax.training.train_state.TrainState.replace": Api("struct_replace", "(self, **kwargs)"),
    "flax.struct.PyTreeNode.replace": Api("struct_replace", "(self, **kwargs)"),
    # Copies of a pytree on each local device (a leading device axis), and back: the same tree.
    "flax.jax_utils.replicate": Api("same", "(tree, devices=None)"),
    "flax.jax_utils.unreplicate": Api("same", "(tree)"),
    # A nested dict (a Linen init's variables) by the paths to its leaves, and back.
    "flax.traverse_util.flatten_dict": Api("flatten_dict", "(xs, keep_empty_nodes=False, is_leaf=None, sep=None)"),
    "flax.traverse_util.unflatten_dict": Api("unflatten_dict", "(xs, sep=None)"),
    _LINEN + "BatchNorm": Api("norm_layer", "(use_running_average=None, axis=-1, momentum=0.99, epsilon=1e-5, "
                                            "dtype=None, param_dtype=None, use_bias=True, use_scale=True, "
                                            "bias_init=None, scale_init=None, axis_name=None, axis_index_groups=None, "
                                            "**kw)"),
    _LINEN + "BatchNorm.__call__": Api("norm_call", "(self, x, use_running_average=None, *, mask=None)"),
    _LINEN + "Embed.attend": Api("linen_attend", "(self, query)"),
}
_EQX = "equinox."
EQUINOX = {
    _EQX + "filter_jit": Api("jit", "(fun=None, *, donate='none', **jitkwargs)", fn="fun"),
    _EQX + "filter_vmap": Api("vmap", "(fun=None, *, in_axes=None, out_axes=None, axis_name=None, axis_size=None, "
                                      "**vmapkwargs)", fn="fun"),
    # traced under jax.vmap with the same axis name first (equinox/_vmap_pmap.py), then pmapped
    _EQX + "filter_pmap": Api("filter_pmap", "(fun=None, *, in_axes=None, out_axes=None, axis_name=None, "
                                             "axis_size=None, donate='none', **pmapkwargs)", fn="fun"),
    _EQX + "filter_grad": Api("grad", "(fun=None, *, has_aux=False, **gradkwargs)", fn="fun"),
    _EQX + "filter_value_and_grad": Api("grad", "(fun=None, *, has_aux=False, **gradkwargs)", fn="fun"),
    _EQX + "filter_checkpoint": Api("wrap", "(fun=None, *, prevent_cse=True, policy=None)", fn="fun"),
    _EQX + "filter_eval_shape": _call("(fun, *args, **kwargs)", ("fun", ("*args", "**kwargs"))),
    _EQX + "partition": Api("partition", "(pytree, filter_spec, replace=None, is_leaf=None)"),
    _EQX + "combine": Api("combine", "(*pytrees, is_leaf=None)"),
    _EQX + "filter_shard": Api("placed", "(x, device_or_shardings)"),
    _EQX + "filter": Api("same", "(pytree, filter_spec, inverse=False, replace=None, is_leaf=None)"),
    _EQX + "is_array": Api("array_filter", "(element)"),
    _EQX + "if_array": Api("eqx_if_array", "(axis)"),
    _EQX + "is_inexact_array": Api("array_filter", "(element)"),
    _EQX + "is_array_like": Api("array_filter", "(element)"),
    _EQX + "apply_updates": Api("same", "(model, updates)"),
    _EQX + "tree_at": Api("tree_at", "(where, pytree, replace=None, replace_fn=None, is_leaf=None)"),
    _EQX + "field": Api("field", "(*, default=None, converter=None, static=False, **kwargs)"),
    _EQX + "nn.Sequential": Api("sequential", "(layers)"),
    _EQX + "nn.Sequential.__call__": Api("sequential_call", "(self, *args, key=None, **kwargs)"),
    _EQX + "nn.MLP": Api("eqx_mlp", "(in_size, out_size, width_size, depth, activation=None, final_activation=None, "
                                    "use_bias=True, use_final_bias=True, dtype=None, *, key=None)"),
    _EQX + "nn.MLP.__call__": Api("eqx_mlp_call", "(self, x, *, key=None)"),
    _EQX + "nn.Lambda": Api("lambda_layer", "(fn)"),
    _EQX + "nn.Lambda.__call__": Api("lambda_layer_call", "(self, x, *, key=None)"),
    _EQX + "nn.BatchNorm": Api("norm_layer", "(input_size=None, axis_name=None, eps=1e-5, channelwise_affine=True, "
                                             "momentum=0.99, inference=False, dtype=None, **kw)"),
    _EQX + "nn.BatchNorm.__call__": Api("norm_call", "(self, x, state=None, *, key=None, inference=None)"),
    _EQX + "nn.make_with_state": Api("make_with_state", "(make_model)"),
    _EQX + "nn.inference_mode": Api("inference_mode", "(pytree, value=True)"),
    "dataclasses.field": Api("field", "(*, default=None, default_factory=None, **kwargs)"),
    "dataclasses.replace": Api("struct_replace", "(self, /, **kwargs)"),
    # A script's flags as it runs with none given (`python main.py`): their defaults.
    "argparse.ArgumentParser": Api("argparser", "(*args, **kwargs)"),
    "argparse.ArgumentParser.add_argument": Api("argparse_add", "(self, *flags, **kwargs)"),
    "argparse.ArgumentParser.add_argument_group": Api("argparse_group", "(self, *args, **kwargs)"),
    "argparse.ArgumentParser.set_defaults": Api("argparse_defaults", "(self, **kwargs)"),
    "argparse.ArgumentParser.parse_args": Api("argparse_parse", "(self, args=None, namespace=None)"),
    "argparse.ArgumentParser.parse_known_args": Api("argparse_parse", "(self, args=None, namespace=None)"),
    "flax.struct.field": Api("field", "(pytree_node=True, *, default=None, **kwargs)"),
}
# Optax's gradient transformations: a (init, update) pair, chained; an `update` of the user's
# own (a gradient sync with `pmean`) runs where the optimizer updates.
_OPTAX = "optax."
OPTAX = {
    _OPTAX + "GradientTransformation": Api("optax_transformation", "(init, update)"),
    _OPTAX + "GradientTransformationExtraArgs": Api("optax_transformation", "(init, update)"),
    _OPTAX + "chain": Api("optax_chain", "(*args)"),
    _OPTAX + "chain.update": Api("optax_chain_update", "(transforms, updates, state=None, params=None, "
                                                       "**extra_args)"),
    _NNX + "Optimizer": Api("nnx_optimizer", "(model, tx, wrt=None, **kwargs)"),
    _NNX + "Optimizer.update": Api("nnx_optimizer_update", "(self, model, grads, /, **kwargs)"),
    _NNX + "ModelAndOptimizer": Api("nnx_optimizer", "(model, tx, wrt=None, **kwargs)"),
    _NNX + "ModelAndOptimizer.update": Api("nnx_optimizer_update", "(self, grads, /, **kwargs)"),
}
# Packages the rows model: their source is never read (it is large, and what matters of it is
# the JAX transformation each API applies).
MODELLED_PACKAGES = frozenset({"flax", "equinox", "optax"})
# The frameworks' constants the analysis reads: the key of a transform's `transform_metadata` (Linen's
# `metadata_params`) that names the mesh axis its stacked variables gain.
CONSTANTS = {"flax.nnx.PARTITION_NAME": "partition_name", "flax.linen.PARTITION_NAME": "partition_name"}

API: dict[str, Api] = {
    **{f"jax.lax.{k}": v for k, v in COLLECTIVES.items()},
    **TRANSFORMS,
    **WRAPPERS,
    **GRADS,
    **CALLS_NOW,
    **COMM,
    **MESHES,
    **OTHER,
    **NNX,
    **LINEN,
    **EQUINOX,
    **OPTAX,
}

# Alternative spellings → canonical name.
ALIASES: dict[str, str] = {
    "jax.experimental.pjit.pjit": "jax.jit",
    "jax.pjit": "jax.jit",
    "jax.sharding.shard_map": "jax.shard_map",
    "jax.experimental.maps.Mesh": "jax.sharding.Mesh",
    "jax.interpreters.pxla.Mesh": "jax.sharding.Mesh",
    "jax.sharding.PositionalSharding": "jax.sharding.NamedSharding",
    "jax.P": "jax.sharding.PartitionSpec",
    "jax.reshard": "jax.sharding.reshard",
    "jax.NamedSharding": "jax.sharding.NamedSharding",
    "jax.PartitionSpec": "jax.sharding.PartitionSpec",
    "jax.experimental.PartitionSpec": "jax.sharding.PartitionSpec",
    "jax.experimental.pallas.tpu.TPUMemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.experimental.pallas.tpu.MemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.experimental.pallas.MemorySpace.ANY": "jax.experimental.pallas.ANY",
    "jax.experimental.pallas.tpu.TPUMemorySpace.HBM": "jax.experimental.pallas.tpu.HBM",
    "jax.experimental.pallas.tpu.MemorySpace.HBM": "jax.experimental.pallas.tpu.HBM",
    "jax.tree_map": "jax.tree_util.tree_map",
    "map": "builtins.map",
    "flax.linen.logical_axis_rules": "flax.core.spmd.logical_axis_rules",
    "flax.nnx.logical_axis_rules": "flax.core.spmd.logical_axis_rules",
    "flax.linen.set_logical_axis_rules": "flax.core.spmd.set_logical_axis_rules",
    "flax.linen.partitioning.axis_rules": "flax.core.spmd.logical_axis_rules",
    "flax.linen.partitioning.logical_to_mesh_axes": "flax.linen.logical_to_mesh_axes",
    "flax.linen.partitioning.logical_to_mesh": "flax.linen.logical_to_mesh",
}

# The JAX version an alternative spelling first exists in (measured: `jax.P` is not in 0.6.2).
ALIAS_SINCE: dict[str, tuple] = {"jax.P": _v("0.7.0"), "jax.reshard": _v("0.7.0")}

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
    # where the frameworks define what their packages re-export
    ("flax.nnx.transforms.compilation.", "flax.nnx."),
    ("flax.nnx.transforms.iteration.", "flax.nnx."),
    ("flax.nnx.transforms.autodiff.", "flax.nnx."),
    ("flax.nnx.transforms.transforms.", "flax.nnx."),
    ("flax.nnx.graphlib.", "flax.nnx."),
    ("flax.nnx.graph.", "flax.nnx."),
    ("flax.nnx.module.", "flax.nnx."),
    ("flax.nnx.training.optimizer.", "flax.nnx."),
    ("optax._src.base.", "optax."),
    ("optax._src.combine.", "optax."),
    ("flax.linen.transforms.", "flax.linen."),
    ("flax.linen.module.", "flax.linen."),
    ("flax.linen.spmd.", "flax.linen."),
    ("flax.nn.", "flax.linen."),
    ("equinox._jit.", "equinox."),
    ("equinox._vmap_pmap.", "equinox."),
    ("equinox._ad.", "equinox."),
    ("equinox._filters.", "equinox."),
    ("equinox._module._module.", "equinox."),
    ("equinox._module.", "equinox."),
    ("equinox._tree.", "equinox."),
    ("equinox._update.", "equinox."),
)

# Pure-Python libraries inside the jax package that are read as source, like any installed
# package (the rest of `jax` is modelled by the table above).
SHIPPED_SOURCE = ("jax.experimental.pallas.ops",)


def is_shipped_source(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in SHIPPED_SOURCE)


@functools.lru_cache(maxsize=65536)
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


def lifts_class(name: str) -> bool:
    """Whether the API `name` is a Flax Linen transformation: given a Module class, it lifts it
    (`nn.vmap(Block)`, `nn.map_variables(Dense, ...)`); other transformations call a class as
    any function."""
    row = API.get(name)
    return row is not None and row.fn == "target" and name.startswith("flax.linen.")


def short(qualname: str) -> str:
    """`jax.lax.psend` → `psend` for messages."""
    return qualname.rsplit(".", 1)[-1]
