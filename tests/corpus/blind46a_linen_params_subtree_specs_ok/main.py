from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nn.Module):
    hidden: int = 256

    @nn.compact
    def __call__(self, x):
        ki = nn.linear.default_kernel_init
        h = nn.Dense(self.hidden, use_bias=False, kernel_init=nn.with_partitioning(ki, (None, "model")))(x)
        return nn.Dense(x.shape[-1], use_bias=False, kernel_init=nn.with_partitioning(ki, ("model", None)))(nn.relu(h))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
mlp = MLP()
x = jnp.ones((16, 64))
variables = mlp.init(jax.random.key(0), x)
var_spec = nn.get_partition_spec(variables)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(var_spec["params"], P("data", None)), out_specs=P("data", None))
def apply_local(p, x):
    h = nn.relu(x @ p["Dense_0"]["kernel"])
    return jax.lax.psum(h @ p["Dense_1"]["kernel"], "model")


params = nn.unbox(variables)["params"]
print(apply_local.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
