import jax
import jax.numpy as jnp
import equinox as eqx

from pipeline import make_stages

NUM_STAGES = 4

stages = make_stages(NUM_STAGES, 64, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)


@jax.jit
def relay(params, x):
    # "smoke test" of one hop: run stage 0 and hand the activation to the next stage
    stage0 = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    return stage0.send_next(stage0(x), NUM_STAGES)


x = jnp.ones((8, 64), jnp.float32)
print(relay.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
