import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from tp import create_stack, run_stack

mesh = Mesh(np.array(jax.devices()), ("data",))
stack = create_stack(16, 3, nnx.Rngs(0))


@nnx.jit
def forward(stack, x):
    return run_stack(x, stack)


x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
print(forward.trace(stack, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
