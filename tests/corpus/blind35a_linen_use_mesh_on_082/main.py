import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

RULES = (("batch", "data"), ("embed", None))


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(32)(x)
        x = nn.with_logical_constraint(x, ("batch", "embed"))
        return nn.LayerNorm()(x)


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = Encoder()
x = jnp.ones((8, 16))
params = model.init(jax.random.PRNGKey(0), x)

with jax.sharding.use_mesh(mesh), nn.logical_axis_rules(RULES):
    jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
