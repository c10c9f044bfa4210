import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


def make_train_step(optim):
  @eqx.filter_jit
  def train_step(model, opt_state, x, y, sharding):
    replicated = jshard.NamedSharding(sharding.mesh, jshard.PartitionSpec())
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard((model, opt_state), replicated)

  return train_step


def main():
  num_devices = len(jax.devices())
  mesh = jax.make_mesh((num_devices,), ("batch",))
  sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
  optim = optax.sgd(1e-2)
  train_step = make_train_step(optim)
  model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jr.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition((model, opt_state), eqx.is_array)

  def step(params, x, y):
    model, opt_state = eqx.combine(params, static)
    return eqx.filter(train_step(model, opt_state, x, y, sharding), eqx.is_array)

  x = jnp.linspace(0, 1, 32 * num_devices).reshape(-1, 1)
  jax.jit(step).trace(params, x, jnp.cos(x)).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
