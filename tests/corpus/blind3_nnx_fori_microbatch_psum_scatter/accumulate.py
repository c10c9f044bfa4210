import jax
import jax.numpy as jnp
from flax import nnx
from jax.flatten_util import ravel_pytree


def accumulate_grads(loss_fn, model, microbatches):
  """Sums gradients over the leading microbatch dimension with nnx.fori_loop."""
  zeros = jax.tree.map(jnp.zeros_like, nnx.state(model, nnx.Param))

  def body(i, carry):
    model, acc = carry
    grads = nnx.grad(loss_fn)(model, jax.tree.map(lambda a: a[i], microbatches))
    return model, jax.tree.map(jnp.add, acc, grads)

  num_micro = jax.tree.leaves(microbatches)[0].shape[0]
  _, acc = nnx.fori_loop(0, num_micro, body, (model, zeros))
  return acc


def reduce_scatter_flat(grads, axis_name):
  flat, _ = ravel_pytree(grads)
  return jax.lax.psum_scatter(flat, axis_name, scatter_dimension=0, tiled=True)
