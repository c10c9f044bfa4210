import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)


def layer_norm(x, gamma):
    mu = x.mean(-1, keepdims=True)
    var = jnp.square(x - mu).mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + 1e-6) * gamma


def tp_block(x, gamma, w_up, w_down):
    h = layer_norm(x, gamma)
    h = jax.nn.silu(h @ w_up)
    return jax.lax.psum(h @ w_down, "model")


sharded_block = jax.shard_map(
    tp_block,
    mesh=mesh,
    # activations (batch, seq, hidden), gamma (hidden,)
    in_specs=(P("data", None, None), P(None, None), P(None, "model"), P("model", None)),
    out_specs=P("data", None, None),
)

if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((8, 128, 256), jnp.bfloat16)
    gamma = jax.ShapeDtypeStruct((256,), jnp.bfloat16)
    w_up = jax.ShapeDtypeStruct((256, 1024), jnp.bfloat16)
    w_down = jax.ShapeDtypeStruct((1024, 256), jnp.bfloat16)
    jax.jit(sharded_block).trace(x, gamma, w_up, w_down).lower(lowering_platforms=("tpu",))
