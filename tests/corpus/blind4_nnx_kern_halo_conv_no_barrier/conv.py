import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

from sp_ops import send_halo_right


class SPCausalConv1D(nnx.Module):
  """Depthwise causal conv over a sequence that is split across `axis_name`."""

  def __init__(self, channels, width, *, axis_name, num_devices, rngs: nnx.Rngs):
    self.width = width
    self.axis_name = axis_name
    self.num_devices = num_devices
    self.kernel = nnx.Param(nnx.initializers.normal(0.1)(rngs.params(), (width, channels)))

  def __call__(self, x):  # x: [B, T_local, C]
    tail = x[:, -(self.width - 1):, :]
    halo = send_halo_right(tail, axis_name=self.axis_name, num_devices=self.num_devices)
    first = lax.axis_index(self.axis_name) == 0
    halo = jnp.where(first, jnp.zeros_like(halo), halo)
    padded = jnp.concatenate([halo, x], axis=1)
    t = x.shape[1]
    return sum(padded[:, k:k + t, :] * self.kernel[k] for k in range(self.width))


class RecurrentBlock(nnx.Module):
  def __init__(self, dim, *, axis_name, num_devices, rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.in_proj = nnx.Linear(dim, 2 * dim, rngs=rngs)
    self.conv = SPCausalConv1D(dim, 4, axis_name=axis_name, num_devices=num_devices, rngs=rngs)
    self.out_proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    h, gate = jnp.split(self.in_proj(self.norm(x)), 2, axis=-1)
    return x + self.out_proj(self.conv(h) * jax.nn.gelu(gate))
