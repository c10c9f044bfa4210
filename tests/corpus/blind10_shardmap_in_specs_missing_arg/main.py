import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from step import train_step


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  param_spec = P()
  batch_spec = (P('data'), P('data'))
  step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(param_spec, batch_spec),
                               out_specs=(param_spec, P())))
  params = {'w1': jnp.ones((8, 32)), 'w2': jnp.ones((32, 1))}
  batch = (jnp.ones((16, 8)), jnp.ones((16, 1)))
  step.trace(params, batch, jax.random.key(0)).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
