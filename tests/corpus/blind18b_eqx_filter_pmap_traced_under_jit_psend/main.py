import equinox as eqx
import jax
import jax.numpy as jnp


class Stage(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, key):
    self.lin = eqx.nn.Linear(8, 8, key=key)

  def __call__(self, x):
    return jax.nn.relu(jax.vmap(self.lin)(x))


def pipeline_step(stage, x):
  n = 4
  pairs = [(i, i + 1) for i in range(n - 1)]
  for _ in range(n - 1):
    y = stage(x)
    x = jax.lax.precv(jax.lax.psend(y, 'pp', pairs), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'pp', pairs)
  return stage(x)


stages = eqx.filter_vmap(Stage)(jax.random.split(jax.random.PRNGKey(0), 4))
params, static = eqx.partition(stages, eqx.is_array)
pmapped = eqx.filter_pmap(pipeline_step, axis_name='pp')


def run(params, x):
  return pmapped(eqx.combine(params, static), x)


jax.jit(run).trace(params, jnp.ones((4, 2, 8))).lower(lowering_platforms=('cuda',))
