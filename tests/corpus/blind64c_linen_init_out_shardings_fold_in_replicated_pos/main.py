import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding

from blocks import SeqParallelMLP
from sharding import DATA_SPEC, PARAM_SPECS, named


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = SeqParallelMLP(max_len=128, hidden=512)
  x = jax.ShapeDtypeStruct((8, 128, 64), jnp.float32,
                           sharding=NamedSharding(mesh, DATA_SPEC))

  def init_shard(rng, x):
    # different initial weights on every tensor-parallel rank
    rng = jax.random.fold_in(rng, jax.lax.axis_index('model'))
    return model.init(rng, x)

  init = jax.jit(
      jax.shard_map(init_shard, mesh=mesh, in_specs=(jax.sharding.PartitionSpec(), DATA_SPEC),
                    out_specs=PARAM_SPECS),
      out_shardings=named(mesh, PARAM_SPECS))
  init.trace(jax.random.key(0), x).lower(lowering_platforms=('tpu',))
  variables = jax.eval_shape(init, jax.random.key(0), x)

  forward = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(PARAM_SPECS, DATA_SPEC),
                                  out_specs=DATA_SPEC))
  forward.trace(variables, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
