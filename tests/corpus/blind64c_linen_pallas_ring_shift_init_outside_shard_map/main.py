import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import RingMixer


def main():
  mesh = Mesh(np.array(jax.devices()), ('x',))
  n = mesh.shape['x']
  model = RingMixer(features=128, num_devices=n)
  rng = jax.random.key(0)
  local_block = jax.ShapeDtypeStruct((8, 128), jnp.float32)
  x = jax.ShapeDtypeStruct((8 * n, 128), jnp.float32)

  variables = jax.eval_shape(model.init, rng, local_block)

  forward = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P('x')),
                                  out_specs=P('x'), check_vma=False))
  forward.trace(variables, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
