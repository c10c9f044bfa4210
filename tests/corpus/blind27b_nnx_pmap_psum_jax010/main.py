import jax
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def normalized_forward(state, x):
  out = nnx.merge(graphdef, state)(x)
  total = jax.lax.psum(jnp.sum(out ** 2), 'i')
  return out / jnp.sqrt(total)


p_forward = jax.pmap(normalized_forward, axis_name='i', in_axes=(None, 0))

n = jax.local_device_count()
batch = jnp.ones((n * 4, 4)).reshape(n, 4, 4)
f = jax.jit(p_forward)
print(f.trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:20])
