import flax.linen as nn
import jax.numpy as jnp


class FeedForward(nn.Module):
    d_ff: int
    dtype: jnp.dtype = jnp.float32

    @nn.compact
    def __call__(self, x):
        d_model = x.shape[-1]
        wi = nn.Dense(self.d_ff, dtype=self.dtype, name="wi",
                      kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))
        wo = nn.Dense(d_model, dtype=self.dtype, name="wo",
                      kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")))
        return wo(nn.gelu(wi(x)))
