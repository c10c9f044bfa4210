import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from model import Encoder

RULES = (('batch', 'data'), ('length', None), ('embed', None), ('mlp', 'model'))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Encoder()
tx = optax.adamw(1e-3)


def init_fn(rng, x):
  params = model.init(rng, x)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({'params': params}, x)
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  x = jnp.ones((8, 16, 32))
  with mesh, nn.logical_axis_rules(RULES):
    abstract_state = jax.eval_shape(init_fn, jax.random.key(0), x)
    logical_specs = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_specs, mesh, RULES)
    x_sharding = jax.sharding.NamedSharding(mesh, P('data', None, None))
    jit_init = jax.jit(init_fn, in_shardings=(None, x_sharding), out_shardings=state_sharding)
    jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding, x_sharding),
                       out_shardings=(state_sharding, None), donate_argnums=0)
    jit_init.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',))
    jit_step.trace(abstract_state, x, x).lower(lowering_platforms=('cuda',))
