import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ops.reduce import global_mean, global_norm

mesh = jax.make_mesh((4,), ('dp',))


def loss(params, x):
  return jnp.mean(jnp.tanh(x @ params['w'] + params['b']) ** 2)


def clipped_grads(params, x, max_norm=1.0):
  grads = jax.grad(loss)(params, x)
  grads = global_mean(grads, axis='dp')
  norm = global_norm(grads, axis='dp') / 2.0
  scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
  return jax.tree.map(lambda g: g * scale, grads)


step = jax.jit(jax.shard_map(clipped_grads, mesh=mesh, in_specs=(P(), P('dp')), out_specs=P()))
params = {'w': jnp.zeros((16, 8)), 'b': jnp.zeros((8,))}
x = jnp.ones((32, 16))
step.trace(params, x).lower(lowering_platforms=('cuda',))
