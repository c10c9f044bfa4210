import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from pp.schedule import gpipe, AXIS

N_STAGES = 4
mesh = jax.make_mesh((N_STAGES,), (AXIS,), axis_types=(AxisType.Explicit,))


class StackedStages(nnx.Module):
    def __init__(self, n, d, rngs: nnx.Rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (n, d, d)) * 0.02)
        self.b = nnx.Param(jnp.zeros((n, d)))

    def __call__(self, h):
        # inside shard_map each device sees its own stage: leading dim of size 1
        return jnp.tanh(h @ self.w[0] + self.b[0])


@nnx.jit
def pipeline_forward(model, microbatches):
    @nnx.shard_map(mesh=mesh, in_specs=(P(AXIS), P()), out_specs=P())
    def run(model, mb):
        return gpipe(model, mb, N_STAGES)

    return run(model, microbatches)


with jax.set_mesh(mesh):
    model = StackedStages(N_STAGES, 32, nnx.Rngs(0))
    state = nnx.state(model)
    state = jax.tree.map(lambda a: jax.device_put(a, P(AXIS)), state)
    nnx.update(model, state)
    mbs = jnp.ones((8, 2, 32))
    lowered = pipeline_forward.trace(model, mbs).lower(lowering_platforms=("cuda",))
    print("lowered pipeline")
