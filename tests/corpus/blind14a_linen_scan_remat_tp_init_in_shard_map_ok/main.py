import functools
from typing import Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Block(nn.Module):
  d_model: int
  d_ff_local: int
  axis_name: Optional[str] = None

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm(name='ln')(x)
    h = nn.Dense(self.d_ff_local, use_bias=False, name='up')(h)
    h = nn.gelu(h)
    h = nn.Dense(self.d_model, use_bias=False, name='down')(h)
    if self.axis_name is not None:
      h = jax.lax.psum(h, self.axis_name)
    return x + h, None


class Decoder(nn.Module):
  num_layers: int
  d_model: int
  d_ff_local: int
  axis_name: Optional[str] = None

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(nn.remat(Block), variable_axes={'params': 0},
                    split_rngs={'params': True}, length=self.num_layers)
    x, _ = Stack(self.d_model, self.d_ff_local, self.axis_name, name='layers')(x, None)
    return nn.LayerNorm(name='final_ln')(x)


mesh = Mesh(np.array(jax.devices()), ('model',))
TP = mesh.shape['model']
model = Decoder(num_layers=4, d_model=64, d_ff_local=256 // TP, axis_name='model')

param_specs = {'params': {
    'layers': {'ln': {'scale': P(), 'bias': P()},
               'up': {'kernel': P(None, None, 'model')},
               'down': {'kernel': P(None, 'model', None)}},
    'final_ln': {'scale': P(), 'bias': P()},
}}


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=param_specs)
def init_params(x):
  return model.init(jax.random.key(0), x)


forward = jax.jit(jax.shard_map(model.apply, mesh=mesh,
                                in_specs=(param_specs, P()), out_specs=P()))

x = jnp.ones((8, 64))
variables = init_params(x)
forward.trace(variables, x).lower(lowering_platforms=('cuda',))
