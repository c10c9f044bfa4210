import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

# sharding annotations shared by every block
EMBED_KERNEL = (None, None, None, 'model')  # (patch_h, patch_w, in_ch, dim)
QKV_KERNEL = (None, 'model', None)
OUT_KERNEL = ('model', None, None)
MLP_UP = (None, 'model')
MLP_DOWN = ('model', None)


def dense_init(names):
  return nnx.with_partitioning(nnx.initializers.xavier_uniform(), names)


class PatchEmbedding(nnx.Module):
  """Split the image into non-overlapping patches and project them linearly."""

  def __init__(self, patch, in_ch, dim, *, rngs):
    self.patch = patch
    self.proj = nnx.Linear(patch * patch * in_ch, dim, kernel_init=dense_init(EMBED_KERNEL),
                           rngs=rngs)

  def __call__(self, x):
    b, h, w, c = x.shape
    p = self.patch
    x = x.reshape(b, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
    x = x.reshape(b, (h // p) * (w // p), p * p * c)
    return self.proj(x)


class Block(nnx.Module):
  def __init__(self, dim, heads, *, rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=dim, decode=False,
                                       kernel_init=dense_init(QKV_KERNEL),
                                       out_kernel_init=dense_init(OUT_KERNEL), rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.up = nnx.Linear(dim, 4 * dim, kernel_init=dense_init(MLP_UP), rngs=rngs)
    self.down = nnx.Linear(4 * dim, dim, kernel_init=dense_init(MLP_DOWN), rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.down(nnx.gelu(self.up(self.ln2(x))))


class VisionTransformer(nnx.Module):
  def __init__(self, *, patch=4, dim=64, heads=4, depth=2, num_classes=10, rngs):
    self.embed = PatchEmbedding(patch, 3, dim, rngs=rngs)
    self.blocks = nnx.List([Block(dim, heads, rngs=rngs) for _ in range(depth)])
    self.ln = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, x):
    x = self.embed(x)
    for block in self.blocks:
      x = block(x)
    return self.head(self.ln(x).mean(axis=1))


@nnx.jit
def create_sharded_model():
  model = VisionTransformer(rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def train_step(model, optimizer, images, labels):
  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
  with jax.set_mesh(mesh):
    model = create_sharded_model()
    optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 32, 32, 3)), NamedSharding(mesh, P('data')))
    y = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('data')))
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('tpu',))
