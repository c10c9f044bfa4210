import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import PartitionSpec as P


class TPMLP(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, hidden, *, key, axis_name="tp"):
        k1, k2 = jr.split(key)
        self.w_in = jr.normal(k1, (dim, hidden)) / jnp.sqrt(dim)
        self.w_out = jr.normal(k2, (hidden, dim)) / jnp.sqrt(hidden)
        self.axis_name = axis_name

    def __call__(self, x):
        h = jax.nn.gelu(x @ self.w_in)
        return lax.psum(h @ self.w_out, self.axis_name)


def param_specs(model: TPMLP):
    specs = jax.tree.map(lambda _: P(), model)
    return eqx.tree_at(lambda m: (m.w_in, m.w_out), specs,
                       (P(None, model.axis_name), P(model.axis_name, None)))
