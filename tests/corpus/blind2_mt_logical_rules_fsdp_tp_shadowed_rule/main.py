import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from layers import mlp_block
from sharding import MESH_AXES, logical_to_mesh_axes

mesh = Mesh(np.array(jax.devices()).reshape(1, 2, 2), MESH_AXES)

x_spec = logical_to_mesh_axes(("activation_batch", "activation_embed"))
w_in_spec = logical_to_mesh_axes(("embed", "mlp"))
w_out_spec = logical_to_mesh_axes(("mlp", "embed"))

mlp = jax.jit(jax.shard_map(mlp_block, mesh=mesh, in_specs=(x_spec, w_in_spec, w_out_spec), out_specs=x_spec))

x = jax.ShapeDtypeStruct((16, 512), jnp.bfloat16)
w_in = jax.ShapeDtypeStruct((512, 2048), jnp.bfloat16)
w_out = jax.ShapeDtypeStruct((2048, 512), jnp.bfloat16)
mlp.trace(x, w_in, w_out).lower(lowering_platforms=("cuda",))
