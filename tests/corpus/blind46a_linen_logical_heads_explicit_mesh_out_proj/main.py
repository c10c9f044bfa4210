import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

from attention import SelfAttention

# 'kv' and 'norm' are deliberately not listed: they stay replicated.
RULES = [("batch", "data"), ("heads", "model"), ("embed", None)]

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
model = SelfAttention()
x = jnp.ones((4, 8, 32))

abstract = jax.eval_shape(model.init, jax.random.key(0), x)
logical = nn.get_partition_spec(abstract)
mesh_axes = nn.logical_to_mesh(logical, RULES)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), mesh_axes,
                         is_leaf=lambda s: isinstance(s, P))
x_sharding = NamedSharding(mesh, nn.logical_to_mesh_axes(("batch", None, None), RULES))


@jax.jit
def forward(variables, x):
    return model.apply(variables, x)


variables = jax.device_put(nn.unbox(model.init(jax.random.key(0), x)), shardings)
x = jax.device_put(x, x_sharding)
with jax.set_mesh(mesh):
    print(forward.trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
