import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Centered(eqx.Module):
  mlp: eqx.nn.MLP

  def __call__(self, x):
    y = self.mlp(x)
    return y - jax.lax.pmean(y, "batch")


def loss(model, x, y):
  pred = eqx.filter_vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


opt = optax.adamw(1e-3)


@eqx.filter_jit
def step(model, opt_state, x, y):
  l, g = eqx.filter_value_and_grad(loss)(model, x, y)
  updates, opt_state = opt.update(g, opt_state, eqx.filter(model, eqx.is_array))
  return eqx.apply_updates(model, updates), opt_state, l


model = Centered(eqx.nn.MLP(4, 1, 16, 2, key=jax.random.key(0)))
opt_state = opt.init(eqx.filter(model, eqx.is_array))
params, static = eqx.partition(model, eqx.is_array)
x, y = jnp.ones((32, 4)), jnp.ones((32, 1))
jax.jit(lambda p, s, x, y: step(eqx.combine(p, static), s, x, y)[2]).trace(
    params, opt_state, x, y).lower(lowering_platforms=("cuda",))
