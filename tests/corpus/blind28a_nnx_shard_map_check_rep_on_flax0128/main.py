"""A stacked-stage NNX pipeline tick under nnx.shard_map; each stage
hands its activation to the next with ppermute."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

STAGES, D = 4, 64


class Stage(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return nnx.tanh(self.fc(x))


@nnx.split_rngs(splits=STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make(rngs):
    return Stage(rngs)


stages = make(nnx.Rngs(0))
mesh = Mesh(jax.devices(), ("stages",))
ring = [(i, (i + 1) % STAGES) for i in range(STAGES)]


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P("stages"), P("stages")), out_specs=P("stages"),
               check_rep=False)
def tick(stages, state):
    # one (leading-dim 1) slice of the stacked stages per device
    out = nnx.vmap(lambda s, x: s(x), in_axes=(0, 0))(stages, state)
    return jax.lax.ppermute(out, "stages", ring)


state = jnp.ones((STAGES, 8, D))
lowered = tick.trace(stages, state).lower(lowering_platforms=("cuda",))
print("lowered")
