"""Flax NNX column-parallel linear whose all-gather is the ejkernel-style Pallas ring."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ag_kernel import all_gather_matmul

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))


class ColumnParallelLinear(nnx.Module):
    def __init__(self, d_in, d_out_local, *, rngs: nnx.Rngs):
        self.kernel = nnx.Param(jax.random.normal(rngs.params(), (d_in, d_out_local), jnp.bfloat16) * 0.02)

    def __call__(self, x):
        return all_gather_matmul(x, self.kernel[...], axis_name="tp", tp_size=TP)


model = ColumnParallelLinear(256, 128, rngs=nnx.Rngs(0))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("tp", None)), out_specs=P(None, "tp"), check_vma=False)
def forward(model, x):
    return model(x)


x = jnp.ones((TP * 32, 256), jnp.bfloat16)
forward.trace(model, x).lower(lowering_platforms=("tpu",))
