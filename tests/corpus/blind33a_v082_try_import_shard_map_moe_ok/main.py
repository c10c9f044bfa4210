import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:  # older JAX
    from jax.experimental.shard_map import shard_map


class Expert(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.w(x))


mesh = Mesh(jax.devices(), ("ep",))
expert = Expert(16, nnx.Rngs(0))
graphdef, params = nnx.split(expert)


@functools.partial(shard_map, mesh=mesh, in_specs=(P(), P("ep")), out_specs=P("ep"), check_vma=False)
def moe_dispatch(params, tokens):
    # tokens: (ep_local, n_experts, capacity, d) -> send each expert's slice to its owner
    routed = jax.lax.all_to_all(tokens, "ep", split_axis=1, concat_axis=1, tiled=True)
    out = nnx.merge(graphdef, params)(routed)
    return jax.lax.all_to_all(out, "ep", split_axis=1, concat_axis=1, tiled=True)


tokens = jnp.ones((4, 4, 8, 16))
print(jax.jit(moe_dispatch).trace(params, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
