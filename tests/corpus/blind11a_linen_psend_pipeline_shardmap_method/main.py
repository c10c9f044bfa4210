import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from pipeline import Pipeline


class Block(nn.Module):
  width: int = 32

  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(self.width)(nn.relu(nn.Dense(self.width * 2)(x)))


def main():
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  block = Block()
  x = jnp.ones((4, 32))
  keys = jax.random.split(jax.random.key(0), 4)
  stacked = jax.vmap(lambda k: block.init(k, x))(keys)
  pipe = Pipeline(block, mesh)
  jax.jit(pipe).trace(stacked, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
