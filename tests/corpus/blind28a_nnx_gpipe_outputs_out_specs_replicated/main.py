"""GPipe forward over 4 stages with point-to-point psend/precv; one NNX stage per device.
The outputs are returned as if every stage held them."""
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

NUM_STAGES = 4
NUM_MICRO = 6
B, D = 8, 128


class Stage(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.norm = nnx.LayerNorm(d, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.lin(self.norm(x)))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs: nnx.Rngs):
    return Stage(D, rngs)


stages = make_stages(nnx.Rngs(0))
graphdef, params = nnx.split(stages)

mesh = Mesh(jax.devices()[:NUM_STAGES], ("stage",))
FWD = [(i, i + 1) for i in range(NUM_STAGES - 1)]


def gpipe(params, microbatches):
    stage_params = jax.tree.map(lambda a: a[0], params)
    stage = nnx.merge(graphdef, stage_params)
    idx = jax.lax.axis_index("stage")
    carry = jnp.zeros((B, D), microbatches.dtype)
    outs = []
    for t in range(NUM_MICRO + NUM_STAGES - 1):
        feed = microbatches[min(t, NUM_MICRO - 1)]
        x = jnp.where(idx == 0, feed, carry)
        y = stage(x)
        tok = jax.lax.psend(y, "stage", FWD)
        carry = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "stage", FWD)
        outs.append(y)
    # only the last stage holds real outputs; hand them back as one replicated array
    return jnp.stack(outs[NUM_STAGES - 1:])


pipeline = jax.shard_map(gpipe, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P())

xs = jnp.ones((NUM_MICRO, B, D), jnp.float32)
lowered = jax.jit(pipeline).trace(params, xs).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
