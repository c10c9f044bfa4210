import flax.linen as nn
import jax.numpy as jnp

def dense_init(names):
    return nn.with_logical_partitioning(nn.initializers.xavier_uniform(), names)


class MlpBlock(nn.Module):
    embed_dim: int
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.mlp_dim, kernel_init=dense_init(("embed", "mlp")), name="wi")(x)
        h = nn.with_logical_constraint(nn.relu(h), ("batch", "length", "mlp"))
        y = nn.Dense(self.embed_dim, kernel_init=dense_init(("mlp", "embed")), name="wo")(h)
        return nn.with_logical_constraint(y, ("batch", "length", "embed"))
