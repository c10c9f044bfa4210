import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def data_parallel(mesh, axis, n_batch_args=2):
    """Decorator: runs `fn(params, static, opt_state, *batch)` per data shard.

    The model is split into arrays (replicated) and static structure (closed over)."""

    def decorate(fn):
        @eqx.filter_jit
        def wrapped(model, opt_state, *batch):
            params, static = eqx.partition(model, eqx.is_array)
            inner = jax.shard_map(
                lambda p, o, *b: fn(p, static, o, *b),
                mesh=mesh,
                in_specs=(P(), P()) + (P(axis),) * n_batch_args,
                out_specs=(P(), P(), P()),
            )
            params, opt_state, metric = inner(params, opt_state, *batch)
            return eqx.combine(params, static), opt_state, metric

        return wrapped

    return decorate
