import equinox as eqx
import jax
import jax.numpy as jnp

import kernels


def ring_all_gather(block, axis_name, ring_size):
  """Collect every shard's block by passing them around the ring."""
  blocks = [block]
  for _ in range(ring_size - 1):
    block = kernels.ring_permute(block, axis_name, ring_size)
    blocks.append(block)
  return jnp.concatenate(blocks, axis=0)


class SeqParallelAttention(eqx.Module):
  proj: dict
  seq_axis: str = eqx.field(static=True)
  ring_size: int = eqx.field(static=True)

  def __init__(self, d_model, seq_axis, ring_size, *, key):
    kq, kk, kv, ko = jax.random.split(key, 4)
    self.proj = {
        "q": eqx.nn.Linear(d_model, d_model, key=kq),
        "k": eqx.nn.Linear(d_model, d_model, key=kk),
        "v": eqx.nn.Linear(d_model, d_model, key=kv),
        "o": eqx.nn.Linear(d_model, d_model, key=ko),
    }
    self.seq_axis = seq_axis
    self.ring_size = ring_size

  def __call__(self, x):
    q, k, v = (jax.vmap(self.proj[n])(x) for n in ("q", "k", "v"))
    k = ring_all_gather(k, self.seq_axis, self.ring_size)
    v = ring_all_gather(v, self.seq_axis, self.ring_size)
    w = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return jax.vmap(self.proj["o"])(w @ v)
