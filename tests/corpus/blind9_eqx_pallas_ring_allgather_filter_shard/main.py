import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import make_ring_all_gather

N = 4
mesh = Mesh(np.array(jax.devices()), ('x',))
row_sharding = NamedSharding(mesh, P('x'))


class GatheredLinear(eqx.Module):
  """FSDP-style linear: weight rows sharded over devices, gathered by a Pallas ring kernel."""
  weight: jax.Array
  gather: callable = eqx.field(static=True)

  def __init__(self, din, dout, *, key):
    self.weight = jax.random.normal(key, (din, dout)) * 0.02
    self.gather = make_ring_all_gather(N, (din // N, dout), jnp.float32, 'x')

  def __call__(self, x):
    shard = self.weight.reshape(N, -1, self.weight.shape[-1])[0]
    return x @ self.gather(shard).reshape(-1, self.weight.shape[-1])


@eqx.filter_jit
def forward(layer, x):
  layer = eqx.filter_shard(layer, row_sharding)
  x = eqx.filter_shard(x, row_sharding)
  return jax.vmap(layer)(x)


if __name__ == '__main__':
  layer = GatheredLinear(256, 128, key=jax.random.key(0))
  x = jnp.ones((32, 256))
  jax.jit(forward).trace(layer, x).lower(lowering_platforms=('tpu',))
