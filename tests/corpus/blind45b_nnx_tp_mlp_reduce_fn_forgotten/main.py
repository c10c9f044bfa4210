import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import Model
from parallel import state_specs

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

model = Model(d_model=32, d_ff=128, n_layers=2, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)
param_specs = state_specs(params)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(param_specs, P("data", None)),
                   out_specs=P("data", None))
def forward(params, x):
    m = nnx.merge(graphdef, params)
    return m(x)


forward = jax.jit(forward)

if __name__ == "__main__":
    x = jax.device_put(jnp.ones((16, 32), jnp.float32), P("data", None))
    print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
