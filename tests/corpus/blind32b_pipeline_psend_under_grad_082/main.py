"""Pipeline training tick: each stage's Linen module hands its activation on with psend/precv,
and the stage loss is differentiated inside shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training.train_state import TrainState
from jax.sharding import PartitionSpec as P

N = 4


class Stage(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x, *, transfer=True):
    y = nn.relu(nn.Dense(self.width)(x)) + x
    if transfer:
      fwd = [(i, i + 1) for i in range(N - 1)]
      tok = jax.lax.psend(y, 'pp', fwd)
      y = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', fwd)
    return y


mesh = jax.make_mesh((N,), ('pp',))
model = Stage(width=64)
params = model.init(jax.random.key(0), jnp.zeros((4, 64)), transfer=False)['params']
state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(1e-2))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('pp'), P('pp')), out_specs=P())
def train_tick(state, x, target):
  def loss_fn(params):
    y = state.apply_fn({'params': params}, x)
    return jnp.mean((y - target) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'pp')
  return jax.lax.pmean(loss, 'pp')


x = jnp.ones((16, 64))
print(train_tick.trace(state, x, x).lower(lowering_platforms=('cuda',)).as_text()[:16])
