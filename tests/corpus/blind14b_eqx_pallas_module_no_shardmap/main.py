import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops import ring_send_right
from ops._axes import RING


class RingMixer(eqx.Module):
  linear: eqx.nn.Linear

  def __init__(self, d, key):
    self.linear = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    neighbour = ring_send_right(x)
    return jax.vmap(self.linear)(x + neighbour)


def main():
  mesh = Mesh(np.array(jax.devices()), (RING,))
  model = RingMixer(128, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)

  @jax.jit
  def forward(params, x):
    x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P(RING)))
    return eqx.combine(params, static)(x)

  forward.trace(params, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
