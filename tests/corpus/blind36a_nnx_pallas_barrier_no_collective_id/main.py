import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from comm_kernels import AXIS, exchange

mesh = jax.make_mesh((4,), (AXIS,), axis_types=(AxisType.Auto,))


class Residual(nnx.Module):
    def __init__(self, d, rngs):
        self.linear = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return x + self.linear(x)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS), check_vma=False)
def block_with_exchange(model, x):
    return exchange(model(x))


model = Residual(128, nnx.Rngs(0))
print(nnx.jit(block_with_exchange).trace(model, jnp.ones((64, 128)))
      .lower(lowering_platforms=("tpu",)).lowered.as_text()[:20])
