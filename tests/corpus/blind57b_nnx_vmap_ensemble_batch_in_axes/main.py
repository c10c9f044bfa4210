import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from ensemble.members import make_ensemble
from ensemble.train import train_step


def main():
  mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    members = make_ensemble(5, 10, nnx.Rngs(0))
    optimizer = nnx.Optimizer(members, optax.sgd(1e-2), wrt=nnx.Param)
    batch = {
        'image': jax.sharding.reshard(jnp.ones((32, 28, 28, 1)), P('batch')),
        'label': jax.sharding.reshard(jnp.zeros((32,), jnp.int32), P('batch')),
    }
    lowered = train_step.trace(members, optimizer, batch).lower(lowering_platforms=('tpu',))
  return lowered


if __name__ == '__main__':
  main()
