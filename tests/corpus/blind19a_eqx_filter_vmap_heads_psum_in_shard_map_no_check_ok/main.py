import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

H = 4


@eqx.filter_vmap
def make_heads(key):
  return eqx.nn.Linear(16, 16, key=key)


heads = make_heads(jax.random.split(jax.random.key(0), H))
params, static = eqx.partition(heads, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), ('data',))


def mix(params, x):
  heads = eqx.combine(params, static)

  def one_head(head, x):
    return lax.psum(jax.vmap(head)(x), 'head')

  y = eqx.filter_vmap(one_head, in_axes=(eqx.if_array(0), None), axis_name='head')(heads, x)
  return x + y[0]


f = jax.jit(jax.shard_map(mix, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'),
                          check_vma=False))
f.trace(params, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
