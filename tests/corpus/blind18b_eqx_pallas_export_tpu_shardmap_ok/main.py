import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from distributed import collectives


class TokenShiftBlock(eqx.Module):
  norm: eqx.nn.LayerNorm
  ff: eqx.nn.Linear

  def __init__(self, d, key):
    self.norm = eqx.nn.LayerNorm(d)
    self.ff = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    h = jax.vmap(self.norm)(x)
    return x + jax.vmap(self.ff)(collectives.shift_tokens(h))


block = TokenShiftBlock(256, jax.random.PRNGKey(0))
dyn, static = eqx.partition(block, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), (collectives.AXIS,))


def shard_fn(dyn, x):
  return eqx.combine(dyn, static)(x)


fn = jax.jit(jax.shard_map(shard_fn, mesh=mesh, in_specs=(P(), P(collectives.AXIS)),
                           out_specs=P(collectives.AXIS), check_vma=False))
shapes = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), dyn)
exported = jax.export.export(fn, platforms=['tpu'])(shapes,
                                                    jax.ShapeDtypeStruct((64, 256), jnp.float32))
