import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P, AxisType

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"))


class MlpBlock(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.with_logical_constraint(x, ("batch", "embed"))
        h = nn.Dense(64, kernel_init=nn.with_logical_partitioning(
            nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        h = nn.with_logical_constraint(nn.relu(h), ("batch", "mlp"))
        return nn.Dense(32)(h)


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
model = MlpBlock()
x = jnp.ones((8, 32))
params = model.init(jax.random.key(0), x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data"),
                   axis_names={"data"})
def per_host_forward(params, x):
    return model.apply(params, x)


with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    print(per_host_forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
