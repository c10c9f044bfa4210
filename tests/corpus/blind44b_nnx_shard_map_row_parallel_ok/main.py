import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MODEL_AXIS, RowParallelMLP

mesh = jax.sharding.Mesh(jax.local_devices(), (MODEL_AXIS,))

m = RowParallelMLP(2, 64, 3, rngs=nnx.Rngs(0))
x = jnp.ones((32, 2))

model_spec = nnx.State(
    {
        "linear1": {"kernel": P(None, MODEL_AXIS)},
        "linear2": {"kernel": P(MODEL_AXIS, None)},
    }
)


@nnx.jit
@nnx.shard_map(
    mesh=mesh,
    in_specs=(nnx.StateSharding(model_spec), P(None)),
    out_specs=P(None),
)
def forward(m, x):
  return m(x)


print(forward.trace(m, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
