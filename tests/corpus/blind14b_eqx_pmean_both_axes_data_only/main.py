from dataclasses import dataclass

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


@dataclass(frozen=True)
class ParallelConfig:
  data: str = 'data'
  model: str = 'model'

  @property
  def all_axes(self):
    return (self.data, self.model)


CFG = ParallelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), CFG.all_axes)


def make_step(static):
  def loss(params, x, y):
    model = eqx.combine(params, static)
    return jnp.mean(optax_like_l2(jax.vmap(model)(x), y))

  def step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    l = jax.lax.pmean(l, CFG.all_axes)
    return l, g

  return jax.shard_map(step, mesh=mesh, in_specs=(P(), P(CFG.data), P(CFG.data)),
                       out_specs=(P(), P()))


def optax_like_l2(pred, y):
  return 0.5 * (pred - y) ** 2


if __name__ == '__main__':
  model = eqx.nn.Linear(4, 3, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  step = jax.jit(make_step(static))
  step.trace(params, jnp.ones((8, 4)), jnp.ones((8, 3))).lower(lowering_platforms=('cuda',))
