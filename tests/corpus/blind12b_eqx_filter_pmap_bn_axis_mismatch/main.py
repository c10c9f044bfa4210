import equinox as eqx
import jax
import jax.numpy as jnp

from config import ParallelConfig
from model import Model

cfg = ParallelConfig()


@eqx.filter_pmap(axis_name=cfg.data_axis, in_axes=(None, None, 0), out_axes=(0, None))
def forward(model, state, xs):
  return model(xs, state)


if __name__ == '__main__':
  model, state = eqx.nn.make_with_state(Model)(jax.random.key(0), cfg.norm_axis)
  xs = jnp.ones((jax.device_count(), 3))
  params, static = eqx.partition((model, state), eqx.is_array)
  f = jax.jit(lambda p, x: eqx.filter(forward(*eqx.combine(p, static), x), eqx.is_array))
  f.trace(params, xs).lower(lowering_platforms=('cuda',))
