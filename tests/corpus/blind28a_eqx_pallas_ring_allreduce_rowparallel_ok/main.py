"""Row-parallel Equinox linear whose partial products are summed by a Pallas ring all-reduce."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring import ring_allreduce

TP = 4
D_IN, D_OUT, B = 512, 128, 8


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, key, axis_name="tp"):
        self.weight = jax.random.normal(key, (D_IN, D_OUT)) * 0.02
        self.axis_name = axis_name

    def __call__(self, x_block):
        partial_sum = x_block @ self.weight
        return ring_allreduce(partial_sum, axis_name=self.axis_name, num_devices=TP)


mesh = Mesh(jax.devices()[:TP], ("tp",))
layer = RowParallelLinear(jax.random.key(0))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("tp", None), P(None, "tp")),
                   out_specs=P(), check_vma=False)
def forward(layer, x):
    return layer(x)


x = jnp.ones((B, D_IN))
lowered = forward.trace(layer, x).lower(lowering_platforms=("tpu",))
print("lowered")
