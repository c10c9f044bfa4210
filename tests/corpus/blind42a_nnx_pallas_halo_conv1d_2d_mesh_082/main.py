import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from ops.halo import exchange_halo

DP, SP = 'dp', 'sp'
N = 2
mesh = Mesh(np.array(jax.devices()).reshape(2, N), (DP, SP))


class CausalConv1D(nnx.Module):
  """Causal depthwise-free 1-D conv over a sequence split across devices."""

  def __init__(self, channels, kernel_size, *, rngs):
    self.k = kernel_size
    self.conv = nnx.Conv(channels, channels, kernel_size=(kernel_size,), padding='VALID', rngs=rngs)

  def __call__(self, x):                      # x: (L_local, C) for one batch shard
    halo = exchange_halo(x, axis=SP, n=N, halo=self.k - 1)
    halo = jnp.where(lax.axis_index(SP) == 0, jnp.zeros_like(halo), halo)
    return self.conv(jnp.concatenate([halo, x], axis=0)[None])[0]


model = CausalConv1D(128, 4, rngs=nnx.Rngs(0))


@nnx.jit
def apply(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P((DP, SP))),
                       out_specs=P((DP, SP)), check_vma=False)(model, x)


x = jnp.ones((N * 64, 128), jnp.float32)
apply.trace(model, x).lower(lowering_platforms=('tpu',))
print('ok')
