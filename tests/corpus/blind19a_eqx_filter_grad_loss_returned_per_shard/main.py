import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


def loss_fn(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def sgd_step(params, static, x, y, lr=1e-2):
  model = eqx.combine(params, static)
  grads = eqx.filter_grad(loss_fn)(model, x, y)
  grads = lax.pmean(grads, 'data')
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -lr * g, grads))
  loss = loss_fn(model, x, y)
  return eqx.filter(model, eqx.is_array), loss


model = eqx.nn.Linear(4, 1, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
step = jax.jit(jax.shard_map(lambda p, x, y: sgd_step(p, static, x, y), mesh=mesh,
                             in_specs=(P(), P('data'), P('data')), out_specs=(P(), P())))
step.trace(params, jnp.ones((16, 4)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))
