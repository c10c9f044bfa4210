import jax
import jax.numpy as jnp

from model import Ensemble

model = Ensemble()
x = jnp.ones((32, 16))


@jax.jit
def init_and_forward(rng, x):
  variables = model.init(rng, x)
  (_, mean_logits), updates = model.apply(variables, x, mutable=['batch_stats'])
  return mean_logits, updates


print(init_and_forward.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])
