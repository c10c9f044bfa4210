"""BYOL self-supervised step: online network trained with pmean'd grads over devices,
target encoder updated as an exponential moving average."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from selfsup.byol import Online, byol_loss

N = jax.local_device_count()
TAU = 0.996

online = Online(jax.random.key(0))
target = online.encoder
optim = optax.lars(0.2)
opt_state = optim.init(eqx.filter(online, eqx.is_array))


@eqx.filter_pmap(axis_name='devices', in_axes=(None, None, 0, 0))
def device_grads(online, target, v1, v2):
  loss, grads = eqx.filter_value_and_grad(byol_loss)(online, target, v1, v2)
  return jax.lax.pmean(loss, 'devices'), jax.lax.pmean(grads, 'devices')


def train_step(online, target, opt_state, v1, v2):
  loss, grads = device_grads(online, target, v1, v2)
  grads = jax.tree.map(lambda g: g[0], grads)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(online, eqx.is_array))
  online = eqx.apply_updates(online, updates)
  target = jax.tree.map(lambda t, o: TAU * t + (1 - TAU) * o,
                        eqx.filter(target, eqx.is_array), eqx.filter(online.encoder, eqx.is_array))
  return loss[0], target, opt_state


params, static = eqx.partition(online, eqx.is_array)
tparams, tstatic = eqx.partition(target, eqx.is_array)
entry = jax.jit(lambda p, t, o, v1, v2: train_step(eqx.combine(p, static), eqx.combine(t, tstatic), o, v1, v2))
v = jnp.ones((N, 8, 32))
entry.trace(params, tparams, opt_state, v, v).lower(lowering_platforms=('cuda',))
print('byol lowered')
