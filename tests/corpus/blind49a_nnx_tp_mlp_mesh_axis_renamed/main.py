import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import ParallelMLP

# Mesh axes renamed to match the rest of the launcher config ('tensor' instead of 'model').
mesh = jax.sharding.Mesh(jax.local_devices(), ('tensor',))

model_spec = nnx.State({
    'linear1': {'kernel': P(None, 'tensor')},
    'linear2': {'kernel': P('tensor', None)},
})


@nnx.shard_map(
    mesh=mesh,
    in_specs=(nnx.StateSharding(model_spec), P(None)),
    out_specs=P(None),
)
def forward(m, x):
  return m(x)


m = ParallelMLP(8, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((16, 8))

print(nnx.jit(forward).trace(m, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
