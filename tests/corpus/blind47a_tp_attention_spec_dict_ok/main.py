import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from attention import TPSelfAttention

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
HEADS, HEAD_DIM, EMBED = 8, 16, 128

global_attn = TPSelfAttention(HEADS, HEAD_DIM, EMBED)
x = jnp.ones((4, 32, EMBED))
variables = global_attn.init(jax.random.PRNGKey(0), x)

qkv = {'kernel': P(None, 'model', None), 'bias': P('model', None)}
param_specs = {
    'params': {
        'norm': {'scale': P(), 'bias': P()},
        'query': qkv,
        'key': qkv,
        'value': qkv,
        'out': {'kernel': P('model', None, None)},
    }
}

local_attn = TPSelfAttention(HEADS // mesh.shape['model'], HEAD_DIM, EMBED, axis_name='model')

attn_fn = jax.jit(jax.shard_map(
    local_attn.apply, mesh=mesh,
    in_specs=(param_specs, P('data')),
    out_specs=P('data'),
))
print(attn_fn.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
