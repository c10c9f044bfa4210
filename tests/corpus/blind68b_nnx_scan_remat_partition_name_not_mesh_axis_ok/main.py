import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import train

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))

with mesh:
  model = train.create_sharded_model(256, 4)
  optimizer = train.make_optimizer(model)

  data_sharding = NamedSharding(mesh, P('data', None))
  x = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=data_sharding)
  y = jax.ShapeDtypeStruct((16, 256), jnp.float32, sharding=data_sharding)
  train.train_step.trace(model, optimizer, x, y).lower(
      lowering_platforms=('tpu',))
