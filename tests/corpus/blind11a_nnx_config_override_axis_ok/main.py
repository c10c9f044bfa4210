import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import ModelConfig
from layers import RowParallelMLP


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  cfg = dataclasses.replace(ModelConfig(), reduce_axis='model')
  mlp = RowParallelMLP(cfg, mesh.shape['model'], rngs=nnx.Rngs(0))

  @nnx.jit
  def forward(mlp, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                      in_specs=(P(), P('data')), out_specs=P('data'))
    return f(mlp, x)

  x = jnp.ones((8, cfg.d_model))
  forward.trace(mlp, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
