import jax
import jax.numpy as jnp
from flax import nnx

from kernels import ring_permute


class HaloExchange(nnx.Module):
    def __init__(self, dim, axis_name, *, rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.axis_name = axis_name

    def __call__(self, x):
        h = self.proj(x)
        return h + ring_permute(h, self.axis_name)


model = HaloExchange(128, "x", rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x)


x = jnp.ones((8, 128), jnp.float32)
lowered = forward.trace(model, x).lower(lowering_platforms=("tpu",))
print("lowered")
