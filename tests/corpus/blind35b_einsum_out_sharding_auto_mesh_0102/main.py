import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import mlp_lib as ml

auto_mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


def mlp(x, w1, w2):
    return ml.row_parallel(jax.nn.relu(ml.column_parallel(x, w1)), w2)


with jax.set_mesh(auto_mesh):
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(auto_mesh, P("data", None)))
    w1 = jax.device_put(jnp.ones((16, 32)), NamedSharding(auto_mesh, P(None, "model")))
    w2 = jax.device_put(jnp.ones((32, 16)), NamedSharding(auto_mesh, P("model", None)))
    print(jax.jit(mlp).trace(x, w1, w2).lower(lowering_platforms=("cuda",)).as_text()[:30])
