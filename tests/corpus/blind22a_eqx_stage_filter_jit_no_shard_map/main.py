import equinox as eqx
import jax
import jax.numpy as jnp

from stages import make_stage

stage = make_stage('mlp', 32, 4, jax.random.PRNGKey(0))


@eqx.filter_jit
def forward(stage, x):
  return stage(x)


params, static = eqx.partition(stage, eqx.is_array)
x = jnp.ones((8, 32))
lowered = jax.jit(lambda p, x: forward(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=('cuda',))
