import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mt.model import Tower
from mt.train import init_fn, train_step

rules = (('batch', 'data'), ('mlp', 'model'), ('embed', None))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Tower(depth=128, layers=3)
optimizer = optax.sgd(0.1)
x = jnp.ones((16, 128))
key = jax.random.key(0)

with mesh, nn.logical_axis_rules(rules):
  abstract = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), key, x)
  state_spec = nn.get_partition_spec(abstract)
  state_sharding = nn.logical_to_mesh_sharding(state_spec, mesh, rules)
  x_sharding = NamedSharding(mesh, P('data', None))
  init = jax.jit(init_fn, static_argnums=(2, 3),
                 in_shardings=(NamedSharding(mesh, P()), x_sharding),
                 out_shardings=state_sharding)
  init.trace(key, x, model, optimizer).lower(lowering_platforms=('cuda',))
  step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                 out_shardings=state_sharding)
  step.trace(abstract, x).lower(lowering_platforms=('cuda',))
