import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((1, 4), ("data", "tensor"), axis_types=(AxisType.Auto, AxisType.Auto))


class RowParallel(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.proj = nnx.Linear(
            din, dout, use_bias=False, rngs=rngs,
            kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("tensor", None)),
        )

    def __call__(self, x):
        return jax.lax.psum(self.proj(x), "tensor")


class Layer(nnx.Module):
    def __init__(self, d, rngs):
        self.up = nnx.Linear(d, 4 * d, rngs=rngs,
                             kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "tensor")))
        self.down = RowParallel(4 * d, d, rngs)

    def __call__(self, x):
        return x + self.down(jax.nn.gelu(self.up(x)))


@nnx.remat
def checkpointed(layer, x):
    return layer(x)


@nnx.jit
def loss_and_grads(layer, x):
    return nnx.value_and_grad(lambda l: jnp.mean(checkpointed(l, x) ** 2))(layer)


with jax.set_mesh(mesh):
    layer = Layer(64, nnx.Rngs(0))
    x = jax.device_put(jnp.ones((8, 64)), P("data", None))
    print(loss_and_grads.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
