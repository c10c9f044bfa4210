import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ('space',))


class HaloConv(eqx.Module):
  conv: eqx.nn.Conv1d
  axis: str = eqx.field(static=True)
  halo: int = eqx.field(static=True)

  def __init__(self, channels, kernel, axis, key):
    self.conv = eqx.nn.Conv1d(channels, channels, kernel, padding='VALID', key=key)
    self.axis = axis
    self.halo = kernel // 2

  def exchange(self, x):
    # x: [channels, local_len]; send my right edge right and my left edge left
    right = [(i, (i + 1) % N) for i in range(N)]
    left = [(i, (i - 1) % N) for i in range(N)]
    from_left = jax.lax.ppermute(x[:, -self.halo:], self.axis, right)
    from_right = jax.lax.ppermute(x[:, :self.halo], self.axis, left)
    return jnp.concatenate([from_left, x, from_right], axis=1)

  def __call__(self, x):
    return jax.nn.relu(self.conv(self.exchange(x)))


model = HaloConv(4, 3, 'space', jax.random.key(0))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, 'space')),
                   out_specs=P(None, 'space'))
def apply(model, x):
  return model(x)


if __name__ == '__main__':
  x = jnp.ones((4, 64))
  jax.jit(apply).trace(model, x).lower(lowering_platforms=('cuda',))
