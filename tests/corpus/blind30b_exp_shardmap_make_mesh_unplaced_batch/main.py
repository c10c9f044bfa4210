"""TrainState step written against jax.experimental.shard_map (JAX 0.4.3x era), now run on a
newer JAX where jax.make_mesh builds Explicit axes. The host batch is passed straight in."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(32)(x))).squeeze(-1)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
         out_specs=(P(), P()), check_rep=False)
def train_step(state, x, y):
    def loss_fn(params):
        pred = state.apply_fn({'params': params}, x)
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    grads = jax.lax.pmean(grads, 'data')
    return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


model = Regressor()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(1e-2))

rng = np.random.default_rng(0)
x = rng.normal(size=(128, 8)).astype(np.float32)
y = rng.normal(size=(128,)).astype(np.float32)
print(train_step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:30])
