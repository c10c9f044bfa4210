import flax.linen as nn
import jax.numpy as jnp


class MlpBlock(nn.Module):
  features: int = 512
  hidden: int = 2048
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, dtype=self.dtype, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                          ("embed", "mlp")))(x)
    h = nn.relu(h)
    h = nn.with_logical_constraint(h, ("batch", "mlp"))
    return nn.Dense(self.features, dtype=self.dtype, use_bias=False,
                    kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                             ("mlp", "embed")))(h)


RULES = (("batch", "data"), ("embed", None), ("mlp", "model"))
