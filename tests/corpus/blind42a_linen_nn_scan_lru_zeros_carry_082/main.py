import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from models.lru import SEQ, ChunkedLRU

mesh = Mesh(np.array(jax.devices()), (SEQ,))
model = ChunkedLRU(features=16)
x = jnp.ones((2, 64, 8))

params = jax.jit(jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P(None, SEQ)), out_specs=P()))(
    jax.random.key(0), x)
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))


def local_grads(params, x):
  loss, g = jax.value_and_grad(lambda p: jnp.mean(state.apply_fn(p, x) ** 2))(params)
  return jax.lax.pmean(loss, SEQ), jax.lax.pmean(g, SEQ)


@jax.jit
def train_step(state, x):
  loss, grads = jax.shard_map(local_grads, mesh=mesh, in_specs=(P(), P(None, SEQ)),
                              out_specs=(P(), P()))(state.params, x)
  return state.apply_gradients(grads=grads), loss


train_step.trace(state, x).lower(lowering_platforms=('cuda',))
print('lowered')
