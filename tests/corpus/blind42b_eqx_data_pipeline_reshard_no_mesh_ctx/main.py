import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np

from pipeline.loader import ShardedLoader

mesh = jax.make_mesh((4,), ('data',))
model = eqx.nn.MLP(784, 10, 128, depth=2, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def accuracy(params, x, y):
  model = eqx.combine(params, static)
  return jnp.mean(jnp.argmax(jax.vmap(model)(x), -1) == y)


loader = ShardedLoader(np.zeros((256, 784), np.float32), np.zeros((256,), np.int32), 64, mesh)
for x, y in loader:
  print(accuracy.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
  break
