import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx

import tpmodel

mesh = jax.make_mesh((4,), ("model",))

with jax.set_mesh(mesh):
    model = tpmodel.ParallelMLP(16, 64, rngs=nnx.Rngs(0))

graphdef, state = nnx.split(model)
state_specs = nnx.get_partition_spec(state)


@jax.jit
def forward(state, x):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, P()), out_specs=P())
    def _fwd(state, x):
        m = nnx.merge(graphdef, state)
        return m(x)

    return _fwd(state, x)


x = jnp.ones((8, 16))
lowered = forward.trace(state, x).lower(lowering_platforms=("cuda",))
print("ok", lowered.as_text().count("all-reduce") >= 0)
