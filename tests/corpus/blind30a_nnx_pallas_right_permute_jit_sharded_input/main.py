import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from flax import nnx

from kernels.permute import right_permute

NUM_DEVICES = 4


class RotatingProj(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return right_permute(self.proj(x), axis_name="x")


mesh = jax.make_mesh((NUM_DEVICES,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


@nnx.jit
def forward(model, x):
    return model(x)


if __name__ == "__main__":
    model = RotatingProj(128 * NUM_DEVICES, nnx.Rngs(0))
    x = jax.random.uniform(jax.random.key(0), (8, 128 * NUM_DEVICES))
    x = jax.device_put(x, NamedSharding(mesh, P(None, "x")))
    print(forward.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
