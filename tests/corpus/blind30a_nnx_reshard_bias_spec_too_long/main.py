import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Explicit,))
WEIGHT_SPEC = P(None, "model")


class Dense(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        kernel = jax.sharding.reshard(self.lin.kernel[...], WEIGHT_SPEC)
        bias = jax.sharding.reshard(self.lin.bias[...], WEIGHT_SPEC)
        return jnp.dot(x, kernel) + bias


if __name__ == "__main__":
    with jax.set_mesh(mesh):
        layer = Dense(16, 32, nnx.Rngs(0))
        x = jnp.ones((4, 16))
        lowered = nnx.jit(lambda m, x: m(x)).trace(layer, x).lower(lowering_platforms=("cuda",))
        print(lowered.as_text()[:20])
