import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from tp import TPMLP


def main():
  mesh = jax.make_mesh((4,), ('model',), axis_types=(AxisType.Auto,))
  with jax.set_mesh(mesh):
    model = TPMLP(128, 512, rngs=nnx.Rngs(0))

  state_specs = nnx.get_partition_spec(nnx.state(model))
  model_sharding = nnx.StateSharding(state_specs)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(model_sharding, P()), out_specs=P())
  def forward(model, x):
    return model(x)

  x = jnp.ones((16, 128), jnp.float32)
  with jax.set_mesh(mesh):
    forward.trace(model, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
