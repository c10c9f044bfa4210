import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

DEPTH = 4
init = nnx.initializers.lecun_normal()


class MixerBlock(nnx.Module):
  def __init__(self, tokens, channels, *, rngs: nnx.Rngs):
    self.norm1 = nnx.LayerNorm(channels, rngs=rngs)
    self.tok1 = nnx.Linear(tokens, 2 * tokens, kernel_init=nnx.with_partitioning(init, (None, 'model')), rngs=rngs)
    self.tok2 = nnx.Linear(2 * tokens, tokens, kernel_init=nnx.with_partitioning(init, ('model', None)), rngs=rngs)
    self.norm2 = nnx.LayerNorm(channels, rngs=rngs)
    self.ch1 = nnx.Linear(channels, 4 * channels, kernel_init=nnx.with_partitioning(init, (None, 'model')), rngs=rngs)
    self.ch2 = nnx.Linear(4 * channels, channels, kernel_init=nnx.with_partitioning(init, ('model', None)), rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    y = self.norm1(x).swapaxes(1, 2)
    y = self.tok2(nnx.gelu(self.tok1(y))).swapaxes(1, 2)
    x = x + self.drop(y)
    y = self.ch2(nnx.gelu(self.ch1(self.norm2(x))))
    return x + self.drop(y)


class Mixer(nnx.Module):
  def __init__(self, patch=4, image=32, channels=64, classes=10, *, rngs: nnx.Rngs):
    tokens = (image // patch) ** 2
    self.stem = nnx.Conv(3, channels, (patch, patch), strides=(patch, patch), rngs=rngs)

    @nnx.split_rngs(splits=DEPTH)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_blocks(rngs):
      return MixerBlock(tokens, channels, rngs=rngs)

    self.blocks = create_blocks(rngs)
    self.norm = nnx.LayerNorm(channels, rngs=rngs)
    self.head = nnx.Linear(channels, classes, rngs=rngs)

  def __call__(self, images):
    x = self.stem(images)
    b, h, w, c = x.shape
    x = x.reshape(b, h * w, c)

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    @nnx.remat
    def forward(x, block):
      return block(x)

    x = forward(x, self.blocks)
    return self.head(self.norm(x).mean(axis=1))


@nnx.jit
def create_sharded_model():
  model = Mixer(rngs=nnx.Rngs(params=0, dropout=1))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  nnx.update(model, jax.lax.with_sharding_constraint(state, pspecs))
  return model


@nnx.jit
def train_step(model, optimizer, images, labels):
  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with mesh:
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  data = NamedSharding(mesh, P('data'))
  images = jax.device_put(jnp.ones((8, 32, 32, 3)), data)
  labels = jax.device_put(jnp.zeros((8,), jnp.int32), data)
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('tpu',))
