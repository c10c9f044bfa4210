import jax
import jax.numpy as jnp
import optax
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
shard_model = nnx.shard_map(
  lambda m, x: m(x),
  mesh=mesh,
  in_specs=(nnx.StateSharding(model_spec), P(None)),
  out_specs=P(None),
)


@nnx.jit
def train_loss(m, x, y):
  pred = shard_model(m, x)
  return jnp.mean(optax.l2_loss(pred, y))


@nnx.jit
def eval_step(m, x, y):
  pred = m(x)
  return {'mse': jnp.mean((pred - y) ** 2)}


m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))
y = jnp.zeros((32, 8))
for fn in (train_loss, eval_step):
  print(fn.trace(m, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
