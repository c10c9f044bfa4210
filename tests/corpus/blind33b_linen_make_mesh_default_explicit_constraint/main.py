import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = [("batch", "data"), ("mlp", "model"), ("embed", None)]


class MlpBlock(nn.Module):
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        h = nn.Dense(self.mlp_dim, kernel_init=nn.with_logical_partitioning(
            nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        h = nn.with_logical_constraint(nn.relu(h), ("batch", "mlp"))
        return nn.Dense(d, kernel_init=nn.with_logical_partitioning(
            nn.initializers.lecun_normal(), ("mlp", "embed")))(h)


mesh = jax.make_mesh((2, 2), ("data", "model"))
model = MlpBlock(mlp_dim=64)
x = jnp.ones((8, 16))

with nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(functools.partial(model.init, jax.random.PRNGKey(0)), x)
    specs = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(specs, mesh, RULES)


@functools.partial(jax.jit, in_shardings=(shardings, NamedSharding(mesh, P("data"))))
def apply(params, x):
    with nn.logical_axis_rules(RULES):
        return model.apply(params, x)


with jax.set_mesh(mesh):
    print(apply.trace(abstract, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
