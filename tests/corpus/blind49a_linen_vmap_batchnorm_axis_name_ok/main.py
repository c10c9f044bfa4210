import jax
import jax.numpy as jnp

from model import BatchedNet

model = BatchedNet()
x = jnp.ones((16, 8))
variables = model.init(jax.random.key(0), x, False)


def train_forward(variables, x):
  y, updates = model.apply(variables, x, True, mutable=['batch_stats'])
  return y.mean(), updates


print(jax.jit(train_forward).trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
