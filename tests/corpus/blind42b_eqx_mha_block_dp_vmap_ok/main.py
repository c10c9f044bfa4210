import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import PartitionSpec as P


class Block(eqx.Module):
  ln1: eqx.nn.LayerNorm
  attn: eqx.nn.MultiheadAttention
  ln2: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, d, heads, key):
    k1, k2 = jr.split(key)
    self.ln1 = eqx.nn.LayerNorm(d)
    self.attn = eqx.nn.MultiheadAttention(heads, d, key=k1)
    self.ln2 = eqx.nn.LayerNorm(d)
    self.mlp = eqx.nn.MLP(d, d, 4 * d, depth=1, activation=jax.nn.gelu, key=k2)

  def __call__(self, x):  # [T, d]
    h = jax.vmap(self.ln1)(x)
    x = x + self.attn(h, h, h)
    return x + jax.vmap(self.mlp)(jax.vmap(self.ln2)(x))


def loss_fn(model, x, y):
  out = jax.vmap(model)(x)
  return jnp.mean((out - y) ** 2)


mesh = jax.make_mesh((4,), ('data',))
jax.set_mesh(mesh)
model = Block(32, 4, jr.key(0))
opt = optax.adamw(1e-3)
opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def make_step(model, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  updates, opt_state = opt.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
  return loss, eqx.apply_updates(model, updates), opt_state


data = np.random.default_rng(0).normal(size=(128, 10, 32)).astype(np.float32)
x = jax.device_put(data[:16], P('data'))
y = jax.device_put(data[16:32], P('data'))
dyn, static = eqx.partition((model, opt_state), eqx.is_array)
step = jax.jit(lambda d, x, y: make_step(*eqx.combine(d, static), x, y)[0])
print(step.trace(dyn, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
