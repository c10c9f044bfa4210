import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe import MoELayer

EXPERT_AXIS = 'expert'


def main():
  mesh = Mesh(np.array(jax.devices()), (EXPERT_AXIS,))
  n = mesh.shape[EXPERT_AXIS]
  layer = MoELayer(num_experts=n, capacity=4, expert_axis=EXPERT_AXIS)
  tokens = jnp.ones((32, 16))

  def init_fn(key, x):
    return layer.init(key, x)

  params = jax.eval_shape(jax.shard_map(init_fn, mesh=mesh, in_specs=(P(), P(EXPERT_AXIS)),
                                        out_specs=P(), check_vma=False),
                          jax.random.key(0), tokens)

  def fwd(params, x):
    return layer.apply(params, x)

  fwd = jax.shard_map(fwd, mesh=mesh, in_specs=(P(), P(EXPERT_AXIS)), out_specs=P(EXPERT_AXIS))
  fwd = jax.jit(fwd)
  fwd.trace(params, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
