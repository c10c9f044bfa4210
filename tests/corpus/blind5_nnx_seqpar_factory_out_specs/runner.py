from functools import partial

import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from sp import state_specs


def make_forward(graphdef, state, mesh, *, seq_axis='tp'):
  @jax.jit
  @partial(jax.shard_map, mesh=mesh,
           in_specs=(state_specs(state), P(None, seq_axis, None)),
           out_specs=P())
  def forward(state, x):
    # the block output feeds the (replicated) LM head
    return nnx.merge(graphdef, state)(x)

  return forward
