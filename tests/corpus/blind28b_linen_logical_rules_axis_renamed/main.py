"""Linen logical partitioning: the rules table comes from a config written for a ('data', 'tensor') mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = [
    ("batch", "data"),
    ("embed", None),
    ("mlp", "tensor"),
]

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class MlpBlock(nn.Module):
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        wi = self.param("wi", nn.with_logical_partitioning(nn.initializers.xavier_uniform(), ("embed", "mlp")),
                        (d, self.mlp_dim))
        wo = self.param("wo", nn.with_logical_partitioning(nn.initializers.xavier_uniform(), ("mlp", "embed")),
                        (self.mlp_dim, d))
        h = nn.relu(x @ wi)
        h = nn.with_logical_constraint(h, ("batch", "mlp"))
        return h @ wo


model = MlpBlock(mlp_dim=64)
x = jnp.ones((8, 32))

abstract = jax.eval_shape(functools.partial(model.init, jax.random.key(0)), x)
logical_specs = nn.get_partition_spec(abstract)
shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_AXIS_RULES)


@functools.partial(jax.jit, out_shardings=shardings)
def init(key, x):
    return model.init(key, x)


with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    lowered = init.trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
