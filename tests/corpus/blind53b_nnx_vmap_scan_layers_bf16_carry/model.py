import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
  def __init__(self, features: int, rngs: nnx.Rngs, dtype=jnp.float32):
    self.linear = nnx.Linear(
        features, features,
        kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, 'model')),
        dtype=dtype,
        rngs=rngs,
    )
    self.norm = nnx.LayerNorm(features, dtype=dtype, rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    return jax.nn.relu(self.norm(self.linear(x)))


class MLP(nnx.Module):
  def __init__(self, features: int, num_layers: int, rngs: nnx.Rngs,
               dtype=jnp.float32):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_block(rngs: nnx.Rngs):
      return Block(features, rngs=rngs, dtype=dtype)

    self.blocks = create_block(rngs)
    self.num_layers = num_layers

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    def forward(x, block: Block):
      return block(x)

    return forward(x, self.blocks)
