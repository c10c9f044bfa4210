import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from cnn import CNN
from data import BATCH_AXIS, IMAGE_SPEC

optim = optax.adamw(3e-4)


def make_step(static, mesh):

  def loss(params, x, y):
    pred_y = jax.vmap(eqx.combine(params, static))(x)
    return -jnp.mean(jnp.take_along_axis(pred_y, y[:, None], axis=1))

  def step(params, opt_state, x, y):
    l, grads = jax.value_and_grad(loss)(params, x, y)
    grads = jax.lax.pmean(grads, BATCH_AXIS)
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(l, BATCH_AXIS)

  return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), IMAGE_SPEC, IMAGE_SPEC),
                               out_specs=(P(), P(), P())))


def main():
  mesh = Mesh(np.array(jax.devices()), (BATCH_AXIS,))
  model = CNN(jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  step = make_step(static, mesh)
  x = jnp.ones((16, 1, 15, 15))
  y = jnp.zeros((16,), jnp.int32)
  step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
