import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax as L


class Model(eqx.Module):
  norm: eqx.nn.BatchNorm
  linear: eqx.nn.Linear

  def __init__(self, key):
    self.norm = eqx.nn.BatchNorm(input_size=8, axis_name="batch")
    self.linear = eqx.nn.Linear(8, 2, key=key)

  def __call__(self, x, state):
    x, state = self.norm(x, state)
    return self.linear(x), state


def per_example(model, x, state):
  out, state = model(x, state)
  centred = out - L.pmean(out, "batch")
  return centred, state


@eqx.filter_jit
def batched(model, xs, state):
  return eqx.filter_vmap(per_example, axis_name="batch", in_axes=(None, 0, None),
                         out_axes=(0, None))(model, xs, state)


model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
xs = jnp.ones((16, 8))
params, static = eqx.partition((model, state), eqx.is_array)


def run(params, xs):
  m, s = eqx.combine(params, static)
  out, s = batched(m, xs, s)
  return out, eqx.filter(s, eqx.is_array)


print(jax.jit(run).trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
