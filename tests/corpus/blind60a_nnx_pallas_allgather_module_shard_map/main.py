from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import AllGatherLinear

N = 4
mesh = jax.make_mesh((N,), ('fsdp',), axis_types=(jax.sharding.AxisType.Auto,))


def main():
  layer = AllGatherLinear(512, 256, axis_name='fsdp', num_devices=N, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(layer)
  # every device holds a (512 // N, 256) slice; stack them as the global weight
  global_state = jax.tree.map(lambda a: jnp.concatenate([a] * N, axis=0), state)

  @jax.jit
  @partial(jax.shard_map, mesh=mesh, in_specs=(P('fsdp'), P('fsdp')), out_specs=P('fsdp'),
           check_vma=False)
  def apply(state, x):
    return nnx.merge(graphdef, state)(x)

  x = jax.ShapeDtypeStruct((64, 512), jnp.float32)
  apply.trace(global_state, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
