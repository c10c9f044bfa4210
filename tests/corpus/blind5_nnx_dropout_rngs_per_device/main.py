import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from common.model import DropoutMLP
from common.rng import per_device_rngs

DATA = 'data'
mesh = Mesh(jax.devices(), (DATA,))


def train_step(model, optimizer, key, x, y):
  rngs = per_device_rngs(key, DATA)

  def loss_fn(model, rngs):
    return optax.squared_error(model(x, rngs=rngs), y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model, rngs)
  optimizer.update(model, jax.lax.pmean(grads, DATA))
  return jax.lax.pmean(loss, DATA)


train_step = nnx.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P(), P(), P(DATA), P(DATA)), out_specs=P())
train_step = nnx.jit(train_step)

model = DropoutMLP(8, 2, rngs=nnx.Rngs(params=0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
key = jax.random.key(42)
x, y = jnp.ones((16, 8)), jnp.zeros((16, 2))
train_step.trace(model, optimizer, key, x, y).lower(lowering_platforms=('cuda',))
