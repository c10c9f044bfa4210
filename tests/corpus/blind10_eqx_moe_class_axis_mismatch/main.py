import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from experts import SwitchFFN


def main():
  mesh = Mesh(np.array(jax.devices()), ('expert',))
  layer = SwitchFFN(16, 32, 4, capacity=4, key=jax.random.key(0))
  params, static = eqx.partition(layer, eqx.is_array)
  specs = jax.tree.map(lambda _: P(), params)
  specs = eqx.tree_at(lambda s: (s.w_in, s.w_out), specs, (P('expert'), P('expert')))
  stacked = eqx.tree_at(lambda p: (p.w_in, p.w_out), params,
                        (jnp.tile(params.w_in, (4, 1, 1)), jnp.tile(params.w_out, (4, 1, 1))))

  def fwd(params, x):
    return eqx.combine(params, static)(x)

  f = jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=(specs, P('expert')), out_specs=P('expert')))
  tokens = jnp.ones((64, 16))
  f.trace(stacked, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
