"""Each device makes its own ensemble member from its seed; the member's layers carry the
sharding they are given when the whole model is placed by a jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("model",), axis_types=(jax.sharding.AxisType.Auto,))


class Head(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        init = nnx.initializers.lecun_normal()
        self.proj = nnx.Linear(din, dout, kernel_init=nnx.with_partitioning(init, (None, "model")),
                               rngs=rngs)

    def __call__(self, x):
        return self.proj(x)


def member(seed, x):
    # one member per device
    with nnx.use_eager_sharding(False):
        head = Head(16, 16, rngs=nnx.Rngs(params=jax.random.key(seed[0])))
    return head(x)


if __name__ == "__main__":
    f = jax.jit(jax.shard_map(member, mesh=mesh, in_specs=(P("model"), P()), out_specs=P("model")))
    f.trace(jnp.arange(4, dtype=jnp.uint32), jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
