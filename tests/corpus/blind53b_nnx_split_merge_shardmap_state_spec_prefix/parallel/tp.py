import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx


# every weight is split along its output features
STATE_SPEC = P(None, 'model')


def make_forward(graphdef, state, mesh):

  def local_ffn(state, x):
    ffn = nnx.merge(graphdef, state)
    h = jax.nn.gelu(ffn.wi(x))                 # column-parallel, local d_ff shard
    y = h @ ffn.wo.kernel[...]                 # row-parallel partial sums
    y = jax.lax.psum(y, 'model')
    return y + ffn.wo.bias[...]

  return jax.shard_map(local_ffn, mesh=mesh,
                       in_specs=(STATE_SPEC, P('data', None)),
                       out_specs=P('data', None))
