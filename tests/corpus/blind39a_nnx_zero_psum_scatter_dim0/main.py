"""ZeRO-2 style step: gradients are reduce-scattered, each device keeps one shard."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("fsdp",), axis_types=(jax.sharding.AxisType.Auto,))


class Net(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(12, 6, rngs=rngs)
        self.out = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


model = Net(nnx.Rngs(0))


@nnx.jit
def grad_shards(model, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("fsdp"), P("fsdp")), out_specs=P("fsdp"))
    def local(model, x, y):
        g = nnx.grad(loss_fn)(model, x, y)
        # first dimension of the hidden kernel is the input width (12)
        return jax.lax.psum_scatter(g["hidden"]["kernel"][...], "fsdp", scatter_dimension=0, tiled=True)

    return local(model, x, y)


x, y = jnp.ones((32, 12)), jnp.ones((32, 1))
print(grad_shards.trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])
