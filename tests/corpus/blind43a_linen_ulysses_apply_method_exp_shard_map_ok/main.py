from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ulysses import SelfAttention

NUM_HEADS, HEAD_DIM = 8, 32
devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=('sp',))

model = SelfAttention(num_heads=NUM_HEADS, head_dim=HEAD_DIM)
x = jnp.ones((2, 128, NUM_HEADS * HEAD_DIM))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P(None, 'sp'),
         check_rep=False)
def sp_attention(params, x):
  return model.apply(params, x, method=SelfAttention.attend)


print(sp_attention.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
