import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

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


@nnx.jit
def pipeline_step(stages, x):
    @nnx.vmap(in_axes=(0, None))
    def run(stage, x):
        return stage(x)

    y = run(stages, x)
    return send_forward(y, "stage", N_STAGES)


def main():
    mesh = jax.make_mesh((N_STAGES,), ("stage",), axis_types=(AxisType.Auto,))
    stages = make_stages(jax.random.split(jax.random.key(0), N_STAGES))
    state = nnx.state(stages)
    nnx.update(stages, jax.device_put(state, NamedSharding(mesh, P("stage"))))
    x = jnp.ones((8, 16))
    lowered = pipeline_step.trace(stages, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text().count("send"))


if __name__ == "__main__":
    main()
