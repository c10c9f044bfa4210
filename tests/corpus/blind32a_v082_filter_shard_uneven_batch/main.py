import equinox as eqx
import jax
import jax.random as jr
import numpy as np
import optax
from jax.sharding import NamedSharding, PartitionSpec

from models import Regressor, loss_fn

BATCH_SIZE = 6  # per step; the dataset is small

model = Regressor(8, 1, 64, key=jr.key(0))
opt = optax.adamw(1e-3)
opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))

mesh = jax.make_mesh((jax.device_count(),), ("data",))
data_sharding = NamedSharding(mesh, PartitionSpec("data"))
replicated = NamedSharding(mesh, PartitionSpec())


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    updates, opt_state = opt.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    return loss, eqx.apply_updates(model, updates), opt_state


xs = np.random.normal(size=(120, 8)).astype(np.float32)
ys = xs.sum(axis=1, keepdims=True)

model, opt_state = eqx.filter_shard((model, opt_state), replicated)
x, y = eqx.filter_shard((xs[:BATCH_SIZE], ys[:BATCH_SIZE]), data_sharding)

params, static = eqx.partition(model, eqx.is_array)
step = jax.jit(lambda p, s, x, y: train_step(eqx.combine(p, static), s, x, y)[0])
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
