import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

STAGES = 4
mesh = jax.make_mesh((STAGES,), ("stage",), axis_types=(AxisType.Explicit,))


class Stage(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(32, 32, rngs=rngs)

    def __call__(self, x):
        return nnx.silu(self.lin(x))


def stage_loop(stage_state, graphdef, mbs):
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], stage_state))
    perm = [(i, i + 1) for i in range(STAGES - 1)]

    def body(h, mb):
        h = stage(jnp.where(lax.axis_index("stage") == 0, mb, h))
        tok = lax.psend(h, "stage", perm)
        return lax.precv(tok, h, "stage", perm), h

    _, hs = lax.scan(body, jnp.zeros_like(mbs[0]), mbs)
    return hs[None]


@nnx.vmap(in_axes=0, out_axes=0)
def build(key):
    return Stage(nnx.Rngs(key))


stages = build(jax.random.split(jax.random.key(0), STAGES))


@nnx.jit
def forward(stages, mbs):
    graphdef, state = nnx.split(stages)
    with jax.set_mesh(mesh):
        run = jax.shard_map(lambda s, m: stage_loop(s, graphdef, m),
                            in_specs=(P("stage"), P()), out_specs=P("stage"), check_vma=False)
        return run(state, mbs)[-1]


mbs = jnp.ones((4, 8, 32))
print(forward.trace(stages, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
