import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from tpmodels import ParallelMLP

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))

model = ParallelMLP(16, 64, tp_axis='model', rngs=nnx.Rngs(0))


def path_ends_with(*path_suffix):
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('up', 'linear', 'kernel'): P(None, 'model'),
    path_ends_with('down', 'linear', 'kernel'): P('model', None),
})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def forward(m, x):
  return m(x)


x = jnp.ones((8, 16))
forward.trace(model, x).lower(lowering_platforms=('tpu',))
