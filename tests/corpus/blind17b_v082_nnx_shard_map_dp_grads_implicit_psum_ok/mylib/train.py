import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def make_train_step(mesh):
  @nnx.shard_map(mesh=mesh, in_specs=(P(None), P('data'), P('data')), out_specs=(P(), P()))
  def grads_fn(model, x, y):
    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    return jax.lax.pmean(loss, 'data'), grads

  @nnx.jit
  def train_step(model, optimizer, x, y):
    loss, grads = grads_fn(model, x, y)
    optimizer.update(model, grads)
    return loss

  return train_step
