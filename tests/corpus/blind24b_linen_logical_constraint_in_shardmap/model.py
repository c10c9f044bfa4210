import flax.linen as nn


class Block(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        x = nn.with_logical_constraint(x, ("activation_batch", "activation_embed"))
        h = nn.Dense(self.hidden, kernel_init=nn.with_logical_partitioning(
            nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        h = nn.with_logical_constraint(nn.silu(h), ("activation_batch", "activation_mlp"))
        return nn.Dense(x.shape[-1], kernel_init=nn.with_logical_partitioning(
            nn.initializers.lecun_normal(), ("mlp", "embed")))(h)
