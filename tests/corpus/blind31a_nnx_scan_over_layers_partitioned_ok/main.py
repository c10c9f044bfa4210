import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

NUM_LAYERS = 4
D = 64


class Block(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.up = nnx.Linear(D, 4 * D, rngs=rngs, use_bias=False,
                         kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")))
    self.down = nnx.Linear(4 * D, D, rngs=rngs, use_bias=False,
                           kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)))

  def __call__(self, x):
    return x + self.down(nnx.gelu(self.up(x)))


class Stack(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_block(rngs):
      return Block(rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry, transform_metadata={nnx.PARTITION_NAME: None})
    def forward(x, block):
      x = block(x)
      return jax.lax.with_sharding_constraint(x, P("data", None))

    return forward(x, self.blocks)


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = Stack(nnx.Rngs(0))

  @nnx.jit
  def loss_fn(model, x):
    return jnp.mean(model(x) ** 2)

  x = jnp.ones((8, D))
  print(loss_fn.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
