import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXES = ('data', 'model')


class MLP(nn.Module):

  @nn.compact
  def __call__(self, x):
    return nn.Dense(1)(nn.relu(nn.Dense(32)(x)))


def build_reducers(axes):
  reducers = []
  for ax in axes:
    reducers.append(lambda g: lax.pmean(g, ax))
  return reducers


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), AXES)
  model = MLP()
  params = model.init(jax.random.key(0), jnp.ones((1, 8)))
  reducers = build_reducers(AXES)

  def grads(params, x, y):
    g = jax.grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
    for r in reducers:
      g = jax.tree.map(r, g)
    return g

  step = jax.jit(jax.shard_map(grads, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                               out_specs=P(), check_vma=False))
  step.trace(params, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
