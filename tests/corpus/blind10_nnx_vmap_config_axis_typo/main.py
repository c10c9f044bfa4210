import jax
import jax.numpy as jnp
import optax
from flax import nnx

from config import ModelConfig
from model import ContrastiveHead


def make_train_step(optimizer_def):

  @nnx.jit
  def train_step(model, optimizer, xs, ys):
    def loss_fn(model):
      logits = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0), axis_name='example')(model, xs)
      return optax.softmax_cross_entropy_with_integer_labels(logits, ys).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return train_step


def main():
  cfg = ModelConfig()
  model = ContrastiveHead(cfg, rngs=nnx.Rngs(0))
  tx = optax.adam(3e-4)
  optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
  step = make_train_step(tx)
  xs = jnp.ones((8, cfg.features))
  ys = jnp.zeros((8,), jnp.int32)
  step.trace(model, optimizer, xs, ys).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
