import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from moe.layer import init

mesh = Mesh(np.array(jax.devices()), ('expert',))
layer = init(jax.random.key(0), d=16, h=32, n_exp=4, axis='expert')
params, static = eqx.partition(layer, eqx.is_array)
specs = eqx.tree_at(lambda m: (m.router, m.experts.w_in, m.experts.w_out), params,
                    (P(), P('expert'), P('expert')))


def apply(params, x):
  return eqx.combine(params, static)(x)


fwd = jax.jit(jax.shard_map(apply, mesh=mesh, in_specs=(specs, P('expert')), out_specs=P('expert')))
x = jnp.ones((64, 16))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
print('ok')
