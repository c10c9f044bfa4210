import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def make_train_step(mesh, n_micro, axis='data'):

  def loss_fn(model, tokens):
    logits = model(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  def per_shard(model, tokens):
    micro = tokens.reshape(n_micro, -1, tokens.shape[-1])
    zero_grads = jax.tree.map(jnp.zeros_like, nnx.state(model, nnx.Param))

    def body(i, carry):
      model, loss_acc, grad_acc = carry
      loss, g = nnx.value_and_grad(loss_fn)(model, micro[i])
      return model, loss_acc + loss, jax.tree.map(jnp.add, grad_acc, g)

    _, loss, grads = nnx.fori_loop(0, n_micro, body, (model, jnp.zeros(()), zero_grads))
    grads = jax.tree.map(lambda g: jax.lax.pmean(g / n_micro, axis), grads)
    return jax.lax.pmean(loss / n_micro, axis), grads

  sharded = nnx.shard_map(per_shard, mesh=mesh, in_specs=(P(), P(axis)), out_specs=(P(), P()))

  @nnx.jit
  def train_step(model, optimizer, tokens):
    loss, grads = sharded(model, tokens)
    optimizer.update(model, grads)
    return loss

  return train_step
