import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from moe import MoE


def forward(model, tokens):
    return model(tokens)


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("expert",), axis_types=(jax.sharding.AxisType.Auto,))
    model = MoE(16, 32, key=jax.random.key(0))
    tokens = jnp.ones((8, 8, 16))  # [tokens, expert slots, d]
    params, static = eqx.partition(model, eqx.is_array)

    def body(params, tokens):
        return forward(eqx.combine(params, static), tokens)

    sharded = jax.shard_map(body, mesh=mesh, in_specs=(P(), P("expert", None, None)),
                            out_specs=P("expert", None, None))
    lowered = jax.jit(sharded).trace(params, tokens).lower(lowering_platforms=("cuda",))
    print("ok", lowered.as_text().count("all-to-all") >= 0)
