import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, rngs, axis_name="model"):
        self.kernel = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * 0.02)
        self.axis_name = axis_name

    def __call__(self, x):
        return lax.psum(x @ self.kernel[...], self.axis_name)


class TPRowParallelLinear(RowParallelLinear):
    def __init__(self, din, dout, rngs):
        super().__init__(din, dout, rngs)
        self.axis_name = "tp"
        self.bias = nnx.Param(jnp.zeros((dout,)))

    def __call__(self, x):
        return super().__call__(x) + self.bias[...]


layer = TPRowParallelLinear(32, 8, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
    f = nnx.shard_map(lambda layer, x: layer(x), mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=P("data"))
    return f(layer, x)


forward.trace(layer, jnp.ones((8, 64))).lower(lowering_platforms=("cuda",))
