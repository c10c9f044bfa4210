import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from layers import TPMLP


def build(mesh):
  with jax.set_mesh(mesh):
    model = TPMLP(64, 256, rngs=nnx.Rngs(0))
  state_spec = nnx.get_partition_spec(nnx.state(model))
  return model, nnx.StateSharding(state_spec)


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'),
                       axis_types=(AxisType.Auto, AxisType.Auto))
  model, model_spec = build(mesh)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(model_spec, P('data')), out_specs=P('data'))
  def forward(m, x):
    return m(x)

  x = jnp.ones((16, 64))
  forward.trace(model, x).lower(lowering_platforms=('tpu',))


main()
