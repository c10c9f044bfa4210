import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from p2p import send_to_next

STAGES = 4


class StageMLP(nnx.Module):
    def __init__(self, d, *, rngs):
        self.fc = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.fc(x))


@nnx.split_rngs(splits=STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs):
    return StageMLP(32, rngs=rngs)


stages = make_stages(nnx.Rngs(0))
graphdef, state = nnx.split(stages)


def run(state, x):
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
    h = x
    for _ in range(STAGES):
        h = send_to_next(stage(h), "stage", STAGES)
    return h


mesh = Mesh(np.array(jax.devices()), ("stage",))
run = jax.shard_map(run, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                    check_vma=False)
x = jnp.ones((4, 32))
lowered = jax.jit(run).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered", "psend" if jax.lax.__dict__.get("psend") else "ppermute")
