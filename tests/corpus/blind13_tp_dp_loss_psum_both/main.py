import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


def loss_fn(w1, w2, x, y):
  h = jax.nn.relu(x @ w1)          # [b/data, hidden/model]
  out = h @ w2                     # partial sum over the hidden shards
  err = out - y
  # every device holds a distinct partial of the squared error: varies over both axes
  part = jnp.sum(err * err) + 0.0 * jnp.sum(h)
  n = x.shape[0] * jax.lax.axis_size('data')
  return jax.lax.psum(part, ('data', 'model')) / n


step = jax.jit(jax.shard_map(
    loss_fn, mesh=mesh,
    in_specs=(P(None, 'model'), P('model', None), P('data', None), P('data', None)),
    out_specs=P()))

if __name__ == '__main__':
  sh = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
  w1 = sh(jnp.ones((16, 32)), P(None, 'model'))
  w2 = sh(jnp.ones((32, 4)), P('model', None))
  x = sh(jnp.ones((8, 16)), P('data', None))
  y = sh(jnp.ones((8, 4)), P('data', None))
  step.trace(w1, w2, x, y).lower(lowering_platforms=('cuda',))
