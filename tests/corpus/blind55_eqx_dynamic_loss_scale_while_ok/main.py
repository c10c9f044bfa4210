import equinox as eqx
import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

INIT_SCALE = jnp.asarray(2.0 ** 15, dtype=jnp.float32)


def to_bf16(tree):
  return jtu.tree_map(lambda x: x.astype(jnp.bfloat16) if eqx.is_inexact_array(x) else x, tree)


def scaled_loss(model, x, y, scale):
  half = to_bf16(model)
  pred = jax.vmap(half)(x.astype(jnp.bfloat16)).astype(jnp.float32)
  return jnp.mean((pred - y) ** 2) * scale


def grads_at(model, x, y, scale):
  loss, grads = eqx.filter_value_and_grad(scaled_loss)(model, x, y, scale)
  grads = jtu.tree_map(lambda g: g / scale, grads)
  finite = jnp.all(jnp.asarray([jnp.all(jnp.isfinite(g)) for g in jtu.tree_leaves(grads)]))
  return loss / scale, grads, finite


@eqx.filter_jit
def train_step(model, opt_state, x, y):
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads, finite = grads_at(model, x, y, INIT_SCALE)

  def cond(carry):
    scale, _, _, finite = carry
    return jnp.logical_and(~finite, scale > 1)

  def body(carry):
    scale, _, _, _ = carry
    scale = scale / 2
    return (scale,) + grads_at(model, x, y, scale)

  _, loss, grads, _ = jax.lax.while_loop(cond, body, (INIT_SCALE, loss, grads, finite))
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
  return eqx.apply_updates(model, updates), opt_state, loss


mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
model = eqx.nn.MLP(16, 4, 64, 2, key=jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
params, static = eqx.partition(model, eqx.is_array)


def step_for_lowering(params, opt_state, x, y):
  new_model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
  return eqx.filter(new_model, eqx.is_array), opt_state, loss


jax.jit(step_for_lowering).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
