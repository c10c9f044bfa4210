"""Equinox row-parallel linear on the Pallas reduce-scatter matmul, jitted without shard_map."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from rs_kernel import reduce_scatter_matmul


class RowParallelLinear(eqx.Module):
    weight: jax.Array  # [d_out, d_in_local]
    axis_name: str = eqx.field(static=True)
    tp_size: int = eqx.field(static=True)

    def __init__(self, d_in_local, d_out, tp_size, axis_name, *, key):
        self.weight = jax.random.normal(key, (d_out, d_in_local)) * d_in_local ** -0.5
        self.axis_name = axis_name
        self.tp_size = tp_size

    def __call__(self, x):
        return reduce_scatter_matmul(x, self.weight, self.axis_name, self.tp_size)


@eqx.filter_jit
def apply(model, x):
    return model(x)


mesh = Mesh(np.array(jax.devices()), ("tp",))
model = RowParallelLinear(512, 128, tp_size=4, axis_name="tp", key=jax.random.key(0))
model = eqx.tree_at(lambda m: m.weight, model, jax.device_put(model.weight, NamedSharding(mesh, P(None, "tp"))))
x = jax.device_put(jnp.ones((256, 512)), NamedSharding(mesh, P(None, "tp")))
jax.jit(lambda m, x: apply(m, x)).trace(model, x).lower(lowering_platforms=("tpu",))
