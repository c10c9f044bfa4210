"""Two-layer MLP on an explicit-sharding mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Explicit,) * 2)


def init(key, d_in, d_hidden, d_out):
  k1, k2 = jax.random.split(key)
  # shard weights along their first dim for memory (FSDP-ish)
  w1 = jax.device_put(jax.random.normal(k1, (d_in, d_hidden)), P('X', None))
  w2 = jax.device_put(jax.random.normal(k2, (d_hidden, d_out)), P('X', None))
  return w1, w2


def mlp(params, x):
  w1, w2 = params
  h = jax.nn.gelu(x @ w1)
  return h @ w2


forward = jax.jit(mlp)

if __name__ == '__main__':
  with jax.set_mesh(mesh):
    params = init(jax.random.key(0), 64, 128, 64)
    x = jax.device_put(jnp.ones((16, 64)), P(None, 'Y'))
    forward.trace(params, x).lower(lowering_platforms=('tpu',))
