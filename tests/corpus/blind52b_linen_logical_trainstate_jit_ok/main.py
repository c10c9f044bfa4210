import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import LogicalMLP
from train import init_fn, make_train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None), ('layer', None))

BATCH, LAYERS, DEPTH, DIM = 8, 4, 1024, 16
model = LogicalMLP(LAYERS, DEPTH, use_scan=True)
optimizer = optax.adam(learning_rate=0.001)

k = jax.random.key(0)
x = jax.random.normal(jax.random.key(1), (BATCH, DIM))
x_sharding = NamedSharding(mesh, P('data', None))

with jax.set_mesh(mesh), nn.logical_axis_rules(rules):
  abstract_state = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_state_spec = nn.get_partition_spec(abstract_state)
  state_sharding = nn.logical_to_mesh_sharding(logical_state_spec, mesh, rules)

  jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                        in_shardings=(NamedSharding(mesh, P()), x_sharding),
                        out_shardings=state_sharding)
  state = jit_init_fn(k, x, model, optimizer)

  train_step = make_train_step(model, state_sharding, x_sharding)
  print(train_step.trace(state, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
