import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from moe.dispatch import combine, dispatch, route

EXPERTS = 4
CAPACITY = 8
mesh = jax.make_mesh((EXPERTS,), ("expert",), axis_types=(jax.sharding.AxisType.Auto,))


class MoELayer(nnx.Module):
    def __init__(self, d, rngs):
        self.router = nnx.Linear(d, EXPERTS, rngs=rngs)
        self.w = nnx.Param(jax.random.normal(rngs.params(), (EXPERTS, d, d)) * 0.02)

    def __call__(self, x):
        buckets, slots = route(x, self.router(x), EXPERTS, CAPACITY)
        local = dispatch(buckets, "expert")
        w = self.w[jax.lax.axis_index("expert")]
        out = jnp.einsum("ecd,df->ecf", local, w)
        back = combine(out, "expert")
        return jnp.einsum("tec,ecd->td", slots, back)


layer = MoELayer(16, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
    return nnx.shard_map(
        lambda l, x: l(x), mesh=mesh, in_specs=(P(), P("expert")), out_specs=P("expert")
    )(layer, x)


x = jnp.ones((64, 16))
print(forward.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
