import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from losses import sigmoid_contrastive_loss


class TwoTower(nnx.Module):
  def __init__(self, vocab: int, dim: int, *, rngs: nnx.Rngs):
    self.patch = nnx.Conv(3, dim, (8, 8), strides=(8, 8), rngs=rngs)
    self.img_out = nnx.Linear(dim, dim, rngs=rngs)
    self.tok = nnx.Embed(vocab, dim, rngs=rngs)
    self.txt_out = nnx.Linear(dim, dim, rngs=rngs)
    self.t_prime = nnx.Param(jnp.log(10.0))
    self.bias = nnx.Param(jnp.array(-10.0))

  def __call__(self, images, tokens):
    zi = self.img_out(self.patch(images).mean(axis=(1, 2)))
    zt = self.txt_out(self.tok(tokens).mean(axis=1))
    zi = zi / jnp.linalg.norm(zi, axis=-1, keepdims=True)
    zt = zt / jnp.linalg.norm(zt, axis=-1, keepdims=True)
    return zi, zt


def _train_step(model, optimizer, images, tokens):
  def loss_fn(model):
    zi, zt = model(images, tokens)
    return sigmoid_contrastive_loss(zi, zt, jnp.exp(model.t_prime.value), model.bias.value)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


class Trainer:
  def __init__(self, mesh):
    self.mesh = mesh
    self.model = TwoTower(vocab=512, dim=64, rngs=nnx.Rngs(0))
    self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)
    self.batch_sharding = NamedSharding(mesh, P('data'))
    self.train_step = nnx.jit(_train_step)

  def lower(self, images, tokens):
    images = jax.device_put(images, self.batch_sharding)
    tokens = jax.device_put(tokens, self.batch_sharding)
    return self.train_step.trace(self.model, self.optimizer, images, tokens).lower(
        lowering_platforms=('cuda',))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('data',))
  trainer = Trainer(mesh)
  trainer.lower(jnp.ones((16, 32, 32, 3)), jnp.zeros((16, 16), jnp.int32))
