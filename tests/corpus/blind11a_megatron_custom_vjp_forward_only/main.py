import flax.linen as nn
import jax
import jax.numpy as jnp

from tp_ops import copy_to_tp_region


class ColumnParallelDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    x = copy_to_tp_region(x)
    return nn.Dense(self.features)(x)


class Head(nn.Module):

  @nn.compact
  def __call__(self, x):
    return ColumnParallelDense(64)(nn.LayerNorm()(x))


def main():
  model = Head()
  x = jnp.ones((4, 32))
  params = model.init(jax.random.key(0), x)
  predict = jax.jit(model.apply)
  predict.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
