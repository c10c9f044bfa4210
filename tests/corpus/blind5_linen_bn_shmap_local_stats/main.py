import jax
import jax.numpy as jnp
import optax

from net import MLP
from step import TrainState, make_train_step

AXIS = 'data'
mesh = jax.make_mesh((jax.device_count(),), (AXIS,))
model = MLP()

variables = model.init(jax.random.key(0), jnp.ones((1, 32)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))

batch_sharding = jax.NamedSharding(mesh, jax.P(AXIS))
x = jax.ShapeDtypeStruct((16, 32), jnp.float32, sharding=batch_sharding)
y = jax.ShapeDtypeStruct((16,), jnp.int32, sharding=batch_sharding)
with jax.set_mesh(mesh):
  train_step = make_train_step(AXIS)
  train_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
