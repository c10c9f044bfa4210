import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models.lru import SEQ, ChunkedLRU

mesh = Mesh(np.array(jax.devices()), (SEQ,))
model = ChunkedLRU(features=16)
seq_sharded = NamedSharding(mesh, P(None, SEQ))
x = jax.device_put(jnp.ones((2, 64, 8)), seq_sharded)

# let the compiler split the sequence: jit with the input already laid out over 'seq'
params = jax.jit(model.init)(jax.random.key(0), x)
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))


@jax.jit
def train_step(state, x):
  loss, grads = jax.value_and_grad(lambda p: jnp.mean(state.apply_fn(p, x) ** 2))(state.params)
  return state.apply_gradients(grads=grads), loss


train_step.trace(state, x).lower(lowering_platforms=('cuda',))
print('lowered')
