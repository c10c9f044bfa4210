import flax.linen as nn
import jax.numpy as jnp

from layers import RingShift


class RingKVBlock(nn.Module):
  """One ring step: attend to the local KV block, then pass KV to the next device."""
  d_model: int
  ring_size: int
  ring_axis: str = "model"
  mesh_axes: tuple = ("data", "model")

  def setup(self):
    self.qkv = nn.Dense(3 * self.d_model, use_bias=False)
    self.shift = RingShift(ring_size=self.ring_size, mesh_axes=self.mesh_axes,
                           ring_axis=self.ring_axis)
    self.out = nn.Dense(self.d_model, use_bias=False)

  def __call__(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    s = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1])
    o = jnp.einsum("bqk,bkd->bqd", nn.softmax(s, axis=-1), v)
    kv_next = self.shift(jnp.concatenate([k, v], axis=-1))
    return self.out(o), kv_next
