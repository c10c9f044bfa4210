import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from gnn import ChainGNN

AXIS = 'nodes'
N = jax.device_count()
mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = ChainGNN(16, 3, depth=2, axis=AXIS, n_parts=N, key=jax.random.key(0))
optim = optax.adam(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


def loss_fn(model, h, y):
  logits = model(h)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit
def train_step(model, opt_state, h, y):
  params, static = eqx.partition(model, eqx.is_array)

  def local(params, h, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(eqx.combine(params, static), h, y)
    return lax.pmean(loss, AXIS), lax.pmean(grads, AXIS)

  loss, grads = jax.shard_map(local, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                              out_specs=(P(), P()))(params, h, y)
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(model, updates), opt_state, loss


h = jnp.ones((N * 25, 16))
y = jnp.zeros((N * 25,), jnp.int32)
params, static = eqx.partition(model, eqx.is_array)
entry = jax.jit(lambda p, o, h, y: train_step(eqx.combine(p, static), o, h, y)[2])
entry.trace(params, opt_state, h, y).lower(lowering_platforms=('cuda',))
print('gnn step lowered')
