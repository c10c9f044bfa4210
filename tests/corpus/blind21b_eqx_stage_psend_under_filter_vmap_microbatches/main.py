import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

FWD = [(0, 1), (1, 2), (2, 3)]


class Stage(eqx.Module):
  linear: eqx.nn.Linear

  def __call__(self, mb):
    y = jnp.tanh(jax.vmap(self.linear)(mb))
    tok = jax.lax.psend(y, 'stage', FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', FWD)


mesh = Mesh(np.array(jax.devices()), ('stage',))
stage = Stage(eqx.nn.Linear(8, 8, key=jax.random.key(0)))
params, static = eqx.partition(stage, eqx.is_array)


def run_microbatches(params, microbatches):
  stage = eqx.combine(params, static)
  return eqx.filter_vmap(stage)(microbatches)


f = jax.shard_map(run_microbatches, mesh=mesh, in_specs=(P(), P()), out_specs=P())
jax.jit(f).trace(params, jnp.ones((4, 2, 8))).lower(lowering_platforms=('cuda',))
