"""Two-stage NNX pipeline hop with psend/precv, run on JAX 0.6.2."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("stage",))
PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(32, 32, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.proj(x))


model = Stage(nnx.Rngs(0))
graphdef, state = nnx.split(model)


def hop(state, x):
    m = nnx.merge(graphdef, state)
    y = m(x)
    tok = jax.lax.psend(y, "stage", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "stage", PERM)


f = shard_map(hop, mesh=mesh, in_specs=(P(), P("stage")), out_specs=P("stage"),
              check_rep=False)
x = jnp.ones((16, 32))
lowered = jax.jit(f).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered")
