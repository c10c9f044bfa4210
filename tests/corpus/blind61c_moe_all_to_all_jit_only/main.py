"""Expert-parallel MoE layer: tokens and expert weights are sharded over the 'expert' mesh axis
with NamedSharding and the layer is jitted with in_shardings/out_shardings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe import moe_layer

D, H, E, TOKENS, CAPACITY = 256, 1024, 8, 2048, 128

mesh = Mesh(np.array(jax.devices()), ("expert",))
tokens_sharding = NamedSharding(mesh, P("expert", None))
expert_sharding = NamedSharding(mesh, P("expert", None, None))
replicated = NamedSharding(mesh, P())

moe_forward = jax.jit(
    lambda x, wg, w1, w2: moe_layer(x, wg, w1, w2, CAPACITY),
    in_shardings=(tokens_sharding, replicated, expert_sharding, expert_sharding),
    out_shardings=tokens_sharding,
)

if __name__ == "__main__":
    args = (
        jax.ShapeDtypeStruct((TOKENS, D), jnp.float32),
        jax.ShapeDtypeStruct((D, E), jnp.float32),
        jax.ShapeDtypeStruct((E, D, H), jnp.float32),
        jax.ShapeDtypeStruct((E, H, D), jnp.float32),
    )
    moe_forward.trace(*args).lower(lowering_platforms=("tpu",))
