import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from parallel import DATA_AXIS, all_reduce_mean, clip_by_global_norm


def model(params, x):
  h = jax.nn.relu(x @ params["w1"] + params["b1"])
  return h @ params["w2"]


def loss_fn(params, x, y):
  return jnp.mean((model(params, x) - y) ** 2)


def per_replica_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = all_reduce_mean(grads, DATA_AXIS)
  grads, gnorm = clip_by_global_norm(grads, 1.0)
  params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  return params, {"loss": loss[None], "grad_norm": gnorm[None]}


mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
sharded_step = jax.shard_map(
    per_replica_step,
    mesh=mesh,
    in_specs=(P(), P(DATA_AXIS), P(DATA_AXIS)),
    out_specs=(P(), P(DATA_AXIS)),
)


@jax.jit
def train_step(params, x, y):
  params, metrics = sharded_step(params, x, y)
  # per-replica metrics come back stacked; average them for logging
  metrics = all_reduce_mean(metrics, DATA_AXIS)
  return params, metrics


params = {
    "w1": jnp.ones((16, 32)) * 0.1,
    "b1": jnp.zeros((32,)),
    "w2": jnp.ones((32, 1)) * 0.1,
}
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P(DATA_AXIS)))
y = jax.device_put(jnp.ones((32, 1)), NamedSharding(mesh, P(DATA_AXIS)))

print(train_step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
