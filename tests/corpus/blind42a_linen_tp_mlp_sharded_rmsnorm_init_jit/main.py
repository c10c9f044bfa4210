import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from tp.layers import TPMLP

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
TP = mesh.shape['model']
model = TPMLP(d_model=32, d_ff_local=128 // TP)

param_specs = {'params': {
    'up': {'kernel': P(None, 'model'), 'bias': P('model')},
    'norm': {'scale': P('model')},
    'down': {'kernel': P('model', None)},
    'out_bias': P(),
}}


def grads_local(params, x, y):
  def loss_fn(params):
    return jnp.mean((model.apply(params, x) - y) ** 2)
  loss, g = jax.value_and_grad(loss_fn)(params)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(g, 'data')


grads_fn = jax.shard_map(grads_local, mesh=mesh, in_specs=(param_specs, P('data'), P('data')),
                         out_specs=(P(), param_specs))


@jax.jit
def train_step(state, x, y):
  loss, grads = grads_fn(state.params, x, y)
  return state.apply_gradients(grads=grads), loss


x = jnp.ones((8, 32))
y = jnp.zeros((8, 32))
# create the (local-shape) parameters once, then lay them out over the mesh
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs)
params = jax.jit(model.init, out_shardings=shardings)(jax.random.key(0), x)
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(1e-3))
train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
