import flax.linen as nn
import jax
import jax.numpy as jnp

RULES = (
    ("batch", "data"),
    ("layers", None),
    ("embed", None),
    ("mlp", "model"),
)


class Block(nn.Module):
    d_ff: int

    @nn.compact
    def __call__(self, x, _):
        d = x.shape[-1]
        h = nn.Dense(self.d_ff, use_bias=False,
                     kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        h = nn.gelu(h)
        y = nn.Dense(d, use_bias=False,
                     kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")))(h)
        return x + y, None


class Encoder(nn.Module):
    num_layers: int
    d_ff: int

    @nn.compact
    def __call__(self, x):
        Stack = nn.scan(
            Block,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            length=self.num_layers,
            metadata_params={nn.PARTITION_NAME: "layers"},
        )
        x, _ = Stack(self.d_ff)(x, None)
        return x
