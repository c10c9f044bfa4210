import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import build_stack

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "mp"))
blocks = build_stack(3, 16, jax.random.key(0))
params, static = eqx.partition(blocks, eqx.is_array)
param_specs = jax.tree.map(lambda _: P("mp", None), params)


def apply_blocks(params, x):
    stack = eqx.combine(params, static)
    for blk in stack:
        x = blk(x)
    return x


@eqx.filter_jit
def forward(params, x):
    return jax.shard_map(
        apply_blocks, mesh=mesh,
        in_specs=(param_specs, P("dp", None)), out_specs=P("dp", None),
        check_vma=False,
    )(params, x)


x = jnp.ones((8, 16))
print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
