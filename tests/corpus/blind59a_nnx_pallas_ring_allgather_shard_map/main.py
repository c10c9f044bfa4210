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


def _project_local(layer: GatheredProjection, x_local):
  return layer(x_local)


# the kernel's remote DMAs address devices by their position on the 'seq' mesh axis,
# so it has to run per device under shard_map; every device ends up with the full result
project = nnx.jit(nnx.shard_map(_project_local, mesh=mesh, in_specs=(P(), P('seq')),
                                out_specs=P(), check_vma=False))


def main():
  layer = GatheredProjection(128, 256, rngs=nnx.Rngs(0))
  x = jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=NamedSharding(mesh, P('seq')))
  project.trace(layer, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
