import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

N_STAGES, MICRO, D = 4, 8, 32


class StageMLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.w = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.w(x))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs):
    return StageMLP(rngs)


class Pipeline(nnx.Module):
    """GPipe-style loop, meant to run under shard_map over 'stages'."""

    def __init__(self, stages):
        self.stages = stages

    def __call__(self, inputs):
        stage = jax.tree.map(lambda a: a[0], self.stages)
        idx = jax.lax.axis_index("stages")
        n = N_STAGES
        state = jnp.zeros((inputs.shape[1], D))
        outputs = jnp.zeros_like(inputs)

        def step(i, carry):
            state, inputs, outputs = carry
            state = jnp.where(idx == 0, inputs[i % inputs.shape[0]], state)
            state = stage(state)
            outputs = outputs.at[(i - n + 1) % inputs.shape[0]].set(state)
            state = jax.lax.ppermute(state, "stages", [(j, (j + 1) % n) for j in range(n)])
            return state, inputs, outputs

        _, _, outputs = jax.lax.fori_loop(0, inputs.shape[0] + n - 1, step, (state, inputs, outputs))
        return outputs


mesh = jax.make_mesh((N_STAGES,), ("stages",), axis_types=(AxisType.Auto,))
pipe = Pipeline(create_stages(nnx.Rngs(0)))
spec = nnx.StateSharding({nnx.PathContains("stages"): P("stages")})


@nnx.jit
def run(pipe, xs):
    f = nnx.shard_map(lambda p, x: p(x), mesh=mesh, in_specs=(spec, P()), out_specs=P("stages"), check_vma=False)
    return f(pipe, xs)


xs = jnp.ones((MICRO, 2, D))
print(run.trace(pipe, xs).lower(lowering_platforms=("cuda",)).as_text()[:20])
