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
    graphdef, state = nnx.split(model)

    def local(state, x):
        return nnx.merge(graphdef, state)(x)

    return jax.shard_map(local, mesh=mesh, in_specs=(P(), P(None, "x")),
                         out_specs=P(None, "x"), check_vma=False)(state, x)


if __name__ == "__main__":
    model = RotatingProj(128, nnx.Rngs(0))
    x = jax.random.uniform(jax.random.key(0), (8, 128 * NUM_DEVICES))
    print(forward.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
