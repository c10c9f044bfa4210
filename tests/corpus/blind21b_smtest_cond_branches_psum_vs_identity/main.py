from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(AxisType.Auto,))


def maybe_reduce(do_reduce, x):
  return lax.cond(do_reduce, lambda v: lax.psum(v, 'i'), lambda v: v, x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('i')), out_specs=P('i'))
def f(flag, x):
  return maybe_reduce(flag, x)


f.trace(jnp.array(True), jnp.arange(8.)).lower(lowering_platforms=('cuda',))
