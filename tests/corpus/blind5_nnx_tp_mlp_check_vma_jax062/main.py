import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from tp import make_tp_forward

mesh = Mesh(np.array(jax.devices()), ('model',))
params = {'wi': jnp.ones((16, 64)), 'wo': jnp.ones((64, 16))}
forward = make_tp_forward(mesh)
forward.trace(params, jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
