import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ring import ring_all_gather


class FSDPDense(nnx.Module):

  def __init__(self, din, dout, n_shards, *, rngs):
    self.n = n_shards
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (din // n_shards, dout)) * 0.02)

  def __call__(self, x):
    w = ring_all_gather(self.kernel[...], 'fsdp', self.n)
    return x @ w


def main():
  mesh = Mesh(np.array(jax.devices()), ('fsdp',))
  layer = FSDPDense(512, 128, 4, rngs=nnx.Rngs(0))
  x = jax.device_put(jnp.ones((32, 512)), NamedSharding(mesh, P('fsdp')))
  fwd = nnx.jit(lambda m, x: m(x))
  fwd.trace(layer, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
