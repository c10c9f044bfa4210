import functools

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

RULES = (("batch", "data"), ("hidden", "model"), ("embed", None))


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = jax.nn.relu(nn.Dense(self.depth, use_bias=False)(x))
        y = nn.with_logical_constraint(y, ("batch", "hidden"))
        z = nn.Dense(x.shape[-1], use_bias=False)(y)
        return nn.with_logical_constraint(z, ("batch", "embed"))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = DotReluDot(depth=64)
x = jnp.ones((8, 32))
params = jax.eval_shape(functools.partial(model.init, jax.random.PRNGKey(0)), x[:2])


# moved the data parallelism to an explicit shard_map, kept the module's constraints
@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data"))
def forward(params, x):
    with nn.logical_axis_rules(RULES):
        return model.apply(params, x)


with jax.set_mesh(mesh):
    lowered = forward.trace(params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])
