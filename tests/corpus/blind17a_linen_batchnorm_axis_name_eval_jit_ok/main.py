import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class ResBlock(nn.Module):
  filters: int

  @nn.compact
  def __call__(self, x, train: bool):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                             axis_name="batch")
    y = nn.Conv(self.filters, (3, 3))(x)
    y = nn.relu(norm()(y))
    y = nn.Conv(self.filters, (3, 3))(y)
    y = norm(scale_init=nn.initializers.zeros)(y)
    return nn.relu(x + y)


block = ResBlock(8)
x = jnp.ones((2, 8, 8, 8))
variables = jax.eval_shape(functools.partial(block.init, train=False), jax.random.key(0), x)


@jax.jit
def eval_step(variables, x):
  return block.apply(variables, x, train=False)


eval_step.trace(variables, x).lower(lowering_platforms=("cuda",))
