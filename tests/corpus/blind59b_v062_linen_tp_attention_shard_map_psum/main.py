from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

EMBED, HEADS, HEAD_DIM, TP = 768, 12, 64, 2


class HeadParallelAttention(nn.Module):
  num_heads: int  # heads on this shard
  head_dim: int
  model_axis: str | None = 'model'  # None when initialising the unsharded model

  @nn.compact
  def __call__(self, x):
    qkv = partial(nn.DenseGeneral, features=(self.num_heads, self.head_dim), use_bias=False)
    q, k, v = qkv(name='query')(x), qkv(name='key')(x), qkv(name='value')(x)
    mask = nn.make_causal_mask(jnp.ones(x.shape[:2]))
    out = nn.dot_product_attention(q, k, v, mask=mask)
    out = nn.DenseGeneral(features=x.shape[-1], axis=(-2, -1), use_bias=False, name='out')(out)
    if self.model_axis is not None:
      out = lax.psum(out, self.model_axis)
    return out


mesh = jax.make_mesh((2, TP), ('data', 'model'))
param_spec = {
    'query': {'kernel': P(None, 'model', None)},
    'key': {'kernel': P(None, 'model', None)},
    'value': {'kernel': P(None, 'model', None)},
    'out': {'kernel': P('model', None, None)},
}
local = HeadParallelAttention(HEADS // TP, HEAD_DIM)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(param_spec, P('data')), out_specs=P('data'))
def attention_fwd(params, x):
  return local.apply({'params': params}, x)


if __name__ == '__main__':
  full = HeadParallelAttention(HEADS, HEAD_DIM, model_axis=None)
  x = jnp.zeros((8, 128, EMBED))
  params = jax.eval_shape(full.init, jax.random.PRNGKey(0), x)['params']
  x_abs = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, P('data')))
  print(attention_fwd.trace(params, x_abs).lower(lowering_platforms=('tpu',)).as_text()[:200])
