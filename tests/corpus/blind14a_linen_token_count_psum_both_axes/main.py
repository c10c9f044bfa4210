import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from lm import TPMLP, make_loss_fn

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = TPMLP(hidden_local=32, vocab=100)

specs = {'up': {'kernel': P(None, 'model'), 'bias': P('model')},
         'down': {'kernel': P('model', None)}}
params = {'up': {'kernel': jnp.zeros((16, 64)), 'bias': jnp.zeros((64,))},
          'down': {'kernel': jnp.zeros((64, 100))}}

loss = make_loss_fn(model, mesh, specs)
x = jnp.ones((8, 16))
targets = jnp.zeros((8,), jnp.int32)
mask = jnp.ones((8,))
loss.trace(params, x, targets, mask).lower(lowering_platforms=('cuda',))
