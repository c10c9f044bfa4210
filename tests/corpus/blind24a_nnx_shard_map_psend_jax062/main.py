import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx
import numpy as np

STAGES = 4
mesh = Mesh(np.array(jax.devices()), ("stage",))


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.linear = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.linear(x))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(key):
    return Stage(32, nnx.Rngs(key))


@nnx.shard_map(mesh=mesh, in_specs=(P("stage"), P("stage")), out_specs=P("stage"), check_rep=False)
def stage_step(stages, h):
    stage = nnx.merge(*nnx.split(stages))
    y = jax.vmap(lambda s, v: s(v))(stage, h[None])[0]
    perm = [(i, i + 1) for i in range(STAGES - 1)]
    tok = jax.lax.psend(y, "stage", perm)
    return jax.lax.precv(tok, y, "stage", perm)


@nnx.jit
def forward(stages, h):
    return stage_step(stages, h)


stages = make_stages(jax.random.split(jax.random.key(0), STAGES))
h = jnp.ones((STAGES * 2, 32))
lowered = forward.trace(stages, h).lower(lowering_platforms=("cuda",))
print("lowered")
