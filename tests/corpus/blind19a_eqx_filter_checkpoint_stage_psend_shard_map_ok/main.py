import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
PERM = [(i, i + 1) for i in range(N - 1)]


class Stage(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(32, 32, 64, 1, key=key)

  def __call__(self, x):
    return jax.vmap(self.mlp)(x)


@eqx.filter_vmap
def make_stage(key):
  return Stage(key)


stages = make_stage(jax.random.split(jax.random.key(0), N))
params, static = eqx.partition(stages, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), ('pipe',))


def per_stage(params, x):
  stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  y = eqx.filter_checkpoint(stage)(x)
  tok = lax.psend(y, 'pipe', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pipe', PERM)


fwd = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P('pipe'), P()),
                            out_specs=P('pipe')))
fwd.trace(params, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',))
