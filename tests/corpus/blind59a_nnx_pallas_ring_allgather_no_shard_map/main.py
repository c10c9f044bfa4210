"""Sequence-parallel projection: gather the sequence shards with a Pallas ring kernel,
then apply an NNX Linear."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import ring_all_gather

N_DEV = 4
mesh = Mesh(np.array(jax.devices()[:N_DEV]), ('seq',))


class GatheredProjection(nnx.Module):
  def __init__(self, d_in, d_out, *, rngs: nnx.Rngs):
    self.proj = nnx.Linear(d_in, d_out, use_bias=False, rngs=rngs)
    self.norm = nnx.LayerNorm(d_out, rngs=rngs)

  def __call__(self, x_local):
    x_full = ring_all_gather(x_local, axis_name='seq', num_devices=N_DEV)
    return self.norm(self.proj(x_full))


@nnx.jit
def project(layer: GatheredProjection, x):
  return layer(x)


def main():
  layer = GatheredProjection(128, 256, rngs=nnx.Rngs(0))
  x = jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=NamedSharding(mesh, P('seq')))
  project.trace(layer, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
