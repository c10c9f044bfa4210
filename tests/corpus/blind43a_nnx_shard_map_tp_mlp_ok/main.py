import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MLP

mesh = jax.sharding.Mesh(jax.devices(), ('model',))

m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))


def path_ends_with(*path_suffix):  # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def forward(m, x):
  return m(x)


print(forward.trace(m, x).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
