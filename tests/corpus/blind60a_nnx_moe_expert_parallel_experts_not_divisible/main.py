from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from moe import EP_AXIS, MoEFFN

NUM_EXPERTS = 6
mesh = jax.make_mesh((4,), (EP_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))

moe = MoEFFN(256, 512, NUM_EXPERTS, capacity=16, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(moe, nnx.Param)

# router replicated; expert weights split over the expert axis
param_specs = nnx.State({
    'router': {'kernel': P()},
    'w_in': P(EP_AXIS),
    'w_out': P(EP_AXIS),
})


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P(EP_AXIS)), out_specs=P(EP_AXIS))
def moe_forward(params, tokens):
  layer = nnx.merge(graphdef, params)
  return layer(tokens)


def main():
  tokens = jax.ShapeDtypeStruct((4 * 64, 256), jnp.float32)
  moe_forward.trace(params, tokens).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
