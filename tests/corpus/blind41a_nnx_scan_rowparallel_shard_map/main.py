import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import TP_AXIS, make_stack, run_stack

D_MODEL, N_DEV = 32, 4
mesh = Mesh(np.array(jax.devices()), (TP_AXIS,))


def local_slice(h):
  i = jax.lax.axis_index(TP_AXIS)
  k = D_MODEL // N_DEV
  return jax.lax.dynamic_slice_in_dim(h, i * k, k, axis=-1)


def forward(graphdef, state, x):
  stack = nnx.merge(graphdef, state)
  return run_stack(stack, x, local_slice)


def main():
  stack = make_stack(3, D_MODEL, D_MODEL)  # rows split over TP_AXIS by the specs
  graphdef, state = nnx.split(stack)
  state_specs = jax.tree.map(lambda a: P(None, TP_AXIS, None), state)
  sharded = jax.shard_map(
      lambda s, x: forward(graphdef, s, x),
      mesh=mesh, in_specs=(state_specs, P()), out_specs=P())
  x = jnp.ones((8, D_MODEL))
  jax.jit(sharded).trace(state, x).lower(lowering_platforms=('cuda',))
  print('ok')


main()
