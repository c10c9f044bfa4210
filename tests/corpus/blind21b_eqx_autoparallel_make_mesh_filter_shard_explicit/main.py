import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax


class Model(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=key)

  def __call__(self, x):
    return self.mlp(x)


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


optim = optax.adam(learning_rate=3e-4)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding):
  replicated = jshard.NamedSharding(sharding.mesh, jshard.PartitionSpec())
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)

  grads = eqx.filter_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)

  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state


def main():
  num_devices = len(jax.devices())
  mesh = jax.make_mesh((num_devices,), ("batch",))
  sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))

  model = Model(jr.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition((model, opt_state), eqx.is_array)

  def step(params, x, y):
    model, opt_state = eqx.combine(params, static)
    out = train_step(model, opt_state, x, y, sharding)
    return eqx.filter(out, eqx.is_array)

  x = jnp.linspace(0, 1, 64 * num_devices).reshape(-1, 1)
  y = jnp.sin(x)
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
