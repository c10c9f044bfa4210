import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from nets.blocks import Stack

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = Stack(num_layers=3, d_model=32, d_ff_local=64)

x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("data")))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)


@jax.jit
def forward(params, x):
    return model.apply(params, x)


print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
