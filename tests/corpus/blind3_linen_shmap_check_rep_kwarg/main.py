import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from trainer import make_train_step

mesh = Mesh(np.array(jax.devices()), ('data',))
tx = optax.sgd(0.1, momentum=0.9)
train_step, model = make_train_step(mesh, tx)

variables = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((1, 8, 8, 3)))
params, batch_stats = variables['params'], variables['batch_stats']
opt_state = jax.eval_shape(tx.init, params)
images = jax.ShapeDtypeStruct((16, 8, 8, 3), jnp.float32)
labels = jax.ShapeDtypeStruct((16,), jnp.int32)
train_step.trace(params, batch_stats, opt_state, images, labels).lower(lowering_platforms=('cuda',))
