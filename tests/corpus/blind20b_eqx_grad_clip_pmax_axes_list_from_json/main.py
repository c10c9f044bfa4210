import json
import pathlib

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

CFG = json.loads((pathlib.Path(__file__).parent / "config.json").read_text())
mesh = Mesh(np.array(jax.devices()).reshape(CFG["mesh_shape"]), tuple(CFG["mesh_axes"]))
batch_axes = CFG["batch_axes"]

model = eqx.nn.MLP(16, 4, 64, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(CFG["lr"])


def clip_by_max_abs(grads, limit, axes):
  """Scale grads so the largest |g| across all replicas is at most `limit`."""
  local = jnp.max(jnp.stack([jnp.max(jnp.abs(g)) for g in jax.tree.leaves(grads)]))
  gmax = lax.pmax(local, axes)
  scale = jnp.minimum(1.0, limit / (gmax + 1e-6))
  return jax.tree.map(lambda g: g * scale, grads)


def step(params, x, y):
  def loss_fn(params):
    net = eqx.combine(params, static)
    return jnp.mean((jax.vmap(net)(x) - y) ** 2)

  loss, grads = eqx.filter_value_and_grad(loss_fn)(params)
  grads = lax.pmean(grads, batch_axes)
  grads = clip_by_max_abs(grads, CFG["clip"], batch_axes)
  updates, _ = optim.update(grads, optim.init(params))
  return eqx.apply_updates(params, updates), lax.pmean(loss, batch_axes)


batch_spec = P(tuple(batch_axes))
train_step = eqx.filter_jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), batch_spec, batch_spec),
                                          out_specs=(P(), P())))
x, y = jnp.ones((32, 16)), jnp.ones((32, 4))
jax.jit(train_step).trace(params, x, y).lower(lowering_platforms=("cuda",))
