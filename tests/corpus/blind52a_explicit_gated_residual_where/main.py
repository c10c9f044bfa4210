import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import model

mesh = jax.make_mesh((2, 2), ("batch", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

params = model.init_params(jax.random.key(0), 64, 3)
params = jax.device_put(params, [{"w": P(None, "model"), "g": P()} for _ in params])
x = jax.device_put(jnp.ones((16, 64), jnp.float32), P("batch", None))

loss_fn = jax.jit(model.forward)
print(loss_fn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
