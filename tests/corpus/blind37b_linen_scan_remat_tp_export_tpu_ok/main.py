from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import export
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
LAYERS, D, H = 3, 64, 128
TP = 2


class Block(nn.Module):
  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(H // TP, use_bias=False, name='wi')(x)
    y = nn.Dense(D, use_bias=False, name='wo')(nn.gelu(h))
    return x + jax.lax.psum(y, 'model'), None


class Stack(nn.Module):
  @nn.compact
  def __call__(self, x):
    layers = nn.scan(nn.remat(Block), variable_axes={'params': 0}, split_rngs={'params': True},
                     length=LAYERS)
    x, _ = layers(name='layers')(x, None)
    return x


stack = Stack()
param_specs = {'layers': {'wi': {'kernel': P(None, None, 'model')},
                          'wo': {'kernel': P(None, 'model', None)}}}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P('data')), out_specs=P('data'))
def forward(params, x):
  return stack.apply({'params': params}, x)


params = {'layers': {'wi': {'kernel': jax.ShapeDtypeStruct((LAYERS, D, H), jnp.float32)},
                     'wo': {'kernel': jax.ShapeDtypeStruct((LAYERS, H, D), jnp.float32)}}}
x = jax.ShapeDtypeStruct((16, D), jnp.float32)
exp = export.export(forward, platforms=['tpu'])(params, x)
print(exp.platforms, len(exp.mlir_module()) > 0)
