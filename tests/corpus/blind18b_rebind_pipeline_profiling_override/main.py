import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

PROFILE_SINGLE_PROGRAM = True
N = 4


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(x.shape[-1])(nn.LayerNorm()(x))


model = Stage()
x = jnp.ones((8, 16))
variables = model.init(jax.random.PRNGKey(0), x)


def pipeline_body(variables, x):
  pairs = [(i, i + 1) for i in range(N - 1)]
  for _ in range(N - 1):
    y = model.apply(variables, x)
    x = jax.lax.precv(jax.lax.psend(y, 'pp', pairs), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'pp', pairs)
  return model.apply(variables, x)


mesh = Mesh(np.array(jax.devices()), ('pp',))
pipeline = jax.jit(jax.shard_map(pipeline_body, mesh=mesh, in_specs=(P(), P('pp')),
                                 out_specs=P('pp'), check_vma=False))

if PROFILE_SINGLE_PROGRAM:
  pipeline = jax.jit(pipeline_body)

pipeline.trace(variables, x).lower(lowering_platforms=('cuda',))
