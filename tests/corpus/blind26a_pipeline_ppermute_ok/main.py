"""GPipe-style ring over a 'stage' mesh axis; each device holds one Linear of a stacked eqx model."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

NUM_STAGES = 4
HIDDEN = 32
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))


@eqx.filter_vmap
def make_stages(key):
    return eqx.nn.Linear(HIDDEN, HIDDEN, key=key)


class Pipeline(eqx.Module):
    stages: eqx.nn.Linear  # stacked over a leading stage dimension
    num_microbatches: int = eqx.field(static=True)

    def stage_fn(self, stage, x):
        return jax.nn.tanh(jax.vmap(stage)(x))

    def __call__(self, stages, microbatches):
        # inside shard_map: stages has leading dim 1, microbatches are replicated
        stage = jax.tree.map(lambda a: a[0], stages)
        idx = jax.lax.axis_index("stage")
        n = self.num_microbatches
        perm = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]
        state = jnp.zeros_like(microbatches[0])
        outputs = jnp.zeros_like(microbatches)

        def body(t, carry):
            state, outputs = carry
            inp = jnp.where(idx == 0, microbatches[t % n], state)
            out = self.stage_fn(stage, inp)
            outputs = jnp.where(
                (idx == NUM_STAGES - 1) & (t >= NUM_STAGES - 1),
                outputs.at[(t - NUM_STAGES + 1) % n].set(out),
                outputs,
            )
            state = jax.lax.ppermute(out, "stage", perm)
            return state, outputs

        state, outputs = jax.lax.fori_loop(0, n + NUM_STAGES - 1, body, (state, outputs))
        return jax.lax.psum(outputs, "stage")


stages = make_stages(jr.split(jr.PRNGKey(0), NUM_STAGES))
pipe = Pipeline(stages=stages, num_microbatches=8)
stage_params, static = eqx.partition(pipe.stages, eqx.is_array)


def forward(stage_params, microbatches):
    stages = eqx.combine(stage_params, static)
    return pipe(stages, microbatches)


sharded = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(P("stage"), P()),
    out_specs=P(),
    check_vma=False,
)
mbs = jnp.ones((8, 4, HIDDEN))
print(jax.jit(sharded).trace(stage_params, mbs).lower(lowering_platforms=("cuda",)).as_text()[:20])
