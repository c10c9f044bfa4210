import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import Stack, TP


def main():
  mesh = Mesh(np.array(jax.devices()), (TP,))
  with jax.set_mesh(mesh):
    model = Stack(16, 64, 3, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(model)
  state_specs = nnx.get_partition_spec(state)

  def forward(state, x):
    return nnx.merge(graphdef, state)(x)

  fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(state_specs, P()), out_specs=P()))
  x = jnp.ones((8, 16))
  fwd.trace(state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
