import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nnx.Module):

  def __init__(self, rngs):
    self.hidden = nnx.Linear(32, 64, rngs=rngs)
    self.out = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.relu(self.hidden(x)))


class Trainer:

  def __init__(self, model, mesh, axis='data', clip=1.0):
    self.model = model
    self.optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    self.axis = axis
    self.clip = clip
    self.train_step = nnx.jit(nnx.shard_map(
        self._train_step, mesh=mesh,
        in_specs=(P(), P(), P(axis), P(axis)), out_specs=P()))

  def compute_loss(self, model, x, labels):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  def _train_step(self, model, optimizer, x, labels):
    loss, grads = nnx.value_and_grad(self.compute_loss)(model, x, labels)
    norm = optax.global_norm(grads)
    grads = jax.lax.cond(
        norm > self.clip,
        lambda g: jax.lax.pmean(jax.tree.map(lambda t: t * (self.clip / norm), g), self.axis),
        lambda g: jax.lax.pmean(g, self.axis),
        grads)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, self.axis)


class LabelSmoothingTrainer(Trainer):

  def compute_loss(self, model, x, labels, eps=0.1):
    logits = model(x)
    targets = optax.smooth_labels(jax.nn.one_hot(labels, 10), eps)
    return optax.softmax_cross_entropy(logits, targets).mean()


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  trainer = LabelSmoothingTrainer(Classifier(nnx.Rngs(0)), mesh)
  x = jnp.ones((32, 32))
  labels = jnp.zeros((32,), jnp.int32)
  trainer.train_step.trace(trainer.model, trainer.optimizer, x, labels).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
