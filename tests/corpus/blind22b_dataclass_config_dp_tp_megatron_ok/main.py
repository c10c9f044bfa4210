"""Megatron-style DP x TP MLP trained with a dataclass config."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  dp: int = 2
  tp: int = 2
  d_model: int = 64
  d_ff: int = 256
  global_batch: int = 16
  lr: float = 3e-4
  data_axis: str = "data"
  model_axis: str = "model"

  @property
  def mesh_shape(self):
    return (self.dp, self.tp)

  @property
  def axis_names(self):
    return (self.data_axis, self.model_axis)


def build_mesh(cfg):
  devs = np.array(jax.devices()[: cfg.dp * cfg.tp]).reshape(cfg.mesh_shape)
  return Mesh(devs, cfg.axis_names)


def param_specs(cfg):
  return {"wi": P(None, cfg.model_axis), "wo": P(cfg.model_axis, None)}


def make_step(cfg, mesh):
  specs = param_specs(cfg)
  d, m = cfg.data_axis, cfg.model_axis

  def mlp(params, x):
    h = jax.nn.gelu(x @ params["wi"])
    return jax.lax.psum(h @ params["wo"], m)

  def step(params, x, y):
    def loss_fn(p):
      return jnp.mean((mlp(p, x) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, d)
    params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
    return params, jax.lax.pmean(loss, d)

  sharded = jax.shard_map(step, mesh=mesh, in_specs=(specs, P(d), P(d)),
                          out_specs=(specs, P()))
  shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
  batch = NamedSharding(mesh, P(d))
  return jax.jit(sharded, in_shardings=(shardings, batch, batch),
                 out_shardings=(shardings, NamedSharding(mesh, P())))


if __name__ == "__main__":
  cfg = Config()
  cfg = dataclasses.replace(cfg, d_ff=4 * cfg.d_model)
  mesh = build_mesh(cfg)
  step = make_step(cfg, mesh)
  params = {
      "wi": jax.ShapeDtypeStruct((cfg.d_model, cfg.d_ff), jnp.float32),
      "wo": jax.ShapeDtypeStruct((cfg.d_ff, cfg.d_model), jnp.float32),
  }
  x = jax.ShapeDtypeStruct((cfg.global_batch, cfg.d_model), jnp.float32)
  step.trace(params, x, x).lower(lowering_platforms=("cuda",))
