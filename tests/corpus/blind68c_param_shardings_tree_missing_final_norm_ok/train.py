import jax
import jax.numpy as jnp
from jax import lax

from transformer import loss_fn

N_MICRO = 4
LR = 1e-3


def train_step(params, tokens):
  micro = tokens.reshape(N_MICRO, tokens.shape[0] // N_MICRO, tokens.shape[1])

  def accum(i, carry):
    loss_acc, grad_acc = carry
    loss, grads = jax.value_and_grad(loss_fn)(params, micro[i])
    return loss_acc + loss, jax.tree_util.tree_map(jnp.add, grad_acc, grads)

  zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
  loss, grads = lax.fori_loop(0, N_MICRO, accum, (jnp.zeros(()), zeros))
  new_params = jax.tree_util.tree_map(lambda p, g: p - LR * g / N_MICRO, params, grads)
  return new_params, loss / N_MICRO
