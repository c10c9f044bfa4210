import dataclasses
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from fsdp import gather_params


@dataclasses.dataclass(frozen=True)
class Cfg:
  in_size: int = 32
  width: int = 256
  out_size: int = 8
  depth: int = 3
  batch: int = 64
  lr: float = 1e-3
  axis: str = "fsdp"


cfg = Cfg()
mesh = Mesh(np.array(jax.devices()), (cfg.axis,))
model = eqx.nn.MLP(cfg.in_size, cfg.out_size, cfg.width, cfg.depth, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(cfg.lr)
opt_state = optim.init(params)
opt_specs = jax.tree.map(lambda a: P(cfg.axis) if a.ndim else P(), opt_state)


@eqx.filter_jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(cfg.axis), opt_specs, P(cfg.axis), P(cfg.axis)),
         out_specs=(P(cfg.axis), opt_specs, P()))
def train_step(shards, opt_state, x, y):
  def loss_fn(shards):
    net = eqx.combine(gather_params(shards, cfg.axis), static)
    return jnp.mean((jax.vmap(net)(x) - y) ** 2)

  loss, grads = eqx.filter_value_and_grad(loss_fn)(shards)
  # all_gather's transpose already reduce-scattered the grads (a sum over devices)
  grads = jax.tree.map(lambda g: g / lax.axis_size(cfg.axis), grads)
  updates, opt_state = optim.update(grads, opt_state, shards)
  return eqx.apply_updates(shards, updates), opt_state, lax.pmean(loss, cfg.axis)


x = jnp.ones((cfg.batch, cfg.in_size))
y = jnp.ones((cfg.batch, cfg.out_size))
jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
