import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
FSDP_AXES = ["fsdp", "tp"]


def forward(w, x):
    w = jax.lax.all_gather(w, FSDP_AXES, axis=0, tiled=True)
    return jax.lax.pmax(jnp.tanh(x @ w), axis_name=["fsdp", "tp"])


if __name__ == "__main__":
    f = jax.shard_map(forward, mesh=mesh, in_specs=(P(("fsdp", "tp")), P()), out_specs=P())
    jax.jit(f).trace(jax.ShapeDtypeStruct((64, 32), jnp.float32),
                     jax.ShapeDtypeStruct((8, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
