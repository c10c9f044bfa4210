import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from p2p import hand_off

mesh = Mesh(np.array(jax.devices()[:2]), ('pp',))


class TwoStage(eqx.Module):
  enc: eqx.nn.MLP
  dec: eqx.nn.MLP

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.enc = eqx.nn.MLP(8, 8, 32, 2, key=k1)
    self.dec = eqx.nn.MLP(8, 2, 32, 2, key=k2)

  def __call__(self, x):
    h = jax.vmap(self.enc)(x)
    h = hand_off(h)
    return jax.vmap(self.dec)(h)


@eqx.filter_jit
def forward(model, x):
  x = eqx.filter_shard(x, NamedSharding(mesh, P()))
  return model(x)


model = TwoStage(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
run = jax.jit(lambda p, x: forward(eqx.combine(p, static), x))
run.trace(params, jnp.ones((4, 8))).lower(lowering_platforms=('cuda',))
print('ok')
