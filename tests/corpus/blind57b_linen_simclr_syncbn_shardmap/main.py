from functools import partial
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = 'batch'


class Encoder(nn.Module):
  proj_dim: int = 64

  @nn.compact
  def __call__(self, x, train: bool = True):
    bn = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9, axis_name=AXIS)
    for feats in (32, 64, 128):
      x = nn.Conv(feats, (3, 3), strides=(2, 2), use_bias=False)(x)
      x = nn.relu(bn()(x))
    h = jnp.mean(x, axis=(1, 2))
    z = nn.relu(bn()(nn.Dense(128, use_bias=False)(h)))
    return nn.Dense(self.proj_dim)(z)


class TrainState(train_state.TrainState):
  batch_stats: Any


def nt_xent(z1, z2, temperature=0.2):
  z1 = z1 / jnp.linalg.norm(z1, axis=-1, keepdims=True)
  z2 = z2 / jnp.linalg.norm(z2, axis=-1, keepdims=True)
  n = z1.shape[0]
  z2_all = lax.all_gather(z2, AXIS, tiled=True)
  z1_all = lax.all_gather(z1, AXIS, tiled=True)
  labels = lax.axis_index(AXIS) * n + jnp.arange(n)
  mask = jax.nn.one_hot(labels, z1_all.shape[0]) * 1e9
  logits_ab = z1 @ z2_all.T / temperature
  logits_aa = z1 @ z1_all.T / temperature - mask
  logits = jnp.concatenate([logits_ab, logits_aa], axis=1)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def per_device_step(state, view1, view2):
  def loss_fn(params):
    variables = {'params': params, 'batch_stats': state.batch_stats}
    both = jnp.concatenate([view1, view2], axis=0)
    z, updates = state.apply_fn(variables, both, mutable=['batch_stats'])
    z1, z2 = jnp.split(z, 2, axis=0)
    return lax.pmean(nt_xent(z1, z2), AXIS), updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, loss


def main():
  mesh = jax.make_mesh((4,), (AXIS,))
  model = Encoder()
  variables = model.init(jax.random.key(0), jnp.ones((2, 32, 32, 3)), train=False)
  tx = optax.lars(0.3, weight_decay=1e-6, weight_decay_mask=lambda p: jax.tree.map(
      lambda x: x.ndim > 1, p))
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=tx)
  step = jax.jit(jax.shard_map(per_device_step, mesh=mesh,
                               in_specs=(P(), P(AXIS), P(AXIS)), out_specs=(P(), P())))
  views = jax.device_put(jnp.ones((2, 32, 32, 32, 3)), NamedSharding(mesh, P(None, AXIS)))
  step.trace(state, views[0], views[1]).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
