import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from net import make_net
from sharding import fsdp_shardings

mesh = Mesh(np.array(jax.devices()), ("fsdp",))
data_sharding = NamedSharding(mesh, P("fsdp"))

model = make_net(64, 512, 10, jax.random.key(0))
model_sharding = fsdp_shardings(model, mesh)
optim = optax.adamw(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
  model = eqx.filter_shard(model, model_sharding)
  x, y = eqx.filter_shard((x, y), data_sharding)
  loss, grads = compute_loss(model, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model = eqx.filter_shard(model, model_sharding)
  return model, opt_state, loss


model = eqx.filter_shard(model, model_sharding)
params, static = eqx.partition(model, eqx.is_array)
x = jnp.zeros((128, 64))
y = jnp.zeros((128,), jnp.int32)
lowered = jax.jit(lambda p, o, x, y: train_step(eqx.combine(p, static), o, x, y)[2]).trace(
    params, opt_state, x, y).lower(lowering_platforms=("cuda",))
