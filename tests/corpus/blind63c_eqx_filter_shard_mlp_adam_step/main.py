import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import optax

IN, OUT, WIDTH, DEPTH = 16, 4, 128, 2
BATCH = 64


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


optimizer = optax.adam(1e-3)


@eqx.filter_jit(donate="all-except-first")
def train_step(model, opt_state, x, y, replicated, data_sharding):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  updates, opt_state = optimizer.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return loss, model, opt_state


def main():
  mesh = jax.make_mesh((4,), ("batch",), axis_types=(jshard.AxisType.Auto,))
  data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
  replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

  model = eqx.nn.MLP(IN, OUT, WIDTH, DEPTH, key=jax.random.key(0))
  opt_state = optimizer.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, opt_state, x, y):
    loss, new_model, new_opt = train_step(eqx.combine(params, static), opt_state, x, y,
                                          replicated, data_sharding)
    return loss, eqx.filter(new_model, eqx.is_array), new_opt

  x = jax.ShapeDtypeStruct((BATCH, IN), jnp.float32, sharding=data_sharding)
  y = jax.ShapeDtypeStruct((BATCH, OUT), jnp.float32, sharding=data_sharding)
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
