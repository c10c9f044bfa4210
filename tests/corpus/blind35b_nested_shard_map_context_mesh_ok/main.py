import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from tp import make_tp_matmul

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
tp_matmul = make_tp_matmul()


@jax.jit
def forward(x, w):
    def per_data(x, w):
        return tp_matmul(x, w)
    return jax.shard_map(per_data, mesh=mesh, in_specs=(P("data", None), P()),
                         out_specs=P("data"), axis_names={"data"})(x, w)


with jax.set_mesh(mesh):
    x = jnp.ones((8, 16))
    w = jnp.ones((16, 4))
    print(forward.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:30])
