import flax.linen as nn
import jax.numpy as jnp


class LogicalMLP(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        x = nn.with_logical_constraint(x, ("batch", "embed"))
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.with_logical_constraint(h, ("batch", "mlp"))
        return nn.Dense(x.shape[-1])(h)
