import flax.linen as nn
import jax
import jax.numpy as jnp


class Tick(nn.Module):
  num_stages: int
  axis: str = 'stage'

  @nn.compact
  def __call__(self, carry, feed):
    stage = jax.lax.axis_index(self.axis)
    h = jnp.where(stage == 0, feed, carry)
    h = nn.Dense(h.shape[-1])(nn.LayerNorm()(h))
    perm = [(i, i + 1) for i in range(self.num_stages - 1)]
    tok = jax.lax.psend(h, self.axis, perm)
    nxt = jax.lax.precv(tok, h, self.axis, perm)
    return nxt, h


class PipelinedMLP(nn.Module):
  num_stages: int

  @nn.compact
  def __call__(self, microbatches):
    n_pad = self.num_stages - 1
    feeds = jnp.concatenate(
        [microbatches, jnp.repeat(microbatches[-1:], n_pad, axis=0)], axis=0)
    ScanTick = nn.scan(Tick, variable_broadcast='params',
                       split_rngs={'params': False}, in_axes=0, out_axes=0)
    carry = jnp.zeros_like(microbatches[0])
    _, outs = ScanTick(self.num_stages, name='tick')(carry, feeds)
    return outs[n_pad:]
