from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


def make_head(rngs):
  return nnx.Linear(32, 8, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                                             (None, 'data')), rngs=rngs)


with jax.set_mesh(mesh):
  @jax.jit
  @partial(jax.shard_map, in_specs=P('data'), out_specs=P('data'))
  def per_shard_logits(x):
    head = make_head(nnx.Rngs(0))     # built per shard, inside the manual region
    return head(x)

  print(per_shard_logits.trace(jnp.ones((16, 32))).lower(lowering_platforms=('cuda',)).as_text()[:30])
