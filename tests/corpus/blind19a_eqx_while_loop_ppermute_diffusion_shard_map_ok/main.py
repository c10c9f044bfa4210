import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

NDEV = len(jax.devices())


class Heat1D(eqx.Module):
  alpha: jax.Array
  nsteps: int = eqx.field(static=True)

  def step(self, u):
    right = [(i, (i + 1) % NDEV) for i in range(NDEV)]
    left = [(i, (i - 1) % NDEV) for i in range(NDEV)]
    from_left = lax.ppermute(u[-1:], 'x', right)
    from_right = lax.ppermute(u[:1], 'x', left)
    padded = jnp.concatenate([from_left, u, from_right])
    return u + self.alpha * (padded[:-2] - 2 * u + padded[2:])

  def __call__(self, u):
    def cond(c):
      return c[0] < self.nsteps

    def body(c):
      i, u = c
      return i + 1, self.step(u)

    return lax.while_loop(cond, body, (0, u))[1]


mesh = Mesh(np.array(jax.devices()), ('x',))
model = Heat1D(jnp.float32(0.1), nsteps=20)
run = jax.jit(jax.shard_map(lambda m, u: m(u), mesh=mesh, in_specs=(P(), P('x')),
                            out_specs=P('x')))
run.trace(model, jnp.zeros((256,))).lower(lowering_platforms=('cuda',))
