from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MODEL_AXIS = "model"


def make_forward(mesh, activation=jax.nn.gelu):
  """Returns a jitted tensor-parallel MLP forward pass for `mesh`."""

  def forward(w1, w2, x):
    # w1: [d, h/n] column shard, w2: [h/n, d] row shard, x replicated
    h = activation(x @ w1)
    y = h @ w2
    return jax.lax.psum(y, MODEL_AXIS)

  sharded_forward = jax.shard_map(
      forward,
      mesh=mesh,
      in_specs=(P(None, MODEL_AXIS), P(MODEL_AXIS, None), P()),
      out_specs=P(),
  )
  return jax.jit(forward)
