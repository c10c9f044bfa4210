import jax
import jax.numpy as jnp
import jax.lax as lax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('dp',))


def accumulate(acc, g, step, every=4):
  acc = acc + g
  return lax.cond((step + 1) % every == 0,
                  lambda a: lax.pmean(a, 'dp'),
                  lambda a: a,
                  acc)


step_fn = jax.jit(jax.shard_map(accumulate, mesh=mesh,
                                in_specs=(P('dp'), P('dp'), P()), out_specs=P('dp')))

if __name__ == '__main__':
  step_fn.trace(jnp.zeros((8, 4)), jnp.ones((8, 4)), jnp.int32(0)).lower(
      lowering_platforms=('cuda',))
