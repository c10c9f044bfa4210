"""LoRA adapters on logically-partitioned dense layers (MaxText-style axis names)."""
import flax.linen as nn
import jax.numpy as jnp


class LoRADense(nn.Module):
  features: int
  kernel_axes: tuple = ("embed", "mlp")
  rank: int = 8
  alpha: float = 16.0
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    fan_in = x.shape[-1]
    kernel = self.param(
        "kernel",
        nn.with_logical_partitioning(nn.initializers.lecun_normal(), self.kernel_axes),
        (fan_in, self.features),
    )
    lora_a = self.param(
        "lora_a",
        nn.with_logical_partitioning(nn.initializers.normal(0.02), (self.kernel_axes[0], "lora_rank")),
        (fan_in, self.rank),
    )
    lora_b = self.param(
        "lora_b",
        nn.with_logical_partitioning(nn.initializers.zeros_init(), ("lora_rank", self.kernel_axes[-1])),
        (self.rank, self.features),
    )
    x = x.astype(self.dtype)
    y = x @ kernel.astype(self.dtype)
    delta = (x @ lora_a.astype(self.dtype)) @ lora_b.astype(self.dtype)
    return y + delta * (self.alpha / self.rank)


class LoRAMlpBlock(nn.Module):
  embed: int
  hidden: int
  n_heads: int = 4

  @nn.compact
  def __call__(self, x):
    h = LoRADense(self.hidden, kernel_axes=("embed", "mlp"), name="up")(x)
    h = nn.gelu(h)
    h = nn.with_logical_constraint(h, ("batch", "length", "mlp"))
    out = LoRADense(self.embed, kernel_axes=("mlp", "embed"), name="down")(h)
    return nn.with_logical_constraint(out, ("batch", "length", "embed"))
