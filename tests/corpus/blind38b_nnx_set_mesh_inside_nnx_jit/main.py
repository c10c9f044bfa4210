import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

MESH = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))


class Mlp(nnx.Module):
    def __init__(self, d, h, *, rngs):
        self.wi = nnx.Linear(d, h, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("fsdp", "tp")), rngs=rngs)
        self.wo = nnx.Linear(h, d, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("tp", "fsdp")), rngs=rngs)

    def __call__(self, x):
        return self.wo(jax.nn.silu(self.wi(x)))


@nnx.jit(static_argnums=(0, 1))
def create_model(d, h):
    with jax.set_mesh(MESH):
        return Mlp(d, h, rngs=nnx.Rngs(0))


def main():
    lowered = create_model.trace(32, 128).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
