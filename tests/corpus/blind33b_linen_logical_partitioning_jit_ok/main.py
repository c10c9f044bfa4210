"""Flax Linen logical axis annotations (flax 'Scale up on multiple devices' guide)."""
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
        W1 = self.param(
            "W1",
            nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("embed", "hidden")),
            (x.shape[-1], self.depth),
        )
        y = jax.nn.relu(x @ W1)
        y = nn.with_logical_constraint(y, ("batch", "hidden"))
        W2 = self.param(
            "W2",
            nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("hidden", "embed")),
            (self.depth, x.shape[-1]),
        )
        z = y @ W2
        return nn.with_logical_constraint(z, ("batch", "embed"))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = DotReluDot(depth=64)
x = jnp.ones((8, 32))

abstract = jax.eval_shape(functools.partial(model.init, jax.random.PRNGKey(0)), x)
logical_spec = nn.get_partition_spec(abstract)
param_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
x_sharding = nn.logical_to_mesh_sharding(P("batch", "embed"), mesh, RULES)


@functools.partial(jax.jit, in_shardings=(param_sharding, x_sharding))
def forward(params, x):
    with nn.logical_axis_rules(RULES):
        return model.apply(params, x)


with mesh:
    lowered = forward.trace(abstract, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:30])
