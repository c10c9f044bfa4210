import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mylib.model import LogicalMLP
from mylib.train import init_fn, train_step

LOGICAL_RULES = {
    'batch': 'data',
    'hidden': 'tensor',
    'embed': None,
}
rules = tuple(LOGICAL_RULES.items())
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))

model = LogicalMLP(num_layers=4, depth=1024)
optimizer = optax.adam(1e-3)
x = jnp.ones((8, 1024))
k = jax.random.key(0)

with mesh, nn.logical_axis_rules(rules):
  abstract = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_spec = nn.get_partition_spec(abstract)
  state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)
  x_sharding = NamedSharding(mesh, P('data', None))
  jit_init = jax.jit(init_fn, static_argnums=(2, 3),
                     in_shardings=(NamedSharding(mesh, P()), x_sharding),
                     out_shardings=state_sharding)
  jit_init.trace(k, x, model, optimizer).lower(lowering_platforms=('cuda',))
  step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                 out_shardings=state_sharding)
  step.trace(abstract, x).lower(lowering_platforms=('cuda',))
