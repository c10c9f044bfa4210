import jax
from jax import lax

AXIS = 'dp'


def ring_allreduce(tree, axis_size: int):
  """Sum each leaf over AXIS by passing partial sums around the ring."""
  perm = [(j, (j + 1) % axis_size) for j in range(axis_size)]

  def reduce_leaf(x):
    def body(_, carry):
      acc, msg = carry
      msg = lax.ppermute(msg, AXIS, perm)
      return acc + msg, msg

    acc, _ = lax.fori_loop(0, axis_size - 1, body, (x, x))
    return acc

  return jax.tree.map(reduce_leaf, tree)
