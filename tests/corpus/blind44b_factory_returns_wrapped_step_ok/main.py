import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from parallel.steps import MODEL_AXIS, make_forward

mesh = Mesh(np.array(jax.devices()), (MODEL_AXIS,))
fwd = make_forward(mesh)

d, h = 64, 256
w1 = jax.device_put(jnp.ones((d, h)), NamedSharding(mesh, P(None, MODEL_AXIS)))
w2 = jax.device_put(jnp.ones((h, d)), NamedSharding(mesh, P(MODEL_AXIS, None)))
x = jnp.ones((8, d))

print(fwd.trace(w1, w2, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
