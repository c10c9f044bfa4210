import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from parallel.kernels import ring_psum


def data_parallel_step(loss_fn, mesh, lr):
  """SGD step: per-device grads, summed by the Pallas ring kernel."""
  axis = mesh.axis_names[0]
  n = mesh.shape[axis]

  def local_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.tree.map(lambda g: ring_psum(g) / n, grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), ring_psum(loss[None])[0] / n

  return shard_map(local_step, mesh=mesh, in_specs=(P(), P(axis), P(axis)),
                   out_specs=(P(), P()), check_rep=False)
