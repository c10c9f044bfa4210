import jax
import jax.numpy as jnp
from flax import nnx

TP = "model"


class Block(nnx.Module):
  def __init__(self, d, hidden, *, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.up = nnx.Linear(d, hidden, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, TP)))
    self.down = nnx.Linear(hidden, d, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (TP, None)))

  def __call__(self, x):
    return x + jax.lax.psum(self.down(jax.nn.gelu(self.up(self.norm(x)))), TP)


class Tower(nnx.Module):
  def __init__(self, d, hidden, depth, *, rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create(rngs):
      return Block(d, hidden, rngs=rngs)

    self.layers = create(rngs)
    self.head = nnx.Linear(d, 1, rngs=rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def body(layer, x):
      return layer(x)

    return self.head(body(self.layers, x))
