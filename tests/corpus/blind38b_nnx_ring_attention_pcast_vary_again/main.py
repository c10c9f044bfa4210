import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from ring import ops


class RingAttention(nnx.Module):
    def __init__(self, d, *, rngs):
        self.q = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.k = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.v = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.o = nnx.Linear(d, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return self.o(ops.ring_attention(self.q(x), self.k(x), self.v(x), "sp"))


def main():
    mesh = jax.make_mesh((4,), ("sp",), axis_types=(AxisType.Auto,))
    model = RingAttention(32, rngs=nnx.Rngs(0))

    @nnx.jit
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp"))
    def forward(model, x):
        return model(x)

    x = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P("sp")))
    lowered = forward.trace(model, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text().count("collective_permute"))


if __name__ == "__main__":
    main()
