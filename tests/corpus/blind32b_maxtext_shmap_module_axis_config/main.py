import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import config
from layers.attention import Attention

devices = np.array(jax.devices()).reshape(config.ICI_PARALLELISM)
mesh = Mesh(devices, config.MESH_AXES)
model = Attention(mesh=mesh)
x = jax.device_put(jnp.ones((4, 32, 64)), NamedSharding(mesh, P(*config.MESH_AXES)))

lowered = jax.jit(model.init).trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:10])
