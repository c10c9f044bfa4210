"""Stacked MLP-mixer style blocks: params created with nnx.vmap, applied with nnx.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

N_LAYERS = 4
D = 256


class Block(nnx.Module):

  def __init__(self, d, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(d, dtype=jnp.bfloat16, rngs=rngs)
    self.up = nnx.Linear(d, 4 * d, rngs=rngs,
                         kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                                           (None, 'model')))
    self.down = nnx.Linear(4 * d, d, rngs=rngs,
                           kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(),
                                                             ('model', None)))

  def __call__(self, x):
    h = self.up(self.norm(x))
    return x + self.down(nnx.gelu(h))


class Stack(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):

    @nnx.split_rngs(splits=N_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: 'layers'})
    def make_blocks(rngs):
      return Block(D, rngs)

    self.blocks = make_blocks(rngs)

  def __call__(self, x):

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: 'layers'})
    def body(h, block):
      return block(h)

    return body(x, self.blocks)


@nnx.jit
def forward(model, x):
  return model(x)


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
  with jax.set_mesh(mesh):
    model = Stack(nnx.Rngs(0))
    x = jnp.ones((8, 128, D), jnp.bfloat16)
    forward.trace(model, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
