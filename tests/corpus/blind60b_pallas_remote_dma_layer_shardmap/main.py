import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import HaloMixer


def main():
  mesh = Mesh(np.array(jax.devices()), ('seq',))
  layer = HaloMixer(features=128)
  x = jax.ShapeDtypeStruct((4 * 256, 128), jnp.float32, sharding=NamedSharding(mesh, P('seq', None)))
  # init also runs the kernel, so it has to trace under shard_map too
  sharded_init = jax.shard_map(layer.init, mesh=mesh, in_specs=(P(), P('seq', None)),
                               out_specs=P(), check_vma=False)
  params = jax.eval_shape(sharded_init, jax.random.key(0), x)
  fwd = jax.jit(jax.shard_map(layer.apply, mesh=mesh,
                              in_specs=(P(), P('seq', None)), out_specs=P('seq', None),
                              check_vma=False))
  fwd.trace(params, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
