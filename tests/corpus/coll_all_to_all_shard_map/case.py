import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("expert",), axis_types=(AxisType.Auto,))


def moe_dispatch(tokens, n_experts=4):
    grouped = tokens.reshape(n_experts, -1, tokens.shape[-1])
    return jax.lax.all_to_all(grouped, "expert", split_axis=0, concat_axis=0, tiled=True)


def run(tokens):
    return jax.shard_map(moe_dispatch, mesh=mesh, in_specs=P("expert"), out_specs=P("expert"))(tokens)


ARGS = (jax.ShapeDtypeStruct((64, 32), jnp.float32),)
