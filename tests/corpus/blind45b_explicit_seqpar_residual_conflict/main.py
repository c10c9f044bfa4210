import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import block
from utils.shard import RESIDUAL

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)

D, F = 64, 256
k1, k2 = jax.random.split(jax.random.PRNGKey(0))
params = {
    "scale": jnp.ones((D,), jnp.float32),
    "wi": jax.device_put(jax.random.normal(k1, (D, F)) * 0.02, P(None, "model")),
    "wo": jax.device_put(jax.random.normal(k2, (F, D)) * 0.02, P("model", None)),
}
x = jax.device_put(jnp.ones((8, 32, D), jnp.float32), RESIDUAL)

step = jax.jit(block)
print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
