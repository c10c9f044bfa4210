import jax
import jax.numpy as jnp

FWD = [(0, 1), (1, 2), (2, 3)]


@jax.jit
def pipeline_step(w, x):
  y = jnp.tanh(x @ w)
  tok = jax.lax.psend(y, 'stage', FWD)
  return jax.lax.precv(tok, y, 'stage', FWD)


w = jnp.ones((32, 32))
x = jnp.ones((8, 32))
print(pipeline_step.trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
