import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_MICRO = 4
mesh = jax.make_mesh((4,), ("data",))


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def accumulate_gradients(params, x, y):
  model = eqx.combine(params, static)
  x = x.reshape(NUM_MICRO, -1, *x.shape[1:])
  y = y.reshape(NUM_MICRO, -1, *y.shape[1:])
  zeros = jax.tree.map(jnp.zeros_like, eqx.filter(model, eqx.is_inexact_array))

  def body(acc, mb):
    loss_acc, grad_acc = acc
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, *mb)
    return (loss_acc + loss, jax.tree.map(jnp.add, grad_acc, grads)), None

  init = (jnp.zeros((), jnp.float32), zeros)
  init = jax.lax.pcast(init, "data", to="varying")
  (loss, grads), _ = jax.lax.scan(body, init, (x, y))
  loss, grads = jax.lax.pmean((loss / NUM_MICRO, jax.tree.map(lambda g: g / NUM_MICRO, grads)),
                              "data")
  return loss, grads


@eqx.filter_jit
def train_step(params, opt_state, x, y):
  spec_m = jax.tree.map(lambda _: P(), params)
  sharded = jax.shard_map(accumulate_gradients, mesh=mesh,
                          in_specs=(spec_m, P("data"), P("data")), out_specs=(P(), spec_m))
  loss, grads = sharded(params, x, y)
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, loss


model = eqx.nn.MLP(16, 4, 64, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)

repl = NamedSharding(mesh, P())
params = jax.device_put(params, repl)
opt_state = jax.device_put(opt_state, repl)
x = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((64, 4)), NamedSharding(mesh, P("data")))
lowered = jax.jit(lambda *a: train_step(*a)).trace(params, opt_state, x, y).lower(
    lowering_platforms=("cuda",))
print("ok", bool(lowered.as_text()))
