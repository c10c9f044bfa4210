import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import layers

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))

# Written for the older guide, where variables stayed unsharded until
# create_sharded_model() constrained them inside nnx.jit.
with mesh:
  model = layers.make_model()


@nnx.jit
def forward(model, x):
  return model(x)


x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P('data', None)))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
