import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


class Up(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear = nnx.Linear(
            din, dout, rngs=rngs,
            kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")),
            bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)),
        )

    def __call__(self, x):
        return nnx.relu(self.linear(x))


model = Up(32, 128, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, xs):
    # per-example call, vectorised with plain jax.vmap
    return jax.vmap(lambda x: model(x))(xs)


xs = jax.device_put(jnp.ones((8, 32)), P("data", None))
print(forward.trace(model, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
