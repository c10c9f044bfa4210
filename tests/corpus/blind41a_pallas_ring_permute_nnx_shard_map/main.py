import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels import right_permute

N = 4
mesh = Mesh(np.array(jax.devices()), ('x',))


class ShiftMixer(nnx.Module):
  """Mixes each shard with its left neighbour's activations."""

  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, h):
    return h + self.proj(right_permute(h, 'x', N))


model = ShiftMixer(128, nnx.Rngs(0))


@nnx.jit
def apply(model, h):
  return nnx.shard_map(lambda m, h: m(h), mesh=mesh, in_specs=(P(), P('x')),
                       out_specs=P('x'), check_vma=False)(model, h)


h = jnp.ones((N * 8, 128), jnp.float32)
apply.trace(model, h).lower(lowering_platforms=('tpu',))
print('ok')
