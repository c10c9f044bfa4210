import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mlp_block(w1, w2, x):
  h = jnp.einsum('bd,df->bf', x, w1)
  h = jax.nn.gelu(h)
  h = jax.lax.with_sharding_constraint(h, P('data', 'model'))
  return jnp.einsum('bf,fd->bd', h, w2)
