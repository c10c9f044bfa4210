import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from hparams import NUM_MICROBATCHES, NUM_STAGES, STAGE_AXIS


class Layer(nn.Module):

  @nn.compact
  def __call__(self, x):
    return jnp.tanh(nn.Dense(16)(x))


def shift_right(x):
  perm = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]
  return lax.ppermute(x, STAGE_AXIS, perm)


def main():
  mesh = Mesh(np.array(jax.devices()), (STAGE_AXIS,))
  layer = Layer()
  x = jnp.ones((NUM_MICROBATCHES, 2, 16))
  params = layer.init(jax.random.key(0), x[0])

  def stage_fn(params, inputs):
    state = jnp.zeros_like(inputs[0])
    outs = []
    for t in range(NUM_MICROBATCHES):
      state = layer.apply(params, jnp.where(lax.axis_index(STAGE_AXIS) == 0, inputs[t], state))
      outs.append(state)
      state = shift_right(state)
    return jnp.stack(outs)

  f = jax.jit(jax.shard_map(stage_fn, mesh=mesh, in_specs=(P(), P()), out_specs=P(STAGE_AXIS),
                            check_vma=False))
  f.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
