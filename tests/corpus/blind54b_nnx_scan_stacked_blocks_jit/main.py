import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

NUM_LAYERS = 4


class Block(nnx.Module):
  def __init__(self, dim, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.linear = nnx.Linear(dim, dim, rngs=rngs,
                             kernel_init=nnx.with_partitioning(init, ('embed', 'mlp')),
                             bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ('mlp',)))
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.linear(self.norm(x)))


class Model(nnx.Module):
  def __init__(self, dim, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_blocks(rngs: nnx.Rngs):
      return Block(dim, rngs=rngs)

    self.blocks = create_blocks(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    def forward(x, block):
      return block(x)

    return forward(x, self.blocks)


rules = (('embed', None), ('mlp', 'model'))
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


@nnx.jit
def train_step(model: Model, optimizer: nnx.Optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh), nnx.logical_axis_rules(rules):
  model = Model(128, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  batch = jax.ShapeDtypeStruct((32, 128), jnp.float32,
                               sharding=NamedSharding(mesh, P('data', None)))
  train_step.trace(model, optimizer, batch, batch).lower(lowering_platforms=('tpu',))
