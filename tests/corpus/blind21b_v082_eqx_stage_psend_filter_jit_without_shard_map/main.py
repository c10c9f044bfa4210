import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from stage import Stage


def main():
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  stage = Stage('stage', jax.random.key(0))
  params, static = eqx.partition(stage, eqx.is_array)

  @eqx.filter_jit
  def forward(stage, x):
    x = eqx.filter_shard(x, NamedSharding(mesh, P('stage')))
    return stage(x)

  run = jax.jit(lambda p, x: forward(eqx.combine(p, static), x))
  run.trace(params, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
