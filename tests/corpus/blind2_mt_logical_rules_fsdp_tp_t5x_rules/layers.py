"""FSDP + tensor-parallel MLP written per shard: weights are gathered over their FSDP axis, the
row-parallel output is summed over the MLP axis."""
import jax

from sharding import mesh_axes_of


def mlp_block(x, w_in, w_out):
    w_in = jax.lax.all_gather(w_in, mesh_axes_of("embed"), axis=0, tiled=True)
    w_out = jax.lax.all_gather(w_out, mesh_axes_of("embed"), axis=1, tiled=True)
    h = jax.nn.gelu(x @ w_in)
    return jax.lax.psum(h @ w_out, mesh_axes_of("activation_mlp"))
