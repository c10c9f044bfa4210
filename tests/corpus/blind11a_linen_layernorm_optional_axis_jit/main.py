import flax.linen as nn
import jax
import jax.numpy as jnp

from norm import SyncNorm


class Net(nn.Module):
  norm_axis: str | None = None

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(32)(x)
    x = SyncNorm(axis_name=self.norm_axis)(x)
    return nn.Dense(4)(nn.relu(x))


def main():
  net = Net()
  x = jnp.ones((16, 8))
  params = net.init(jax.random.key(0), x)
  jax.jit(net.apply).trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
