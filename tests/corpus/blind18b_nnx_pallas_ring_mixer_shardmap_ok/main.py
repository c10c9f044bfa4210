import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import RingMixer


def main():
  mesh = Mesh(np.array(jax.devices()), ('ring',))
  layer = RingMixer(128, 'ring', nnx.Rngs(0))
  graphdef, state = nnx.split(layer)

  def per_shard(state, x):
    return nnx.merge(graphdef, state)(x)

  fwd = jax.jit(jax.shard_map(per_shard, mesh=mesh, in_specs=(P(), P('ring')),
                              out_specs=P('ring'), check_vma=False))
  fwd.trace(state, jnp.ones((64, 128), jnp.float32)).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
