import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.proj = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

    def __call__(self, x):
        partial_out = self.proj(x)  # contracting dim is sharded over 'model'
        return jax.lax.psum_scatter(partial_out, "model", scatter_dimension=0, tiled=True)


mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)


@nnx.jit
def forward(layer, x):
    f = nnx.shard_map(lambda layer, x: layer(x), mesh=mesh,
                      in_specs=(P("model", None), P("data", "model")),
                      out_specs=P(("data", "model"), None))
    return f(layer, x)


if __name__ == "__main__":
    layer = RowParallelLinear(16, 8, rngs=nnx.Rngs(0))
    x = jnp.ones((8, 16))
    print(forward.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
