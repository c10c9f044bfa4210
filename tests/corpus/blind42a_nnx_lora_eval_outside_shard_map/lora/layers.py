"""LoRA adapters over a frozen base kernel stored FSDP-sharded along its input dim."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Frozen(nnx.Variable):
  """Pretrained weights: not trained, kept sharded."""


class LoRADense(nnx.Module):

  def __init__(self, din, dout, rank, *, fsdp_axis, rngs):
    self.fsdp_axis = fsdp_axis
    self.base = Frozen(jax.random.normal(rngs.params(), (din, dout)) / jnp.sqrt(din))
    self.lora_a = nnx.Param(jax.random.normal(rngs.params(), (din, rank)) * 0.01)
    self.lora_b = nnx.Param(jnp.zeros((rank, dout)))
    self.scale = 2.0 / rank

  def __call__(self, x):
    w = lax.all_gather(self.base[...], self.fsdp_axis, axis=0, tiled=True)
    delta = (x @ self.lora_a[...]) @ self.lora_b[...]
    return x @ w + self.scale * delta


class Adapter(nnx.Module):

  def __init__(self, d, hidden, rank, *, fsdp_axis, rngs):
    self.up = LoRADense(d, hidden, rank, fsdp_axis=fsdp_axis, rngs=rngs)
    self.down = LoRADense(hidden, d, rank, fsdp_axis=fsdp_axis, rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.gelu(self.up(x)))
