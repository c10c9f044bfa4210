import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

INNER_STEPS = 5

mesh = Mesh(np.array(jax.devices()), ("tasks",))
task_sharding = NamedSharding(mesh, P("tasks"))


def mse(params, static, x, y):
  model = eqx.combine(params, static)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def adapt(params, log_lr, static, x, y):
  def inner(i, p):
    g = jax.grad(mse)(p, static, x, y)
    return jax.tree.map(lambda w, gw: w - jnp.exp(log_lr) * gw, p, g)
  return jax.lax.fori_loop(0, INNER_STEPS, inner, params)


@eqx.filter_jit
def meta_loss(params, log_lr, static, xs_support, ys_support, xs_query, ys_query):
  xs_support, ys_support = eqx.filter_shard((xs_support, ys_support), task_sharding)

  def per_task(xs, ys, xq, yq):
    fast = adapt(params, log_lr, static, xs, ys)
    return mse(fast, static, xq, yq)

  return jnp.mean(jax.vmap(per_task)(xs_support, ys_support, xs_query, ys_query))


model = eqx.nn.MLP(1, 1, 40, 2, key=jax.random.key(0))
model = jax.tree.map(lambda a: a.astype(jnp.bfloat16) if eqx.is_inexact_array(a) else a, model)
params, static = eqx.partition(model, eqx.is_inexact_array)

xs = jnp.ones((8, 10, 1), jnp.bfloat16)
ys = jnp.zeros((8, 10, 1), jnp.bfloat16)
# learned inner-loop step size (Meta-SGD), kept in float32
log_lr = jnp.log(jnp.float32(0.4))
grad_fn = jax.jit(jax.grad(lambda p, lr, *a: meta_loss(p, lr, static, *a), argnums=(0, 1)))
grad_fn.trace(params, log_lr, xs, ys, xs, ys).lower(lowering_platforms=("cuda",))
