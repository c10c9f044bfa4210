import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from model import Classifier, loss_fn

parser = argparse.ArgumentParser()
parser.add_argument("--width", type=int, default=256)
parser.add_argument("--batch", type=int, default=64)
parser.add_argument("--lr", type=float, default=3e-4)
args = parser.parse_args()

mesh = Mesh(jax.devices(), ("data",))
model = Classifier(32, args.width, 10, jax.random.key(0))
optim = optax.adamw(args.lr)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def train_step(model, opt_state, x, y):
  params, static = eqx.partition(model, eqx.is_inexact_array)

  def per_device(params, opt_state, x, y):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, lax.pmean(loss, "data")

  params, opt_state, loss = jax.shard_map(
      per_device, mesh=mesh,
      in_specs=(P(), P(), P("data"), P("data")),
      out_specs=(P(), P(), P()))(params, opt_state, x, y)
  return eqx.combine(params, static), opt_state, loss


params, static = eqx.partition(model, eqx.is_inexact_array)
x = jnp.zeros((args.batch, 32))
y = jnp.zeros((args.batch,), jnp.int32)
jax.jit(lambda p, s, x, y: train_step(eqx.combine(p, static), s, x, y)[1:]).trace(
    params, opt_state, x, y).lower(lowering_platforms=("cuda",))
