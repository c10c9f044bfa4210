import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def make_step(model, opt_state, x, y, optim, batch_sharding, model_sharding):
  x, y = eqx.filter_shard((x, y), batch_sharding)
  model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
  grads = eqx.filter_grad(loss_fn)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
  return model, opt_state


def main():
  num_devices = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  batch_sharding = NamedSharding(mesh, P('batch'))
  model_sharding = NamedSharding(mesh, P())

  model = eqx.nn.MLP(in_size=16, out_size=1, width_size=64, depth=2, key=jr.key(0))
  optim = optax.adam(1e-3)
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition((model, opt_state), eqx.is_array)

  def step(params, x, y):
    model, opt_state = eqx.combine(params, static)
    model, opt_state = make_step(model, opt_state, x, y, optim, batch_sharding, model_sharding)
    return eqx.filter((model, opt_state), eqx.is_array)

  x = jnp.ones((8 * num_devices, 16))
  y = jnp.ones((8 * num_devices, 1))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
