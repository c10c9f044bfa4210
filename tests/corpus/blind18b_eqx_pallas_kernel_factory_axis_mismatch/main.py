import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import kernels
from model import GatherHead

AXIS = 'model'


def main():
  n = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  model = GatherHead(128, kernels.make_all_gather(n), jax.random.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  fn = jax.shard_map(lambda p, x: eqx.combine(p, static)(x), mesh=mesh,
                     in_specs=(P(), P(AXIS)), out_specs=P(AXIS), check_vma=False)
  jax.jit(fn).trace(params, jnp.ones((n * 8, 128), jnp.float32)).lower(
      lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
