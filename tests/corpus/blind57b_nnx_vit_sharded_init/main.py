import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

init = nnx.initializers.lecun_normal()
shard = nnx.with_partitioning


class PatchEmbed(nnx.Module):
  def __init__(self, patch: int, dim: int, *, rngs):
    self.proj = nnx.Conv(3, dim, (patch, patch), strides=(patch, patch), padding='VALID',
                         kernel_init=shard(init, (None, None, None, 'model')), rngs=rngs)

  def __call__(self, x):
    x = self.proj(x)
    b, h, w, c = x.shape
    return x.reshape(b, h * w, c)


class EncoderBlock(nnx.Module):
  def __init__(self, dim: int, heads: int, mlp_dim: int, *, rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(
        num_heads=heads, in_features=dim, decode=False,
        kernel_init=shard(init, (None, 'model', None)),
        out_kernel_init=shard(init, ('model', None, None)), rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.fc1 = nnx.Linear(dim, mlp_dim, kernel_init=shard(init, (None, 'model')), rngs=rngs)
    self.fc2 = nnx.Linear(mlp_dim, dim, kernel_init=shard(init, ('model', None)), rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.fc2(nnx.gelu(self.fc1(self.ln2(x))))


class ViT(nnx.Module):
  def __init__(self, num_classes=10, patch=4, dim=64, heads=4, depth=2, *, rngs):
    self.embed = PatchEmbed(patch, dim, rngs=rngs)
    self.cls = nnx.Param(jnp.zeros((1, 1, dim)))
    self.blocks = nnx.List([EncoderBlock(dim, heads, 4 * dim, rngs=rngs) for _ in range(depth)])
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, images):
    x = self.embed(images)
    cls = jnp.broadcast_to(self.cls.value, (x.shape[0], 1, x.shape[-1]))
    x = jnp.concatenate([cls, x], axis=1)
    for blk in self.blocks:
      x = blk(x)
    return self.head(self.norm(x)[:, 0])


@nnx.jit
def create_sharded_model():
  model = ViT(rngs=nnx.Rngs(0))
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


mesh = jax.make_mesh((2, 2), ('data', 'model'))

with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  images = jax.device_put(jnp.ones((8, 32, 32, 3)), NamedSharding(mesh, P('data')))
  labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('tpu',))
