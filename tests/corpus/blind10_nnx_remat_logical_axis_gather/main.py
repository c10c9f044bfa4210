import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from attention import Block
from sharding_rules import MESH_AXES, logical_to_mesh


def main():
  mesh = Mesh(np.array(jax.devices()), MESH_AXES)
  model = Block(16, rngs=nnx.Rngs(0))
  x_spec = logical_to_mesh('batch', 'sequence', 'embed')

  def forward(model, x):
    return nnx.remat(lambda m, x: m(x))(model, x)

  sharded = nnx.shard_map(forward, mesh=mesh, in_specs=(P(), x_spec), out_specs=x_spec)
  step = nnx.jit(sharded)
  x = jnp.ones((2, 8, 16))
  step.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
