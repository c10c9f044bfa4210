import jax
from flax import nnx

MESH_AXIS = 'data'
VMAP_AXIS = 'example'


def per_example_grads(loss_fn, model, xs, ys):
  """DP-SGD style: per-example gradients, clipped, then averaged across the data mesh axis."""

  def one(model, x, y):
    g = nnx.grad(loss_fn)(model, x[None], y[None])
    norm = jax.numpy.sqrt(sum(jax.numpy.sum(l ** 2) for l in jax.tree.leaves(g)))
    g = jax.tree.map(lambda l: l / jax.numpy.maximum(1.0, norm), g)
    return jax.lax.pmean(g, MESH_AXIS)

  return nnx.vmap(one, in_axes=(None, 0, 0), out_axes=0, axis_name=VMAP_AXIS)(model, xs, ys)
