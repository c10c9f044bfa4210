import flax.linen as nn
import jax.numpy as jnp


class Block(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.LayerNorm(
        scale_init=nn.with_logical_partitioning(nn.initializers.ones_init(), ("embed",)),
        bias_init=nn.with_logical_partitioning(nn.initializers.zeros_init(), ("embed",)),
    )(x)
    y = nn.Dense(self.d_ff, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ("embed", "mlp")))(y)
    y = nn.with_logical_constraint(nn.gelu(y), ("batch", "seq", "mlp"))
    y = nn.Dense(self.d_model, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ("mlp", "embed")))(y)
    x = nn.with_logical_constraint(x + y, ("batch", "seq", "embed"))
    return x, None


class Decoder(nn.Module):
  d_model: int
  d_ff: int
  n_layers: int

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(
        nn.remat(Block, prevent_cse=False),
        variable_axes={"params": 0},
        split_rngs={"params": True},
        in_axes=nn.broadcast,
        length=self.n_layers,
        metadata_params={nn.PARTITION_NAME: "layers"},
    )
    x, _ = Stack(self.d_model, self.d_ff, name="layers")(x, None)
    return jnp.mean(x ** 2)
