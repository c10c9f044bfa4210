from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

NUM_STAGES = 4
NUM_MB = 8
HIDDEN = 64


class StageBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.Dense(4 * self.hidden)(h)
        h = nn.Dense(self.hidden)(nn.relu(h))
        return x + h


block = StageBlock(HIDDEN)
mesh = jax.make_mesh((NUM_STAGES,), ("stage",), axis_types=(AxisType.Auto,))
stage_params = jax.vmap(block.init, in_axes=(0, None))(
    jax.random.split(jax.random.PRNGKey(0), NUM_STAGES), jnp.zeros((2, HIDDEN)))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
         check_vma=False)
def gpipe(stage_params, microbatches):
    params = jax.tree.map(lambda p: p[0], stage_params)
    stage_id = jax.lax.axis_index("stage")
    perm = [(s, s + 1) for s in range(NUM_STAGES - 1)]

    def iteration(carry, t):
        state = jnp.where(stage_id == 0, microbatches[t % NUM_MB], carry)
        out = block.apply(params, state)
        sent = jax.lax.psend(out, "stage", perm)
        recv = jax.lax.precv(sent, out, "stage", perm)
        return recv, out

    _, outs = jax.lax.scan(iteration, jnp.zeros_like(microbatches[0]),
                           jnp.arange(NUM_MB + NUM_STAGES - 1))
    return outs[NUM_STAGES - 1:][None]


@jax.jit
def forward(stage_params, x):
    mbs = x.reshape(NUM_MB, -1, HIDDEN)
    return gpipe(stage_params, mbs)[-1].reshape(x.shape)


x = jnp.ones((32, HIDDEN))
print(forward.trace(stage_params, x).lower(lowering_platforms=("tpu",)).as_text()[:30])
