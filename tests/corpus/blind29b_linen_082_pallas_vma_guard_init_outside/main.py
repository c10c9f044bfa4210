import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from kernels import ppermute_right

AXIS = "ring"


class RingMixer(nn.Module):
    axis_name: str = AXIS

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(128)(x)
        return h + ppermute_right(h, self.axis_name)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = RingMixer()
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), jnp.ones((8, 128)))

sharded_apply = jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P(AXIS)),
                              out_specs=P(AXIS))
x = jnp.ones((32, 128), jnp.float32)
lowered = jax.jit(sharded_apply).trace(params, x).lower(lowering_platforms=("tpu",))
print("lowered")
