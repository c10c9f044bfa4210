import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = 4
PERM = [(i, i + 1) for i in range(N - 1)]

if hasattr(jax.lax, 'psend'):
  def hop(x, axis):
    tok = jax.lax.psend(x, axis, PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, PERM)
else:
  def hop(x, axis):
    return jax.lax.ppermute(x, axis, PERM)


class Stage(eqx.Module):
  lin: eqx.nn.Linear
  axis: str = eqx.field(static=True)

  def __call__(self, x):
    return hop(jax.vmap(self.lin)(x), self.axis)


mesh = Mesh(np.array(jax.devices()), ('pp',))
stage = Stage(eqx.nn.Linear(16, 16, key=jax.random.key(0)), 'pp')
run = jax.jit(jax.shard_map(lambda s, x: s(x), mesh=mesh, in_specs=(P(), P('pp')),
                            out_specs=P('pp'), check_vma=False))
run.trace(stage, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
