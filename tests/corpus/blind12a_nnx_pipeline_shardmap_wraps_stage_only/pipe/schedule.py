import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

from . import comm

STAGE = "stage"


def build_forward(graphdef, mesh, *, shard: bool = True, axis: str = STAGE):
  n = mesh.shape[axis]

  def apply_stage(state, h):
    state = jax.tree.map(lambda a: a[0], state)
    return nnx.merge(graphdef, state)(h)

  run_stage = jax.shard_map(apply_stage, mesh=mesh, in_specs=(P(axis), P(axis)),
                            out_specs=P(axis))

  @jax.jit
  def forward(state, x):
    h = jnp.broadcast_to(x, (n,) + x.shape).reshape((n * x.shape[0],) + x.shape[1:])
    for _ in range(n - 1):
      h = comm.shift_right(run_stage(state, h), axis, n)
    h = run_stage(state, h)
    return h.reshape((n,) + x.shape)[-1]

  return forward
