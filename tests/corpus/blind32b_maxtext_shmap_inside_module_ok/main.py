import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers.attention import Attention

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'context'))
model = Attention(mesh=mesh)
x = jax.device_put(jnp.ones((4, 32, 64)), NamedSharding(mesh, P('data', 'context')))

params = jax.jit(model.init)(jax.random.PRNGKey(0), x)
lowered = jax.jit(model.apply).trace(params, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:10])
