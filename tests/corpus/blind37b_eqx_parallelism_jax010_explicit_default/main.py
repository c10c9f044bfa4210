import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax

from training.step import make_train_step

parser = argparse.ArgumentParser()
parser.add_argument("--batch-size", type=int, default=32)
parser.add_argument("--width", type=int, default=64)
parser.add_argument("--lr", type=float, default=3e-4)
args = parser.parse_args([])

key = jr.PRNGKey(0)
model = eqx.nn.MLP(8, 8, args.width, 2, key=key)
optim = optax.adamw(args.lr)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
train_step = make_train_step(optim)

mesh = jax.make_mesh((len(jax.devices()),), ("batch",))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
x = jnp.ones((args.batch_size, 8))
y = jnp.zeros((args.batch_size, 8))

params, static = eqx.partition((model, opt_state), eqx.is_array)


def step(params, x, y):
  m, o = eqx.combine(params, static)
  m, o, loss = train_step(m, o, x, y, sharding)
  return eqx.filter((m, o), eqx.is_array), loss


lowered = jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("lowered", bool(lowered.as_text()))
