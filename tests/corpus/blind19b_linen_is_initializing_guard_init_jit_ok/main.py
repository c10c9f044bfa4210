import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class CrossReplicaCenter(nn.Module):
    axis_name: str = "data"

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(32)(x)
        mean = x.mean(0, keepdims=True)
        if not self.is_initializing():
            mean = lax.pmean(mean, self.axis_name)
        return x - mean


model = CrossReplicaCenter()
x = jnp.ones((16, 8))
params = jax.jit(model.init)(jax.random.key(0), x)

mesh = Mesh(np.array(jax.devices()), ("data",))
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data")))
fwd.trace(params, x).lower(lowering_platforms=("cuda",))
