import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from kernels import make_ring_all_gather

N = 4
mesh = Mesh(np.array(jax.devices()), ('x',))


class GatheredLinear(eqx.Module):
  """FSDP-style linear: weight rows sharded over devices, gathered by a Pallas ring kernel."""
  weight_shard: jax.Array
  gather: callable = eqx.field(static=True)

  def __init__(self, din, dout, *, key):
    self.weight_shard = jax.random.normal(key, (din, dout)) * 0.02
    self.gather = make_ring_all_gather(N, (din // N, dout), jnp.float32, 'x')

  def __call__(self, x):
    w = self.gather(self.weight_shard).reshape(-1, self.weight_shard.shape[-1])
    return x @ w


def forward(layer, x):
  return jax.shard_map(lambda l, x: l(x), mesh=mesh,
                       in_specs=(P('x'), P('x')), out_specs=P('x'),
                       check_vma=False)(layer, x)


if __name__ == '__main__':
  layer = GatheredLinear(256, 128, key=jax.random.key(0))
  x = jnp.ones((32, 256))
  jax.jit(forward).trace(layer, x).lower(lowering_platforms=('tpu',))
