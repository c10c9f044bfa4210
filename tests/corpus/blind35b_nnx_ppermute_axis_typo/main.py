import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from attn.ring import RingAttention

mesh = jax.make_mesh((4,), ("sp",))


@nnx.jit
def forward(model, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                      in_specs=(P(), P(None, "sp", None)), out_specs=P(None, "sp", None))
    return f(model, x)


with jax.set_mesh(mesh):
    model = RingAttention(32, 4, rngs=nnx.Rngs(0))
    x = jax.device_put(jnp.ones((2, 64, 32)), P(None, "sp", None))
    print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
