import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from ops import ring_shift


class RingSum(eqx.Module):
  weight: jax.Array
  steps: int = eqx.field(static=True)

  def __call__(self, x):
    def body(carry, _):
      acc, buf = carry
      buf = ring_shift(buf)
      return (acc + buf, buf), None

    (acc, _), _ = lax.scan(body, (x, x), None, length=self.steps)
    return acc * self.weight


mesh = Mesh(np.array(jax.devices()), ('ring',))
model = RingSum(jnp.ones((128,)), steps=3)
fwd = jax.jit(jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('ring')),
                            out_specs=P('ring'), check_vma=False))
fwd.trace(model, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))
