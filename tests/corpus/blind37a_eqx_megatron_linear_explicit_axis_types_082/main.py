import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tp.model import ParallelMLP, shard_params
from tp.train import grad_step

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
jax.set_mesh(mesh)

model = shard_params(ParallelMLP(16, 64, key=jax.random.key(0)))
x = jax.device_put(jnp.ones((8, 16)), P("data", None))
y = jax.device_put(jnp.ones((8, 16)), P("data", None))

params, static = eqx.partition(model, eqx.is_array)
fn = jax.jit(lambda p, a, b: grad_step(eqx.combine(p, static), a, b)[0])
print(fn.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
