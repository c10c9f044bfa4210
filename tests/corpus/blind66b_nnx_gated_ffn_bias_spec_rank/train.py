import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


@nnx.jit
def train_step(model, optimizer, x, y):
  x = jax.lax.with_sharding_constraint(x, P("data", None))

  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss
