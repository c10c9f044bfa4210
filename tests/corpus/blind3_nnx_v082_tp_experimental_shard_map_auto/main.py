from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from tp import init_mlp, mlp_block, tensor_parallel

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
params = init_mlp(jax.random.PRNGKey(0), 16, 64)

fwd = jax.jit(tensor_parallel(mesh, partial(mlp_block, axis_name='model')))
x = jnp.ones((8, 16))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
