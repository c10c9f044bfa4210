import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import DATA, Stack

mesh = jax.make_mesh((4,), (DATA,))
model = Stack(16, 6, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(DATA)), out_specs=P(DATA))
    return f(model, x)


x = jnp.ones((32, 16))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
