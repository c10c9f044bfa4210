import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

AXIS = 'sp'


class MixerBlock(nnx.Module):
  """Token-mixing MLP: needs the full sequence, so gather it, then scatter back."""

  def __init__(self, seq_len, d, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.token_mix = nnx.Linear(seq_len, seq_len, rngs=rngs)
    self.channel_mix = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):  # x: [batch, seq/sp, d]
    h = self.norm(x)
    full = lax.all_gather(h, AXIS, axis=1, tiled=True)          # [batch, seq, d]
    mixed = self.token_mix(full.swapaxes(1, 2)).swapaxes(1, 2)  # [batch, seq, d]
    idx = lax.axis_index(AXIS)
    local = lax.dynamic_slice_in_dim(mixed, idx * x.shape[1], x.shape[1], axis=1)
    x = x + local
    return x + nnx.gelu(self.channel_mix(x))


mesh = Mesh(np.array(jax.devices()), (AXIS,))
block = MixerBlock(128, 32, nnx.Rngs(0))
optimizer = nnx.Optimizer(block, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(block, optimizer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, AXIS)), out_specs=P())
  def loss_and_grads(block, x):
    @nnx.remat
    def fwd(block, x):
      return block(x)

    def loss_fn(block):
      return lax.pmean(jnp.mean(fwd(block, x) ** 2), AXIS)

    loss, grads = nnx.value_and_grad(loss_fn)(block)
    return loss, lax.pmean(grads, AXIS)

  loss, grads = loss_and_grads(block, x)
  optimizer.update(block, grads)
  return loss


x = jnp.zeros((4, 128, 32))
train_step.trace(block, optimizer, x).lower(lowering_platforms=('cuda',))
