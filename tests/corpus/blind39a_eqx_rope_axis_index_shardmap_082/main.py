import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model.rope import rotary

mesh = jax.make_mesh((4,), ("sp",))


class Attention(eqx.Module):
    qk: eqx.nn.Linear

    def __init__(self, d, key):
        self.qk = eqx.nn.Linear(d, 2 * d, key=key)

    def __call__(self, x):
        q, k = jnp.split(jax.vmap(self.qk)(x), 2, axis=-1)
        q, k = rotary(q), rotary(k)
        k = jax.lax.all_gather(k, "sp", tiled=True)
        v = jax.lax.all_gather(x, "sp", tiled=True)
        return jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1])) @ v


attn = Attention(32, jax.random.key(0))
params, static = eqx.partition(attn, eqx.is_array)


@eqx.filter_jit
@ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp"))
def forward(params, x):
    return eqx.combine(params, static)(x)


exp = jax.export.export(jax.jit(forward), platforms=["cuda"])(params, jax.ShapeDtypeStruct((128, 32), jnp.float32))
print(exp.in_avals)
