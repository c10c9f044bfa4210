import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from pp.comm import send_forward

N_STAGES = 4


class Stage(nnx.Module):
    def __init__(self, d, *, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return jax.nn.gelu(self.lin(x))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(key):
    return Stage(16, rngs=nnx.Rngs(key))


def main():
    mesh = jax.make_mesh((N_STAGES,), ("stage",), axis_types=(AxisType.Auto,))
    stages = make_stages(jax.random.split(jax.random.key(0), N_STAGES))
    graphdef, state = nnx.split(stages)

    def stage_fn(state, x):
        state = jax.tree.map(lambda a: a[0], state)
        model = nnx.merge(graphdef, state)
        y = model(x)
        return send_forward(y, "stage", N_STAGES)

    step = jax.jit(
        jax.shard_map(stage_fn, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"), check_vma=False)
    )
    x = jnp.ones((8, 16))
    lowered = step.trace(state, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text().count("send"))


if __name__ == "__main__":
    main()
