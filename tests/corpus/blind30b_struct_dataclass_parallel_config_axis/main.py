"""A flax.struct.dataclass carrying the parallelism config (axis names as static fields) next to
the arrays; the mesh is built from a separate launcher setting that names its axes ('dp', 'mp')."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import struct
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


@struct.dataclass
class ParallelState:
    w_in: jax.Array
    w_out: jax.Array
    data_axis: str = struct.field(pytree_node=False, default='data')
    model_axis: str = struct.field(pytree_node=False, default='model')


def mlp_forward(state: ParallelState, x):
    # Megatron column/row parallel MLP: w_in column-sharded, w_out row-sharded
    h = jax.nn.relu(x @ state.w_in)
    out = h @ state.w_out
    return jax.lax.psum(out, state.model_axis)


LAUNCH = {'mesh_shape': (2, 2), 'mesh_axes': ('dp', 'mp')}
mesh = jax.make_mesh(LAUNCH['mesh_shape'], LAUNCH['mesh_axes'], axis_types=(AxisType.Auto,) * 2)

state = ParallelState(w_in=jnp.ones((64, 256)), w_out=jnp.ones((256, 64)))


@partial(jax.shard_map, mesh=mesh,
         in_specs=(ParallelState(P(None, 'mp'), P('mp', None)), P('dp')),
         out_specs=P('dp'))
def forward(state, x):
    return mlp_forward(state, x)


x = jnp.ones((16, 64))
print(jax.jit(forward).trace(state, x).lower(lowering_platforms=('cuda',)) is not None)
