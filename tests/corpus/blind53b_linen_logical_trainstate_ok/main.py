import jax
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from model import MLP
from train import RULES, init_fn, state_shardings, make_train_step

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
x_sharding = NamedSharding(mesh, PartitionSpec('data', None))

model = MLP(num_layers=4, depth=64)
optimizer = optax.adam(learning_rate=1e-3)
k = jax.random.key(0)
x = jax.device_put(jax.random.normal(jax.random.key(1), (8, 32)), x_sharding)

state_sharding = state_shardings(model, optimizer, mesh, k, x)
jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                      in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                      out_shardings=state_sharding)

with mesh, nn.logical_axis_rules(RULES):
  state = jit_init_fn(k, x, model, optimizer)
  train_step = make_train_step(model, state_sharding, x_sharding)
  lowered = train_step.trace(state, x).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
