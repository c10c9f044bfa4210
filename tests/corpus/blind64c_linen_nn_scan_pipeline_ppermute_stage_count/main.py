import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline.gpipe import GPipe

NUM_STAGES = 8  # pipeline depth used on the 8-GPU node


def main():
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  model = GPipe(features=128, num_stages=NUM_STAGES)
  microbatches = jax.ShapeDtypeStruct((8, 4, 128), jnp.float32)

  def init_stage(rng, xs):
    rng = jax.random.fold_in(rng, jax.lax.axis_index('stage'))
    variables = model.init(rng, xs)
    return jax.tree.map(lambda p: p[None], variables)  # leading stage axis

  init = jax.jit(jax.shard_map(init_stage, mesh=mesh, in_specs=(P(), P()), out_specs=P('stage')))
  stacked = jax.eval_shape(init, jax.random.key(0), microbatches)

  def forward(stacked, xs):
    local = jax.tree.map(lambda p: p[0], stacked)
    return model.apply(local, xs)

  forward = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P()))
  forward.trace(stacked, microbatches).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
