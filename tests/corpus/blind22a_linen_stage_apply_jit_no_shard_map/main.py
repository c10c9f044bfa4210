import jax
import jax.numpy as jnp

from model.layers import PipelineStage

model = PipelineStage(features=32)
x = jnp.ones((8, 32))
params = model.init(jax.random.key(0), x)


def forward(params, x):
  return model.apply(params, x)


forward = jax.jit(forward)

if __name__ == '__main__':
  forward.trace(params, x).lower(lowering_platforms=('cuda',))
