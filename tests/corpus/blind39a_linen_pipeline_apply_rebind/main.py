import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()).reshape(N_STAGES), ("pp",))


class StageMLP(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        return nn.relu(x)


def ppermute_p2p(x, axis_name):
    fwd = [(s, s + 1) for s in range(N_STAGES - 1)]
    tok = jax.lax.psend(x, axis_name, fwd)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, fwd)


model = StageMLP(features=64)


def step(params, x):
    y = model.apply({"params": params}, x)
    return ppermute_p2p(y, "pp")


params = model.init(jax.random.key(0), jnp.ones((2, 64)))["params"]
step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"))
step = jax.jit(step)

x = jnp.zeros((8, 64))
print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:100])
