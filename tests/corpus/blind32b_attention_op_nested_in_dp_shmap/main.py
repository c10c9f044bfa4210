"""The MaxText-style Attention module (which shard_maps its kernel over the mesh it holds) used
inside a hand-written data-parallel shard_map train step."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from layers.attention import Attention

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'context'))
model = Attention(mesh=mesh)
x = jnp.ones((4, 32, 64))
params = jax.jit(model.init)(jax.random.PRNGKey(0), x)['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-4))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=(P(), P()),
         axis_names={'data'})
def train_step(state, x):
  def loss_fn(p):
    return jnp.mean(state.apply_fn({'params': p}, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


print(train_step.trace(state, x).lower(lowering_platforms=('cuda',)).as_text()[:10])
