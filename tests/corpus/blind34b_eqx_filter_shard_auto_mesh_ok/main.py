import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import optax

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jshard.AxisType.Auto,))

sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

model = eqx.nn.MLP(in_size=16, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


def train_step(model, opt_state, x, y):
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)
  grads = eqx.filter_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state


params, static = eqx.partition((model, opt_state), eqx.is_array)


def pure_step(params, x, y):
  m, s = eqx.combine(params, static)
  out = train_step(m, s, x, y)
  return eqx.filter(out, eqx.is_array)


x = jnp.ones((32, 16))
y = jnp.ones((32, 1))
print(jax.jit(pure_step).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
