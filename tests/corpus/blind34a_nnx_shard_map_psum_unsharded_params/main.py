import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

    def __call__(self, x):
        return jax.lax.psum(x @ self.w[...], "model")


mesh = jax.make_mesh((2, 2), ("data", "model"))
layer = RowParallelLinear(64, 32, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P("model", None), P("data", "model")), out_specs=P("data", None))
    def inner(layer, x):
        return layer(x)
    return inner(layer, x)


x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", "model")))
print(forward.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
