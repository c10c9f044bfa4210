"""GPipe forward for a stack of NNX stages: one stage per device along 'stage'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx

NUM_STAGES = 4
NUM_MICROBATCHES = 8
D = 32


class Stage(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.up = nnx.Linear(d, 2 * d, rngs=rngs)
        self.down = nnx.Linear(2 * d, d, rngs=rngs)

    def __call__(self, x):
        return x + self.down(nnx.gelu(self.up(x)))


@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(key):
    return Stage(D, nnx.Rngs(key))


def gpipe_forward(graphdef, mesh):
    fwd_perm = [(i, i + 1) for i in range(NUM_STAGES - 1)]

    def per_stage(state, microbatches):
        stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
        idx = lax.axis_index("stage")
        num_iters = NUM_MICROBATCHES + NUM_STAGES - 1

        def step(t, carry):
            from_prev, outputs = carry
            mb = microbatches[jnp.minimum(t, NUM_MICROBATCHES - 1)]
            x = jnp.where(idx == 0, mb, from_prev)
            y = stage(x)
            out_i = jnp.clip(t - (NUM_STAGES - 1), 0, NUM_MICROBATCHES - 1)
            keep = (idx == NUM_STAGES - 1) & (t >= NUM_STAGES - 1)
            outputs = outputs.at[out_i].set(jnp.where(keep, y, outputs[out_i]))
            token = lax.psend(y, "stage", fwd_perm)
            from_prev = lax.precv(token, y, "stage", fwd_perm)
            return from_prev, outputs

        init = (jnp.zeros_like(microbatches[0]), jnp.zeros_like(microbatches))
        _, outputs = lax.fori_loop(0, num_iters, step, init)
        return outputs[None]

    return jax.shard_map(per_stage, mesh=mesh,
                         in_specs=(P("stage"), P()), out_specs=P("stage"),
                         check_vma=False)


def main():
    mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))
    stages = create_stages(jax.random.split(jax.random.key(0), NUM_STAGES))
    graphdef, state = nnx.split(stages)
    fwd = gpipe_forward(graphdef, mesh)

    @jax.jit
    def run(state, batch):
        mbs = batch.reshape(NUM_MICROBATCHES, -1, D)
        return fwd(state, mbs)[-1].reshape(batch.shape)

    batch = jnp.ones((64, D), jnp.float32)
    lowered = run.trace(state, batch).lower(lowering_platforms=("cuda",))
    print("lowered", len(lowered.as_text()) > 0)


if __name__ == "__main__":
    main()
