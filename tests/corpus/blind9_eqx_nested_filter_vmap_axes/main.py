import equinox as eqx
import jax
import jax.numpy as jnp
import optax

N_MODELS = 3


class Net(eqx.Module):
  l1: eqx.nn.Linear
  l2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.l1 = eqx.nn.Linear(8, 32, key=k1)
    self.l2 = eqx.nn.Linear(32, 1, key=k2)

  def __call__(self, x):
    h = self.l1(x)
    # per-batch feature standardisation (like BN without state)
    mu = jax.lax.pmean(h, 'batch')
    var = jax.lax.pmean((h - mu) ** 2, 'batch')
    h = jax.nn.relu((h - mu) * jax.lax.rsqrt(var + 1e-5))
    return self.l2(h)


@eqx.filter_vmap
def make_ensemble(key):
  return Net(key)


def per_model_loss(model, x, y):
  pred = eqx.filter_vmap(model, axis_name='batch')(x)
  return jnp.mean((pred - y) ** 2)


def ensemble_loss(models, x, y):
  losses = eqx.filter_vmap(per_model_loss, in_axes=(eqx.if_array(0), None, None),
                           axis_name='ensemble')(models, x, y)
  return losses.mean()


optim = optax.adam(1e-3)


@eqx.filter_jit
def step(models, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(ensemble_loss)(models, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(models, eqx.is_array))
  return eqx.apply_updates(models, updates), opt_state, loss


if __name__ == '__main__':
  models = make_ensemble(jax.random.split(jax.random.key(0), N_MODELS))
  opt_state = optim.init(eqx.filter(models, eqx.is_array))
  params, static = eqx.partition(models, eqx.is_array)
  f = jax.jit(lambda p, o, x, y: eqx.filter(step(eqx.combine(p, static), o, x, y), eqx.is_array))
  f.trace(params, opt_state, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))
