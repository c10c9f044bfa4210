import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from partitioning import logical_to_spec, P


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(nn.relu(nn.Dense(32)(x)))


model = MLP()
mesh = Mesh(np.array(jax.devices()), ("data",))
x = jnp.ones((8, 16))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)


def loss(params, x):
    return jax.lax.pmean(jnp.mean(model.apply(params, x) ** 2), "data")


loss = jax.shard_map(loss, mesh=mesh, in_specs=(P(), logical_to_spec(("batch", "embed"))),
                     out_specs=P())
lowered = jax.jit(loss).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
