import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class TPMLP(eqx.Module):
    w_in: jax.Array   # (d_model, d_ff), split on d_ff
    w_out: jax.Array  # (d_ff, d_model), split on d_ff

    def __init__(self, d_model, d_ff, key):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (d_model, d_ff), out_sharding=P(None, "tp")) * 0.02
        self.w_out = jax.random.normal(k2, (d_ff, d_model), out_sharding=P("tp", None)) * 0.02

    def __call__(self, x):
        h = jax.nn.relu(jnp.einsum("bd,df->bf", x, self.w_in))
        # row-parallel: both operands split on f, say where the sum lands
        return jnp.einsum("bf,fd->bd", h, self.w_out, out_sharding=P("dp", None))
