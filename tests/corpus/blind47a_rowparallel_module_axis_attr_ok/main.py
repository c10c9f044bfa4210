from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import FeedForward

devices = np.asarray(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ('dp', 'mp'))

D_MODEL, D_FF = 64, 256
ffn = FeedForward(D_MODEL, D_FF // mesh.shape['mp'], axis_name='mp')

param_specs = {
    'params': {
        'ff_in': {'proj': {'kernel': P(None, 'mp'), 'bias': P('mp')}},
        'ff_out': {'proj': {'kernel': P('mp', None)}, 'bias': P()},
    }
}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('dp')), out_specs=param_specs)
def init_params(rng, x):
    # each mp shard initialises its own slice; fold in the shard index
    rng = jax.random.fold_in(rng, jax.lax.axis_index('mp'))
    variables = ffn.init(rng, x)
    # bias after the psum is identical everywhere
    return variables


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P('dp')), out_specs=P('dp'))
def forward(variables, x):
    return ffn.apply(variables, x)


x = jnp.ones((16, D_MODEL))
print(init_params.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])
abstract = jax.eval_shape(init_params, jax.random.key(0), x)
print(forward.trace(abstract, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
