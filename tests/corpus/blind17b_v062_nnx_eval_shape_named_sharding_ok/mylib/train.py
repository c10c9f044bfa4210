import jax
import jax.numpy as jnp
from flax import nnx

from .model import DotReluDot


def init_sharded(depth, mesh):
  abstract = nnx.eval_shape(lambda: DotReluDot(depth, rngs=nnx.Rngs(0)))
  graphdef, abs_state = nnx.split(abstract)
  shardings = nnx.get_named_sharding(abs_state, mesh)

  def _init():
    return nnx.split(DotReluDot(depth, rngs=nnx.Rngs(0)))[1]

  state = jax.jit(_init, out_shardings=shardings)()
  return nnx.merge(graphdef, state)


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss
