import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from model import Encoder
from sharding import tp_specs

ap = argparse.ArgumentParser()
ap.add_argument("--layers", type=int, default=4)
ap.add_argument("--d_model", type=int, default=128)
ap.add_argument("--d_ff", type=int, default=512)
ap.add_argument("--tp", type=int, default=2)
args = ap.parse_args()

mesh = Mesh(np.array(jax.devices()).reshape(-1, args.tp), ("data", "model"))
tp = mesh.shape["model"]

global_model = Encoder(args.layers, args.d_model, args.d_ff)
local_model = Encoder(args.layers, args.d_model, args.d_ff // tp)
params = global_model.init(jax.random.PRNGKey(0), jnp.ones((1, args.d_model)))["params"]
specs = tp_specs(params, "model")
tx = optax.adamw(1e-3)
opt_state = tx.init(params)
opt_specs = jax.tree.map(lambda _: P(), opt_state)
opt_specs = opt_specs[0]._replace(mu=specs, nu=specs), opt_specs[1], opt_specs[2]


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(specs, opt_specs, P("data"), P("data")),
                   out_specs=(specs, opt_specs, P()))
def train_step(params, opt_state, x, y):
  def loss_fn(p):
    return jnp.mean((local_model.apply({"params": p}, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "data")


x = jnp.ones((32, args.d_model))
train_step.trace(params, opt_state, x, jnp.ones((32, 1))).lower(lowering_platforms=("cuda",))
