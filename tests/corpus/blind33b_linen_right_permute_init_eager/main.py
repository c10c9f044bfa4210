from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from kernels.permute import right_permute

N = 4


class ShiftedProjection(nn.Module):
    features: int
    axis_name: str = "ring"

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features, use_bias=False)(x)
        return right_permute(h, axis_name=self.axis_name, num_devices=N)


mesh = Mesh(np.array(jax.devices()[:N]), ("ring",))
model = ShiftedProjection(features=128)
x = jnp.ones((N * 8, 128), jnp.float32)
params = model.init(jax.random.PRNGKey(0), x[:8])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"), check_vma=False)
def forward(params, x):
    return model.apply(params, x)


print(forward.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:60])
