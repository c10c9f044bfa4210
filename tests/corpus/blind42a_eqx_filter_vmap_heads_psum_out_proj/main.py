"""Multi-head self-attention written per head: the heads are an ensemble of small modules
created with eqx.filter_vmap, each projecting its slice of the output; the slices are summed
across the vmapped 'heads' axis with psum."""
import math

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

D, H, DH, T = 64, 8, 8, 16


class Head(eqx.Module):
  wq: jax.Array
  wk: jax.Array
  wv: jax.Array
  wo: jax.Array

  def __init__(self, key):
    kq, kk, kv, ko = jax.random.split(key, 4)
    init = jax.nn.initializers.lecun_normal()
    self.wq = init(kq, (D, DH))
    self.wk = init(kk, (D, DH))
    self.wv = init(kv, (D, DH))
    self.wo = init(ko, (DH, D))

  def __call__(self, x):
    q, k, v = x @ self.wq, x @ self.wk, x @ self.wv
    a = jax.nn.softmax(q @ k.T / math.sqrt(DH), axis=-1)
    return jax.lax.psum(a @ v @ self.wo, axis_name='heads')


class Attention(eqx.Module):
  heads: Head

  def __init__(self, key):
    self.heads = eqx.filter_vmap(Head)(jax.random.split(key, H))

  def __call__(self, x):
    out = eqx.filter_vmap(lambda head, x: head(x), in_axes=(0, None), axis_name='heads')(self.heads, x)
    return out[0]


model = Attention(jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_jit
def train_step(model, opt_state, x):
  loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean(jax.vmap(m)(x) ** 2))(model)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(model, updates), opt_state, loss


params, static = eqx.partition(model, eqx.is_array)
entry = jax.jit(lambda p, o, x: train_step(eqx.combine(p, static), o, x)[2])
entry.trace(params, opt_state, jnp.ones((4, T, D))).lower(lowering_platforms=('cuda',))
print('lowered')
