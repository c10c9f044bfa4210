import dataclasses
from typing import Optional

import flax.linen as nn
import jax
from jax import lax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np


class RowParallelDense(nn.Module):
  features: int
  tp_axis: Optional[str] = None

  def setup(self):
    self.dense = nn.Dense(self.features, use_bias=False)

  def __call__(self, x):
    y = self.dense(x)
    if self.tp_axis is not None:
      y = lax.psum(y, self.tp_axis)
    return y


class Block(nn.Module):
  d_model: int
  d_ff: int
  tp_axis: Optional[str] = None

  def setup(self):
    self.norm = nn.RMSNorm()
    self.up = nn.Dense(self.d_ff)
    self.down = RowParallelDense(self.d_model, self.tp_axis)

  def __call__(self, x):
    return x + self.down(nn.gelu(self.up(self.norm(x))))


class Encoder(nn.Module):
  num_layers: int
  d_model: int
  d_ff: int
  tp_axis: Optional[str] = None

  def setup(self):
    block = nn.remat(Block)
    self.blocks = [block(self.d_model, self.d_ff, self.tp_axis) for _ in range(self.num_layers)]
    self.out = nn.Dense(1)

  def __call__(self, x):
    for blk in self.blocks:
      x = blk(x)
    return self.out(x.mean(axis=1))


@dataclasses.dataclass
class Config:
  dp: int = 4
  tp: int = 1
  num_layers: int = 3
  d_model: int = 64
  d_ff: int = 256
  tp_axis: str = 'model'


def param_specs(params):
  def spec(path, _):
    names = [getattr(k, 'key', None) for k in path]
    if 'up' in names:
      return P('model') if names[-1] == 'bias' else P(None, 'model')
    if 'down' in names:
      return P('model', None)
    return P()
  return jax.tree_util.tree_map_with_path(spec, params)


def build_forward(cfg, mesh):
  tp_size = mesh.shape['model']
  tp_axis = cfg.tp_axis if tp_size > 1 else None
  model = Encoder(cfg.num_layers, cfg.d_model, cfg.d_ff // tp_size, tp_axis=tp_axis)
  params = Encoder(cfg.num_layers, cfg.d_model, cfg.d_ff).init(
      jax.random.key(0), jnp.ones((1, 8, cfg.d_model)))
  if tp_size > 1:
    fwd = jax.shard_map(model.apply, mesh=mesh, in_specs=(param_specs(params), P('data')),
                        out_specs=P('data'))
  else:
    fwd = model.apply
  return jax.jit(fwd), params


cfg = Config()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.dp, cfg.tp), ('data', 'model'))
forward, params = build_forward(cfg, mesh)
x = jax.device_put(jnp.ones((16, 8, cfg.d_model)), NamedSharding(mesh, P('data')))
forward.trace(params, x).lower(lowering_platforms=('cuda',))
