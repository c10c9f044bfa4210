import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels.permute import right_permute


class HaloConv(nnx.Module):
  """Causal 1-D conv over a sequence split across devices; the left halo comes
  from the previous device through a remote DMA."""

  def __init__(self, channels, width, *, rngs):
    self.width = width
    self.conv = nnx.Conv(channels, channels, kernel_size=(width,),
                         padding='VALID', rngs=rngs)

  def __call__(self, x):  # x: [seq_local, channels]
    tail = x[-(self.width - 1):]
    halo = right_permute(tail, 'sp')
    return self.conv(jnp.concatenate([halo, x], axis=0)[None])[0]


mesh = Mesh(np.array(jax.devices()), ('sp',))


@nnx.jit
def apply(model, x):
  f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('sp')),
                    out_specs=P('sp'), check_vma=False)
  return f(model, x)


model = HaloConv(128, 9, rngs=nnx.Rngs(0))
x = jnp.ones((1024, 128), jnp.float32)
print(apply.trace(model, x).lower(lowering_platforms=('tpu',)).as_text()[:10])
