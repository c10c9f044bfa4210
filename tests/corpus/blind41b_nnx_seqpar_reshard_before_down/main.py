"""NNX block that gathers its hidden activations before a row-split down projection."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("data", "model"))


class Block(nnx.Module):
    def __init__(self, d, f, rngs):
        self.norm = nnx.RMSNorm(d, rngs=rngs)
        self.up = nnx.Linear(d, f, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")), use_bias=False, rngs=rngs)
        self.down = nnx.Linear(f, d, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)), use_bias=False, rngs=rngs)

    def __call__(self, x):
        h = nnx.gelu(self.up(self.norm(x)))
        h = reshard(h, P("data", None, None))
        return x + self.down(h)


class Stack(nnx.Module):
    def __init__(self, n, d, f, rngs):
        self.blocks = nnx.List([Block(d, f, rngs) for _ in range(n)])

    def __call__(self, x):
        for b in self.blocks:
            x = b(x)
        return x


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    model = Stack(3, 64, 256, nnx.Rngs(0))
    x = jax.device_put(jnp.ones((4, 16, 64)), P("data", None, None))
    out = forward.trace(model, x).lower(lowering_platforms=("cuda",))
print("ok")
