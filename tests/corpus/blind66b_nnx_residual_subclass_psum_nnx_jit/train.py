import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


def make_train_step(mesh):
  batch_sharding = NamedSharding(mesh, P("data"))

  @nnx.jit
  def train_step(model, optimizer, x, y):
    x = jax.lax.with_sharding_constraint(x, batch_sharding)

    def loss_fn(model):
      pred = model(x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return train_step
