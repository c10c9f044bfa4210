import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

EMBED = 32


class ImageTower(nnx.Module):
  def __init__(self, *, rngs):
    self.conv = nnx.Conv(3, 16, (4, 4), strides=(4, 4), rngs=rngs)
    self.proj = nnx.Linear(16, EMBED, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.conv(x))
    return self.proj(h.mean(axis=(1, 2)))


class TextTower(nnx.Module):
  def __init__(self, vocab, *, rngs):
    self.embed = nnx.Embed(vocab, 32, rngs=rngs)
    self.mlp = nnx.Linear(32, EMBED, rngs=rngs)

  def __call__(self, tokens):
    return self.mlp(self.embed(tokens).mean(axis=1))


class CLIP(nnx.Module):
  def __init__(self, vocab=1000, *, rngs):
    self.image = ImageTower(rngs=rngs)
    self.text = TextTower(vocab, rngs=rngs)
    self.logit_scale = nnx.Param(jnp.log(1 / 0.07))

  def __call__(self, images, tokens):
    zi = self.image(images)
    zt = self.text(tokens)
    zi = zi / jnp.linalg.norm(zi, axis=-1, keepdims=True)
    zt = zt / jnp.linalg.norm(zt, axis=-1, keepdims=True)
    return zi, zt, jnp.exp(self.logit_scale.value)


def make_step(mesh):

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
  def contrastive_loss(model, images, tokens):
    zi, zt, scale = model(images, tokens)
    all_zi = lax.all_gather(zi, 'data', tiled=True)
    all_zt = lax.all_gather(zt, 'data', tiled=True)
    local_b = zi.shape[0]
    labels = lax.axis_index('data') * local_b + jnp.arange(local_b)
    logits_i2t = scale * zi @ all_zt.T
    logits_t2i = scale * zt @ all_zi.T
    loss = 0.5 * (optax.softmax_cross_entropy_with_integer_labels(logits_i2t, labels).mean() +
                  optax.softmax_cross_entropy_with_integer_labels(logits_t2i, labels).mean())
    return lax.pmean(loss, 'data')

  @nnx.jit
  def train_step(model, optimizer, images, tokens):
    loss, grads = nnx.value_and_grad(contrastive_loss)(model, images, tokens)
    optimizer.update(model, grads)
    return loss

  return train_step


def main():
  mesh = jax.make_mesh((4,), ('data',))
  model = CLIP(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(5e-4, weight_decay=0.2), wrt=nnx.Param)
  batch_sharding = NamedSharding(mesh, P('data'))
  images = jax.device_put(jnp.ones((16, 32, 32, 3)), batch_sharding)
  tokens = jax.device_put(jnp.zeros((16, 12), jnp.int32), batch_sharding)
  step = make_step(mesh)
  step.trace(model, optimizer, images, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
