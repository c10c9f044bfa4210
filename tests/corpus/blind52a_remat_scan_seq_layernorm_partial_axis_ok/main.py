import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from norms import seq_layernorm

DP, SEQ = "dp", "sp"
mesh = jax.make_mesh((2, 2), (DP, SEQ), axis_types=(AxisType.Explicit, AxisType.Explicit))
norm = functools.partial(seq_layernorm, axis_name=SEQ)


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_saveable)
def layer(x, p):
    h = norm(x, p["scale"])
    return x + jnp.tanh(h @ p["w"])


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(DP, SEQ, None)), out_specs=P())
def loss(stacked, xs):
    def body(x, p):
        return jax.vmap(layer, in_axes=(0, None))(x, p), None

    out, _ = lax.scan(body, xs, stacked)
    return lax.pmean(lax.pmean(jnp.mean(out ** 2), SEQ), DP)


def sds(shape, spec):
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))


L, D = 3, 16
stacked = {"w": sds((L, D, D), P()), "scale": sds((L, D), P())}
xs = sds((4, 32, D), P(DP, SEQ, None))
print(jax.jit(jax.grad(loss)).trace(stacked, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
