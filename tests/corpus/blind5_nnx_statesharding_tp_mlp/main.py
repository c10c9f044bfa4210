import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from layers import ParallelMLP

mesh = jax.sharding.Mesh(jax.devices(), ('model',))


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


model_spec = nnx.StateSharding({
    path_ends_with('up', 'kernel'): P(None, 'model'),
    path_ends_with('down', 'kernel'): P('model', None),
})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P()), out_specs=P())
def forward(model, x):
  return model(x)


model = ParallelMLP(16, 64, 8, tp_axis='model', rngs=nnx.Rngs(0))
x = jnp.ones((4, 16))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
