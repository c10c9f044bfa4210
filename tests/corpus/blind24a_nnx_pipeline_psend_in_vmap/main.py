import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

STAGES, MICRO, D = 4, 4, 32
mesh = Mesh(np.array(jax.devices()), ("stage",))
FWD = [(i, i + 1) for i in range(STAGES - 1)]


class Stage(nnx.Module):
    def __init__(self, rngs):
        self.norm = nnx.RMSNorm(D, rngs=rngs)
        self.ff = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return x + self.ff(self.norm(x))


@nnx.vmap(in_axes=0, out_axes=0)
def build(key):
    return Stage(nnx.Rngs(key))


stages = build(jax.random.split(jax.random.key(0), STAGES))
graphdef, state = nnx.split(stages)


def per_stage(state, mbs):
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))

    def microbatch_step(x):
        y = stage(x)
        tok = lax.psend(y, "stage", FWD)
        return lax.precv(tok, y, "stage", FWD)

    return jax.vmap(microbatch_step)(mbs)


stage_fn = jax.shard_map(per_stage, mesh=mesh, in_specs=(P("stage"), P("stage")),
                         out_specs=P("stage"), check_vma=False)


@jax.jit
def forward(state, x):
    return stage_fn(state, x)


x = jnp.ones((STAGES * MICRO, 8, D))
print(forward.trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
