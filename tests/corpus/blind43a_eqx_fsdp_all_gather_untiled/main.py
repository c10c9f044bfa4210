from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from fsdp import FSDP, make_forward

mesh = Mesh(jax.devices(), (FSDP,))
model = eqx.nn.MLP(in_size=32, out_size=8, width_size=128, depth=3, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
forward = make_forward(static)


def loss_fn(shards, x, y):
  return jnp.mean((forward(shards, x) - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(FSDP), P(FSDP), P(FSDP)),
         out_specs=(P(), P(FSDP)))
def train_step(shards, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(shards, x, y)
  return lax_pmean(loss), grads


def lax_pmean(x):
  return jax.lax.pmean(x, FSDP)


x = jnp.ones((64, 32))
y = jnp.zeros((64, 8))
print(train_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
