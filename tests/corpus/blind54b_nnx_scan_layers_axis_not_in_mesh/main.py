import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from net import MLPStack

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def init_model():
  model = MLPStack(256, 6, rngs=nnx.Rngs(params=0))
  state = nnx.state(model)
  state = jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state))
  nnx.update(model, state)
  return model


@nnx.jit
def apply(model, x):
  return model(x)


with jax.set_mesh(mesh):
  model = init_model()
  apply.trace(model, jnp.ones((8, 256))).lower(lowering_platforms=('tpu',))
