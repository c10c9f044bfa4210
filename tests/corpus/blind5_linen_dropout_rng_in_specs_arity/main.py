import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh

from model import Classifier
from train_lib import compile_train_step

mesh = Mesh(np.array(jax.devices()), ('data',))
model = Classifier()
params = model.init(jax.random.key(0), jnp.ones((1, 28)), train=False)['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))

batch = {'x': jnp.zeros((32, 28)), 'y': jnp.zeros((32,), jnp.int32)}
p_train_step = compile_train_step(mesh)
p_train_step.trace(state, batch, jax.random.key(1)).lower(lowering_platforms=("cuda",))
