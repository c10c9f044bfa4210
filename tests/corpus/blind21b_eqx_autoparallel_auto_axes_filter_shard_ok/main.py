import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


optim = optax.adamw(learning_rate=1e-3)


def train_step(model, opt_state, x, y, sharding):
  replicated = NamedSharding(sharding.mesh, P())
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)
  loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return loss, model, opt_state


train_step = eqx.filter_jit(train_step)


def main():
  n = jax.device_count()
  mesh = jax.make_mesh((n,), ("batch",), axis_types=(AxisType.Auto,))
  sharding = NamedSharding(mesh, P("batch"))
  model = eqx.nn.MLP(in_size=3, out_size=1, width_size=32, depth=2, key=jr.key(1))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition((model, opt_state), eqx.is_array)

  def step(params, x, y):
    model, opt_state = eqx.combine(params, static)
    loss, model, opt_state = train_step(model, opt_state, x, y, sharding)
    return loss, eqx.filter((model, opt_state), eqx.is_array)

  x = jnp.ones((16 * n, 3))
  y = jnp.zeros((16 * n, 1))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
