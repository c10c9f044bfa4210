from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers.attention import SPAttention

mesh = Mesh(np.array(jax.devices()), ('sp',))
sp_shard_map = partial(nnx.shard_map, mesh=mesh)


@nnx.jit
def eval_step(model, x):
  @sp_shard_map(in_specs=(P(), P('sp')), out_specs=P('sp'))
  def fwd(model, x):
    return model(x)
  return jnp.mean(fwd(model, x) ** 2)


model = SPAttention(64, 4, rngs=nnx.Rngs(0))
x = jnp.ones((128, 64))
print(eval_step.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:12])
