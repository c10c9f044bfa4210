import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def model(params, x):
  h = jnp.tanh(params['w1'] @ x)
  h = jax.lax.with_sharding_constraint(h, P('model'))
  return params['w2'] @ h


def example_loss(params, x, y):
  return jnp.sum((model(params, x) - y) ** 2)


per_example_grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0),
                             spmd_axis_name='data')


@jax.jit
def clipped_grads(params, xs, ys):
  g = per_example_grads(params, xs, ys)
  norms = jnp.sqrt(sum(jnp.sum(v.reshape(v.shape[0], -1) ** 2, axis=1) for v in jax.tree.leaves(g)))
  scale = jnp.minimum(1.0, 1.0 / (norms + 1e-6))
  return jax.tree.map(lambda v: jnp.mean(v * scale.reshape((-1,) + (1,) * (v.ndim - 1)), axis=0), g)


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.sharding.use_mesh(mesh):
  params = {'w1': jnp.ones((64, 16)), 'w2': jnp.ones((4, 64))}
  xs = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data')))
  ys = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P('data')))
  clipped_grads.trace(params, xs, ys).lower(lowering_platforms=('cuda',))
