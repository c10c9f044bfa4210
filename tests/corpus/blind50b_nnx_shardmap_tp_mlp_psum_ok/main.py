import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from tp_layers import MLP, TP_AXIS

mesh = jax.sharding.Mesh(jax.local_devices(), (TP_AXIS,))

model_spec = nnx.State(
  {
    'up': {'linear': {'kernel': P(None, TP_AXIS)}},
    'down': {'linear': {'kernel': P(TP_AXIS, None)}},
  }
)


@nnx.jit
def forward(m, x):
  @nnx.shard_map(
    mesh=mesh,
    in_specs=(nnx.StateSharding(model_spec), P(None)),
    out_specs=P(None),
  )
  def f(m, x):
    return m(x)
  return f(m, x)


m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))
print(forward.trace(m, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
