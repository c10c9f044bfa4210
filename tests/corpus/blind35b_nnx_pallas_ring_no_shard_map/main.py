import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from kernels import ring

mesh = jax.make_mesh((4,), ("x",))


class RingMixer(nnx.Module):
    def __init__(self, d, rngs):
        self.scale = nnx.Param(jnp.ones((d,)))

    def __call__(self, x):
        shifted = ring.right_permute(x, axis="x", n=4)
        return x + shifted * self.scale[...]


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    model = RingMixer(128, nnx.Rngs(0))
    x = jax.device_put(jnp.ones((32, 128), jnp.float32), P("x"))
    lowered = forward.trace(model, x).lower(lowering_platforms=("tpu",))
    print("tpu lowered")
