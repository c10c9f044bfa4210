import equinox as eqx
import jax
import jax.numpy as jnp

import kernels


class SequenceParallelMixer(eqx.Module):
  """Token mixing over the full sequence while activations stay sequence-sharded."""
  mix: jax.Array        # [seq, seq]
  proj: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)
  num_devices: int = eqx.field(static=True)

  def __init__(self, seq_len, dim, axis_name, num_devices, *, key):
    k1, k2 = jax.random.split(key)
    self.mix = jax.random.normal(k1, (seq_len, seq_len)) / seq_len
    self.proj = eqx.nn.Linear(dim, dim, key=k2)
    self.axis_name = axis_name
    self.num_devices = num_devices

  def __call__(self, x_local):
    # x_local: [seq / num_devices, dim]
    chunk = x_local.shape[0]
    full = kernels.ring_all_gather(x_local, axis_name=self.axis_name,
                                   num_devices=self.num_devices)
    full = full.reshape(-1, x_local.shape[1])
    rows = jax.lax.dynamic_slice_in_dim(
        self.mix, jax.lax.axis_index(self.axis_name) * chunk, chunk, axis=0)
    return jax.vmap(self.proj)(rows @ full)
