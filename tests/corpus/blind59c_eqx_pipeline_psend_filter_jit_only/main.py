import equinox as eqx
import jax
import jax.numpy as jnp

from pipe.stages import Stage, send_to_next

NUM_STAGES = 4
DIM = 64


@eqx.filter_jit
def pipeline_forward(stages, x):
    """Each device owns one stage; microbatch activations hop stage -> stage."""
    my_stage = jax.tree.map(lambda a: a[0] if eqx.is_array(a) else a, stages)
    for _ in range(NUM_STAGES - 1):
        x = send_to_next(my_stage(x), NUM_STAGES)
    return my_stage(x)


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
    stages = eqx.filter_vmap(lambda k: Stage(DIM, key=k))(keys)
    x = jnp.ones((8, DIM), jnp.float32)
    params, static = eqx.partition(stages, eqx.is_array)
    fwd = jax.jit(lambda p, x: pipeline_forward(eqx.combine(p, static), x))
    fwd.trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
