import flax.linen as nn
import jax.numpy as jnp

default_init = nn.initializers.variance_scaling(1.0, "fan_in", "truncated_normal")


class MlpBlock(nn.Module):
  mlp_dim: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    embed = x.shape[-1]
    wi = self.param("wi", nn.with_logical_partitioning(default_init, ("embed", "mlp")),
                    (embed, self.mlp_dim))
    wo = self.param("wo", nn.with_logical_partitioning(default_init, ("mlp", "embed")),
                    (self.mlp_dim, embed))
    h = jnp.einsum("ble,em->blm", x.astype(self.dtype), wi.astype(self.dtype))
    h = nn.with_logical_constraint(nn.gelu(h), ("batch", "length", "mlp"))
    out = jnp.einsum("blm,me->ble", h, wo.astype(self.dtype))
    return nn.with_logical_constraint(out, ("batch", "length", "embed"))


class Encoder(nn.Module):
  num_layers: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      y = nn.LayerNorm(name=f"ln_{i}")(x)
      x = x + MlpBlock(self.mlp_dim, name=f"mlp_{i}")(y)
    return x
