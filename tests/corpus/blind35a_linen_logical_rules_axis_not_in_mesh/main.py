import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import config


class MlpBlock(nn.Module):
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(
            self.mlp_dim,
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")),
            name="wi",
        )(x)
        h = nn.gelu(h)
        return nn.Dense(
            x.shape[-1],
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")),
            name="wo",
        )(h)


mesh = Mesh(np.asarray(jax.devices()).reshape(config.MESH_SHAPE), config.MESH_AXES)
model = MlpBlock(64)
x = jnp.ones((8, 16))

abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
specs = nn.get_partition_spec(abstract)
shardings = nn.logical_to_mesh_sharding(specs, mesh, config.LOGICAL_AXIS_RULES)

init = jax.jit(model.init, out_shardings=shardings)
init.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("cuda",))
print("ok")
