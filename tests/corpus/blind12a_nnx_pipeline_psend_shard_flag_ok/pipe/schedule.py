import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

from . import comm

STAGE = "stage"


def build_forward(graphdef, mesh, *, shard: bool = True, axis: str = STAGE):
  n = mesh.shape[axis]

  def body(state, x):
    state = jax.tree.map(lambda a: a[0], state)
    stage = nnx.merge(graphdef, state)
    h = x
    for _ in range(n - 1):
      h = comm.shift_right(stage(h), axis, n)
    h = stage(h)
    last = lax.axis_index(axis) == n - 1
    return lax.psum(jnp.where(last, h, jnp.zeros_like(h)), axis)

  if not shard:
    return jax.jit(body)
  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(axis), P()), out_specs=P()))
