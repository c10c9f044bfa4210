import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

L = jax.lax


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(16, 16, rngs=rngs)

    def __call__(self, x):
        return nnx.tanh(self.proj(x))


mesh = jax.make_mesh((2, 2), ("stage", "data"), axis_types=(AxisType.Auto,) * 2)
encoder = Encoder(nnx.Rngs(1))


def hetero_stage(encoder, x):
    idx = L.axis_index("stage")
    branches = (
        lambda enc, h: enc(h),
        lambda enc, h: h * 2.0,
    )
    h = nnx.switch(idx, branches, encoder, x)
    h = L.ppermute(h, "stage", perm=[(0, 1), (1, 0)])
    return L.psum(h.mean(), "data")[None]


f = jax.jit(nnx.shard_map(hetero_stage, mesh=mesh,
                          in_specs=(P(), P(("stage", "data"))), out_specs=P("stage")))
x = jnp.ones((8, 16))
print(f.trace(encoder, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
