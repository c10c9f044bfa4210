import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import numpy as np
import optax


class Model(eqx.Module):
  linear1: eqx.nn.Linear
  norm: eqx.nn.BatchNorm
  linear2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=k1)
    self.norm = eqx.nn.BatchNorm(input_size=32, axis_name='batch', mode='ema')
    self.linear2 = eqx.nn.Linear(32, 3, key=k2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    x = jax.nn.relu(x)
    return self.linear2(x), state


def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))
  pred_ys, state = batch_model(xs, state)
  return jnp.mean((pred_ys - ys) ** 2), state


optim = optax.adam(1e-3)


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys, sharding):
  replicated = jshard.NamedSharding(sharding.mesh, jshard.PartitionSpec())
  model, state, opt_state = eqx.filter_shard((model, state, opt_state), replicated)
  xs, ys = eqx.filter_shard((xs, ys), sharding)
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return eqx.filter_shard((model, state, opt_state), replicated)


if __name__ == '__main__':
  mesh = jshard.Mesh(np.array(jax.devices()), ('batch_shard',))
  sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('batch_shard'))
  model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition((model, state, opt_state), eqx.is_array)
  xs, ys = jnp.zeros((64, 3)), jnp.zeros((64, 3))
  lower = jax.jit(lambda p, xs, ys: eqx.filter(
      make_step(*eqx.combine(p, static), xs, ys, sharding), eqx.is_array))
  lower.trace(params, xs, ys).lower(lowering_platforms=('cuda',))
