import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class RowParallelMLP(nnx.Module):
    def __init__(self, din, dout, rngs):
        init = nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None))
        self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

    def __call__(self, h):
        # partial sums over 'model' are reduced into a batch-sharded result
        return jnp.dot(h, self.kernel[...], out_sharding=P("data", None))


@nnx.jit
def step(model, h):
    return model(h)


with jax.set_mesh(mesh):
    model = RowParallelMLP(64, 16, nnx.Rngs(0))
    h = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", "model")))
    print(step.trace(model, h).lower(lowering_platforms=("cuda",)).as_text()[:60])
