"""Expert parallelism: each device builds its own expert inside shard_map (per-device init,
key folded with the device index). The expert layers keep their GSPMD annotations."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class Expert(nnx.Module):
    def __init__(self, d, ff, rngs):
        init = nnx.initializers.lecun_normal()
        self.wi = nnx.Linear(d, ff, use_bias=False, rngs=rngs, kernel_init=nnx.with_partitioning(init, ("embed", "mlp")))
        self.wo = nnx.Linear(ff, d, use_bias=False, rngs=rngs, kernel_init=nnx.with_partitioning(init, ("mlp", "embed")))

    def __call__(self, x):
        return self.wo(jax.nn.silu(self.wi(x)))


mesh = jax.make_mesh((4,), ("expert",), axis_types=(AxisType.Explicit,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("expert")), out_specs=P("expert"))
def init_and_apply(key, tokens):
    key = jax.random.fold_in(key, jax.lax.axis_index("expert"))
    expert = Expert(32, 64, rngs=nnx.Rngs(key))
    return expert(tokens)


with jax.set_mesh(mesh), nnx.logical_axis_rules((("embed", None), ("mlp", None))):
    tokens = jax.device_put(jnp.ones((4, 16, 32)), P("expert"))
    lowered = jax.jit(init_and_apply).trace(jax.random.key(0), tokens).lower(lowering_platforms=("cuda",))
print("ok")
