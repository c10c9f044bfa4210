import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]
mesh = Mesh(np.array(jax.devices()), ('pipe',))
stage = eqx.nn.Linear(16, 16, key=jax.random.key(0))


def stage_and_send(stage, mb):
  y = stage(mb)
  tok = lax.psend(y, 'pipe', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pipe', PERM)


def per_stage(stage, mbs):
  return eqx.filter_vmap(stage_and_send, in_axes=(None, 0))(stage, mbs)


f = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P(), P()), out_specs=P('pipe'),
                          check_vma=False))
f.trace(stage, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
