import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('batch',))
optim = optax.sgd(1e-2)


def build(key):
  model = eqx.nn.MLP(8, 1, 32, 2, key=key)
  params, static = eqx.partition(model, eqx.is_array)
  return params, static, optim.init(params)


def make_train_step(static):
  def loss(params, batch):
    x, y = batch
    model = eqx.combine(params, static)
    return jnp.mean((jax.vmap(model)(x)[:, 0] - y) ** 2)

  def train_step(params, opt_state, batch):
    grads = jax.grad(loss)(params, batch)
    grads = jax.lax.pmean(grads, 'batch')
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state

  return jax.jit(jax.shard_map(train_step, mesh=mesh,
                               in_specs=(P(), P('batch')),
                               out_specs=(P(), P())))


if __name__ == '__main__':
  params, static, opt_state = build(jax.random.key(0))
  step = make_train_step(static)
  batch = (jnp.ones((16, 8)), jnp.ones((16,)))
  step.trace(params, opt_state, batch).lower(lowering_platforms=('cuda',))
