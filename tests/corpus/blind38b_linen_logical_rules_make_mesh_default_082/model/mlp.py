import flax.linen as nn

LOGICAL_RULES = (("batch", "data"), ("hidden", "model"), ("embed", None))


class MLP(nn.Module):
    hidden: int = 64
    out: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(
            self.hidden,
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "hidden")),
            use_bias=False,
        )(x)
        h = nn.with_logical_constraint(nn.relu(h), ("batch", "hidden"))
        return nn.Dense(
            self.out,
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("hidden", "embed")),
            use_bias=False,
        )(h)
