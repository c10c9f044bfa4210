import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from tpmodels import ParallelMLP

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))


@nnx.jit
def create_sharded_model():
  model = ParallelMLP(16, 64, tp_axis='model', rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


with jax.set_mesh(mesh):
  model = create_sharded_model()


@nnx.jit
def forward(m, x):
  return m(x)


x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P()))
forward.trace(model, x).lower(lowering_platforms=('tpu',))
