from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

STAGES = 4
MESH = jax.make_mesh((STAGES,), ("stage",), axis_types=(AxisType.Auto,))


class Stage(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(32, 32, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.proj(x))


@nnx.vmap(in_axes=0, out_axes=0)
def build(key):
    return Stage(nnx.Rngs(key))


@partial(nnx.shard_map, mesh=MESH, in_specs=(P("stage"), P()), out_specs=P("stage"),
         check_vma=False)
def pipeline_tick(stages, mbs, t):
    graphdef, state = nnx.split(stages)
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
    h = stage(mbs[t])
    perm = [(i, i + 1) for i in range(STAGES - 1)]
    tok = lax.psend(h, "stage", perm)
    return lax.precv(tok, h, "stage", perm)[None]


@nnx.jit
def forward(stages, mbs):
    return pipeline_tick(stages, mbs, jnp.int32(0))


stages = build(jax.random.split(jax.random.key(0), STAGES))
mbs = jnp.ones((4, 8, 32))
print(forward.trace(stages, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
