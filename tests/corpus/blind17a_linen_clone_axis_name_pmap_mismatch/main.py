import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class SmallResNet(nn.Module):
  axis_name: str = "batch"

  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name=self.axis_name)(x)
    x = nn.relu(x)
    return nn.Dense(10)(x.mean((1, 2)))


base = SmallResNet()
x = jnp.ones((4, 2, 8, 8, 3))
variables = base.init(jax.random.key(0), x[0], train=False)
model = base.clone(axis_name="devices")


@functools.partial(jax.pmap, axis_name="batch")
def train_forward(variables, x):
  logits, new_state = model.apply(variables, x, train=True, mutable=["batch_stats"])
  return logits, new_state


rep = jax.tree.map(lambda a: jnp.stack([a] * 4), variables)
jax.jit(train_forward).trace(rep, x).lower(lowering_platforms=("cuda",))
