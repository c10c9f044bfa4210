import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

init = nnx.initializers.lecun_normal()


class MLP(nnx.Module):
    def __init__(self, d, f, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(d, f, use_bias=False, rngs=rngs,
                              kernel_init=nnx.with_partitioning(init, (None, "model")))
        self.fc2 = nnx.Linear(f, d, use_bias=False, rngs=rngs,
                              kernel_init=nnx.with_partitioning(init, ("model", None)))

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


model = MLP(32, 128, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, xs):
    return jax.vmap(model)(xs)


xs = jax.device_put(jnp.ones((8, 32)), P("data", None))
print(forward.trace(model, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
