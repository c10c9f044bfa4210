import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P


def param_specs(tp_axis):
  return {"w_col": P(None, tp_axis), "w_row": P(tp_axis, None)}


def build_step(graphdef, mesh, dp_axis, tp_axis, lr):
  def local_step(params, x, y):
    def loss_fn(params):
      model = nnx.merge(graphdef, params)
      pred = model(x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.tree.map(lambda g: lax.pmean(g, dp_axis), grads)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    # average the logged loss over every device of the mesh
    n = lax.psum(1, (dp_axis, tp_axis))
    return params, lax.psum(loss, (dp_axis, tp_axis)) / n

  specs = param_specs(tp_axis)
  return jax.jit(jax.shard_map(
      local_step, mesh=mesh,
      in_specs=(specs, P(dp_axis), P(dp_axis)),
      out_specs=(specs, P()),
  ))
