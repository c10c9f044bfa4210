"""Equinox row-parallel linear on the Pallas reduce-scatter matmul inside shard_map."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import reduce_scatter_matmul

TP = 4


class RowParallelLinear(eqx.Module):
    weight: jax.Array  # [d_out, d_in] with d_in sharded over 'tp'
    axis_name: str = eqx.field(static=True)
    tp_size: int = eqx.field(static=True)

    def __init__(self, d_in, d_out, tp_size, axis_name, *, key):
        self.weight = jax.random.normal(key, (d_out, d_in)) * d_in ** -0.5
        self.axis_name = axis_name
        self.tp_size = tp_size

    def __call__(self, x):
        return reduce_scatter_matmul(x, self.weight, self.axis_name, self.tp_size)


mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))
model = RowParallelLinear(TP * 128, 128, TP, "tp", key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
param_specs = jax.tree.map(lambda _: P(None, "tp"), params)


@eqx.filter_jit
def apply(params, x):
    def body(params, x):
        return eqx.combine(params, static)(x)

    return jax.shard_map(body, mesh=mesh, in_specs=(param_specs, P(None, "tp")), out_specs=P("tp", None),
                         check_vma=False)(params, x)


x = jnp.ones((256, TP * 128), jnp.float32)
jax.jit(apply).trace(params, x).lower(lowering_platforms=("tpu",))
