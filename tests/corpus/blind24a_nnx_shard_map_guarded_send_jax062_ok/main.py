import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

STAGES = 4
HAS_P2P = hasattr(lax, "psend") and hasattr(lax, "precv")


def send_to_next(y, axis_name, num_stages):
    perm = [(i, i + 1) for i in range(num_stages - 1)]
    if HAS_P2P:
        tok = lax.psend(y, axis_name, perm)
        return lax.precv(tok, y, axis_name, perm)
    return lax.ppermute(y, axis_name, perm)


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.linear = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.linear(x))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(key):
    return Stage(32, nnx.Rngs(key))


mesh = Mesh(np.array(jax.devices()), ("stage",))


@nnx.shard_map(mesh=mesh, in_specs=(P("stage"), P("stage")), out_specs=P("stage"), check_rep=False)
def stage_step(stages, h):
    graphdef, state = nnx.split(stages)
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
    return send_to_next(stage(h), "stage", STAGES)


@nnx.jit
def forward(stages, h):
    for _ in range(STAGES):
        h = stage_step(stages, h)
    return h


stages = make_stages(jax.random.split(jax.random.key(0), STAGES))
h = jnp.ones((STAGES * 2, 32))
lowered = forward.trace(stages, h).lower(lowering_platforms=("cuda",))
print("lowered, p2p:", HAS_P2P)
