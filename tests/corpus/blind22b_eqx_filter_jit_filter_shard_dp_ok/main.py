import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding):
  replicated = NamedSharding(sharding.mesh, P())
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)

  grads = eqx.filter_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)

  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state


if __name__ == "__main__":
  num_devices = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  sharding = NamedSharding(mesh, P("batch"))

  model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(6789))
  optim = optax.adam(3e-4)
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

  batch_size = 32 * num_devices
  x = jnp.ones((batch_size, 1))
  y = jnp.sin(x)
  x, y = eqx.filter_shard((x, y), sharding)
  # AOT-lower for the GPU cluster: split off the static parts, jit the array leaves
  params, static = eqx.partition(model, eqx.is_array)
  step_for_export = jax.jit(
      lambda p, o, x, y: eqx.filter(train_step(eqx.combine(p, static), o, x, y, sharding),
                                    eqx.is_array))
  step_for_export.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
