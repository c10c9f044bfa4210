"""Linen model with logical constraints, ported to `jax.make_mesh` + `jax.set_mesh` (the
deprecation warning for `with mesh:` suggested set_mesh)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType

RULES = [("batch", "data"), ("hidden", "model"), ("embed", None)]


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.depth, use_bias=False,
                     kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("embed", "hidden")))(x)
        y = nn.relu(y)
        y = nn.with_logical_constraint(y, ("batch", "hidden"))
        w2 = self.param("W2", nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("hidden", "embed")),
                        (self.depth, x.shape[-1]))
        return jnp.dot(y, w2)


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = DotReluDot(64)
x = jnp.ones((8, 32))

with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    params = model.init(jax.random.PRNGKey(0), x)
    params = nn.unbox(params)

    def forward(params, x):
        return model.apply(params, x)

    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
