import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = eqx.nn.MLP(32, 32, 128, 2, key=jax.random.key(0))

# column-parallel everywhere: out features over 'model'
col = NamedSharding(mesh, P("model", None))
model = jax.device_put(eqx.filter(model, eqx.is_array), col)
print("placed")
