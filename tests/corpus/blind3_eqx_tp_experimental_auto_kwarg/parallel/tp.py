import equinox as eqx
import jax
import jax.random as jr
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


class TPMLP(eqx.Module):
    w1: jax.Array
    w2: jax.Array
    axis: str = eqx.field(static=True)

    def __init__(self, dim, hidden, *, axis, key):
        k1, k2 = jr.split(key)
        self.w1 = jr.normal(k1, (dim, hidden)) * dim**-0.5
        self.w2 = jr.normal(k2, (hidden, dim)) * hidden**-0.5
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(jax.nn.gelu(x @ self.w1) @ self.w2, self.axis)


def tp_forward(model, mesh, x):
    """Manual over the tensor axis only; the data axis stays with the compiler."""
    params, static = eqx.partition(model, eqx.is_array)
    specs = eqx.tree_at(
        lambda m: (m.w1, m.w2),
        jax.tree.map(lambda _: P(), params),
        (P(None, model.axis), P(model.axis, None)),
    )

    def local(params, x):
        return eqx.combine(params, static)(x)

    fn = shard_map(
        local,
        mesh,
        in_specs=(specs, P()),
        out_specs=P(),
        check_rep=False,
        auto=frozenset({"data"}),
    )
    return fn(params, x)
