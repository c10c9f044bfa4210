"""GPipe schedule (JAX shard_map tutorial's spmd_pipeline) with an NNX stage and nnx.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

L = 4
MB = 4
mesh = jax.make_mesh((L,), ("stages",), axis_types=(jax.sharding.AxisType.Auto,))


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.lin(x))


def shift_right(x):
    return jax.lax.ppermute(x, "stages", [(i, (i + 1) % L) for i in range(L)])


def spmd_pipeline(stage, inputs):
    idx = jax.lax.axis_index("stages")
    outputs = jnp.zeros_like(inputs)
    state = jnp.zeros_like(inputs[0])

    @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=nnx.Carry)
    def tick(stage, carry, i):
        state, outputs = carry
        state = jnp.where(idx == 0, inputs[i % MB], state)
        state = stage(state)
        done = (i - L + 1) % MB
        outputs = outputs.at[done].set(jnp.where(idx == L - 1, state, outputs[done]))
        return shift_right(state), outputs

    _, outputs = tick(stage, (state, outputs), jnp.arange(MB + L - 1))
    return outputs


stage = Stage(16, nnx.Rngs(0))


@nnx.jit
def run(stage, inputs):
    return nnx.shard_map(spmd_pipeline, mesh=mesh, in_specs=(P(), P("stages")), out_specs=P("stages"))(stage, inputs)


inputs = jnp.ones((L * MB, 8, 16))
print(run.trace(stage, inputs).lower(lowering_platforms=("cuda",)).as_text()[:80])
