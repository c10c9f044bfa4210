import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import DATA, Stack

mesh = jax.make_mesh((4,), (DATA,), axis_types=(jax.sharding.AxisType.Auto,))
model = Stack(16, 6, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    # the batch is already laid out over the mesh by in_shardings; let jit partition it
    return model(x)


x = jax.device_put(jnp.ones((32, 16)), jax.NamedSharding(mesh, P(DATA)))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
