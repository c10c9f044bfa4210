import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from model import Encoder
from sharding import tp_specs


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  axes: tuple = ("data", "tensor")

  @property
  def dp(self):
    return self.axes[0]

  @property
  def tp(self):
    return self.axes[1]


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  layers: int = 4
  d_model: int = 128
  d_ff: int = 512


mcfg, cfg = MeshConfig(), ModelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(mcfg.shape), mcfg.axes)
tp = mesh.shape[mcfg.tp]

params = Encoder(cfg.layers, cfg.d_model, cfg.d_ff).init(
    jax.random.PRNGKey(0), jnp.ones((1, cfg.d_model)))["params"]
local_model = Encoder(cfg.layers, cfg.d_model, cfg.d_ff // tp)
specs = tp_specs(params, mcfg.tp)
tx = optax.sgd(1e-2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(specs, P(mcfg.dp), P(mcfg.dp)),
                   out_specs=(specs, P()))
def train_step(params, x, y):
  def loss_fn(p):
    return jnp.mean((local_model.apply({"params": p}, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, mcfg.dp)
  updates, _ = tx.update(grads, tx.init(params), params)
  return optax.apply_updates(params, updates), jax.lax.pmean(loss, mcfg.dp)


x = jnp.ones((32, cfg.d_model))
train_step.trace(params, x, jnp.ones((32, 1))).lower(lowering_platforms=("cuda",))
