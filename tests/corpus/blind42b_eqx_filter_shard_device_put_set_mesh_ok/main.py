import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))
jax.set_mesh(mesh)
batch_sharding = NamedSharding(mesh, P('data'))
replicated = NamedSharding(mesh, P())

model = eqx.nn.MLP(8, 1, 32, depth=2, key=jr.key(0))
optim = optax.adam(3e-4)


def compute_loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@eqx.filter_jit(donate='all')
def train_step(model, opt_state, x, y):
  x, y = eqx.filter_shard((x, y), batch_sharding)
  loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return loss, model, opt_state


model = eqx.filter_shard(model, replicated)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
xs = np.random.default_rng(0).normal(size=(64, 8)).astype(np.float32)
ys = np.sin(xs.sum(axis=1, keepdims=True))
x, y = jax.device_put((xs, ys), batch_sharding)
params, static = eqx.partition((model, opt_state), eqx.is_array)


def step(params, x, y):
  model, opt_state = eqx.combine(params, static)
  return train_step(model, opt_state, x, y)[0]


print(jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
