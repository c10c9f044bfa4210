import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Stage(nn.Module):

  @nn.compact
  def __call__(self, x):
    return nn.gelu(nn.Dense(16)(x))


def send_forward(h, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(h, 'stage', perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', perm)


def main():
  n = jax.local_device_count()
  stage = Stage()
  x = jnp.ones((2, 16))
  params = jax.vmap(lambda k: stage.init(k, x))(jax.random.split(jax.random.key(0), n))

  def run(params, x):
    h = x
    for _ in range(n - 1):
      h = send_forward(stage.apply(params, h), n)
    return stage.apply(params, h)

  step = jax.jit(jax.pmap(run, axis_name='stage'))
  xs = jnp.ones((n, 2, 16))
  step.trace(params, xs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
