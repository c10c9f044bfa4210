import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

AXIS = "devices"


class Model(eqx.Module):
  mlp: eqx.nn.MLP
  norm: eqx.nn.LayerNorm

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(8, 1, 32, 2, key=key)
    self.norm = eqx.nn.LayerNorm(8)

  def __call__(self, x):
    return self.mlp(self.norm(x))


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


optim = optax.sgd(1e-2)


@eqx.filter_pmap(axis_name=AXIS, in_axes=(None, None, 0, 0), out_axes=None)
def train_step(model, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, axis_name="batch")
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, jax.lax.pmean(loss, axis_name=AXIS)


if __name__ == "__main__":
  n = jax.local_device_count()
  model = Model(jr.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  xs = jnp.ones((n, 16, 8))
  ys = jnp.ones((n, 16, 1))

  def run(params, opt_state, xs, ys):
    m, o, l = train_step(eqx.combine(params, static), opt_state, xs, ys)
    return eqx.filter(m, eqx.is_array), o, l

  jax.jit(run).trace(params, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
