import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import HeadParallelAttention

EMBED, HEADS, HEAD_DIM, TP = 768, 12, 64, 2

mesh = jax.make_mesh((2, TP), ('data', 'model'))
head_sharded = {'kernel': P(None, 'model', None)}
param_spec = {'query': head_sharded, 'key': head_sharded, 'value': head_sharded,
              'out': {'kernel': P('model', None, None)}}


def build_forward(num_heads):
  local = HeadParallelAttention(num_heads // TP, HEAD_DIM)

  def fwd(params, x):
    return local.apply({'params': params}, x)

  return jax.jit(shard_map(fwd, mesh=mesh, in_specs=(param_spec, P('data')),
                           out_specs=P('data')))


if __name__ == '__main__':
  full = HeadParallelAttention(HEADS, HEAD_DIM)
  x = jnp.zeros((8, 128, EMBED))
  params = jax.eval_shape(full.init, jax.random.PRNGKey(0), x)['params']
  forward = build_forward(HEADS)
  x_abs = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, P('data')))
  forward.trace(params, x_abs).lower(lowering_platforms=('tpu',))
