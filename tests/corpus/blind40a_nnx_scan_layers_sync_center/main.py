import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp import create_stack, run_stack

mesh = Mesh(np.array(jax.devices()), ("data",))
stack = create_stack(16, 3, nnx.Rngs(0))


@nnx.jit
def forward(stack, x):
    sharded = nnx.shard_map(
        lambda s, x: run_stack(x, s),
        mesh=mesh,
        in_specs=(P(), P("data")),
        out_specs=P("data"),
    )
    return sharded(stack, x)


x = jnp.ones((8, 16))
print(forward.trace(stack, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
