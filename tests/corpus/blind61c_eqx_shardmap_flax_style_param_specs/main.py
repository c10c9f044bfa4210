import jax
import jax.numpy as jnp
import equinox as eqx
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from models import FeedForward

# Megatron layout, written the way it was in the Flax version of this code
PARAM_SPECS = {
    "norm": {"weight": P(), "bias": P()},
    "up": {"weight": P("model", None), "bias": P("model")},
    "down": {"weight": P(None, "model")},
}


def tp_forward(params, static, x):
    block = eqx.combine(params, static)
    out = jax.vmap(block.local_call)(x)
    return x + jax.lax.psum(out, "model")


def build(mesh, block):
    params, static = eqx.partition(block, eqx.is_array)
    fwd = jax.shard_map(
        lambda p, x: tp_forward(p, static, x),
        mesh=mesh,
        in_specs=(PARAM_SPECS, P("data", None)),
        out_specs=P("data", None),
    )
    return jax.jit(fwd), params


if __name__ == "__main__":
    mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
    block = FeedForward(256, 1024, key=jax.random.key(0))
    fwd, params = build(mesh, block)
    x = jax.ShapeDtypeStruct((16, 256), jnp.float32)
    fwd.trace(params, x).lower(lowering_platforms=("tpu",))
