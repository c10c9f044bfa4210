import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh

from model import LogicalMLP

rules = (('batch', 'data'), ('hidden', 'model'))


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=optimizer)


def main():
  mesh = Mesh(devices=np.array(jax.devices()).reshape(2, 2), axis_names=('data', 'model'))
  model = LogicalMLP(num_layers=4, depth=1024)
  optimizer = optax.adam(learning_rate=1e-3)
  x = jnp.ones((8, 1024))
  k = jax.random.key(0)

  with jax.set_mesh(mesh), nn.logical_axis_rules(rules):
    abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
    logical_spec = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)
    jit_init = jax.jit(init_fn, static_argnums=(2, 3), out_shardings=state_sharding)
    jit_init.trace(k, x, model, optimizer).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
