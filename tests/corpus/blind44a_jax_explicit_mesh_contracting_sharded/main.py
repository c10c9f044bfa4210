import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('a', 'b'))
jax.set_mesh(mesh)

x = jax.device_put(np.arange(8 * 16, dtype=np.float32).reshape(8, 16), P('a', 'b'))
w = jax.device_put(np.ones((16, 4), dtype=np.float32), P('b', None))
b = jax.device_put(np.zeros((4,), dtype=np.float32), P())


@jax.jit
def layer(x, w, b):
  y = x @ w
  return jnp.tanh(y + b)


print(jax.typeof(x))
print(layer.trace(x, w, b).lower(lowering_platforms=('cuda',)).as_text()[:40])
