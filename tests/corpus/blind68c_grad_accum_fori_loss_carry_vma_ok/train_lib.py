import jax
import jax.numpy as jnp
from jax import lax
from jax.lax import pmean as allreduce_mean

from model import xent

DATA = "data"


def accumulate_gradients(params, batch, num_micro):
  micro = jax.tree.map(lambda a: a.reshape(num_micro, -1, *a.shape[1:]), batch)
  grad_fn = jax.value_and_grad(xent)

  def body(i, carry):
    loss_sum, grad_sum = carry
    mb = jax.tree.map(lambda a: a[i], micro)
    loss, grads = grad_fn(params, mb)
    return loss_sum + loss, jax.tree.map(jnp.add, grad_sum, grads)

  # the per-shard loss varies over DATA, so its accumulator must too
  loss0 = lax.pcast(jnp.zeros((), jnp.float32), DATA, to="varying")
  init = (loss0, jax.tree.map(jnp.zeros_like, params))
  loss_sum, grad_sum = lax.fori_loop(0, num_micro, body, init)
  return loss_sum / num_micro, jax.tree.map(lambda g: g / num_micro, grad_sum)


def sgd_step(params, batch, *, lr, num_micro):
  loss, grads = accumulate_gradients(params, batch, num_micro)
  # params are replicated: their grads come out of shard_map's AD already summed over DATA
  n = lax.psum(1, DATA)
  params = jax.tree.map(lambda p, g: p - lr * g / n, params, grads)
  return params, allreduce_mean(loss, DATA)
