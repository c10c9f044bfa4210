import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from ring_kernel import send_right


class RingMixer(nn.Module):
  features: int

  def setup(self):
    self.proj = nn.Dense(self.features)
    self.mix = nn.Dense(self.features, use_bias=False)

  def __call__(self, x, exchange=True):
    h = self.proj(x)
    if exchange:
      h = h + self.mix(send_right(h))
    return nn.relu(h)


model = RingMixer(512)
mesh = jax.make_mesh((4,), ('devices',), axis_types=(jax.sharding.AxisType.Auto,))
rep = NamedSharding(mesh, P())
shard = NamedSharding(mesh, P('devices'))


def train_step(state, x, y):
  def loss_fn(params):
    out = state.apply_fn({'params': params}, x)
    return jnp.mean((out - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


# setup() submodules are created lazily; touch both without the cross-device exchange
params = model.init(jax.random.key(0), jnp.ones((4, 512)), method=lambda m, x: m.mix(m.proj(x)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.01))
step = jax.jit(train_step, in_shardings=(rep, shard, shard), out_shardings=(rep, rep))
x = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=shard)
step.trace(state, x, x).lower(lowering_platforms=('tpu',))
