"""Lowers the MaxText-shaped train step for GPU: mesh from the ICI parallelism, batch sharded
over every data axis, gradients averaged inside jax.shard_map."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from maxtext_lite import create_device_mesh, get_data_axes, initialize
from train import make_train_step

config = initialize()
mesh = create_device_mesh(config)
data_axes = get_data_axes(config)

global_batch = config.per_device_batch_size * jax.device_count()
params = {
    "w_in": jax.ShapeDtypeStruct((config.emb_dim, 4 * config.emb_dim), jnp.float32),
    "w_out": jax.ShapeDtypeStruct((4 * config.emb_dim, config.emb_dim), jnp.float32),
}
batch = {
    "inputs": jax.ShapeDtypeStruct((global_batch, config.emb_dim), jnp.float32),
    "targets": jax.ShapeDtypeStruct((global_batch, config.emb_dim), jnp.float32),
}

p_train_step = jax.jit(
    jax.shard_map(
        make_train_step(config, data_axes),
        mesh=mesh,
        in_specs=(P(), P(data_axes)),
        out_specs=(P(), P()),
    ),
    donate_argnums=(0,),
)

if __name__ == "__main__":
    p_train_step.trace(params, batch).lower(lowering_platforms=("cuda",))
