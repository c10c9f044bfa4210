from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_STAGES = 4
D = 512


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.Dense(4 * D)(h)
    h = nn.gelu(h)
    return x + nn.Dense(D)(h)


stage = Stage()
mesh = jax.make_mesh((NUM_STAGES,), ('stage',))
forward_perm = [(i, i + 1) for i in range(NUM_STAGES - 1)]


def stage_step(stage_params, x):
  """Runs this device's stage, then hands the activation to the next stage."""
  y = stage.apply({'params': stage_params}, x)
  token = jax.lax.psend(y, 'stage', forward_perm)
  received = jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage',
                           forward_perm)
  return received


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
def pipeline_tick(stacked_params, x):
  params = jax.tree.map(lambda p: p[0], stacked_params)
  return stage_step(params, x)[None]


if __name__ == '__main__':
  x = jnp.zeros((32, D), jnp.float32)
  one = jax.eval_shape(stage.init, jax.random.key(0), x)['params']
  stacked = jax.tree.map(
      lambda a: jax.ShapeDtypeStruct((NUM_STAGES,) + a.shape, a.dtype,
                                     sharding=NamedSharding(mesh, P('stage'))), one)
  pipeline_tick.trace(stacked, x).lower(lowering_platforms=('cuda',))
