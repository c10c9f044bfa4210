import jax
import jax.numpy as jnp

from model import Ensemble

model = Ensemble(num_members=4)
x = jnp.ones((8, 32))
variables = model.init(jax.random.key(0), x)


def predict(variables, x):
  return model.apply(variables, x)


print(jax.jit(predict).trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
