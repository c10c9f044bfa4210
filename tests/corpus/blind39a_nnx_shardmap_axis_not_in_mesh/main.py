import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

# mesh axes renamed to match the cluster launcher ('tensor' used to be 'model')
mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, rngs, axis_name="model"):
        self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))
        self.axis_name = axis_name

    def __call__(self, x):
        return jax.lax.psum(x @ self.kernel[...], self.axis_name)


layer = RowParallelLinear(16, 32, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
    @functools.partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("data", "tensor")), out_specs=P("data"))
    def local(layer, x):
        return layer(x)

    return local(layer, x)


x = jnp.ones((8, 32))
print(forward.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
