"""Expert parallelism: one Equinox expert MLP per device, tokens exchanged with all_to_all."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

E = 4  # experts == devices
D = 32
CAP = 8  # tokens per (device, expert) slot

mesh = Mesh(np.array(jax.devices()), ("expert",))


class MoE(eqx.Module):
    router: eqx.nn.Linear
    experts: eqx.nn.MLP  # stacked over a leading expert dimension

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.router = eqx.nn.Linear(D, E, use_bias=False, key=k1)
        self.experts = eqx.filter_vmap(lambda k: eqx.nn.MLP(D, D, 2 * D, 1, key=k))(jr.split(k2, E))


moe = MoE(jr.PRNGKey(0))
params, static = eqx.partition(moe, eqx.is_array)
specs = eqx.tree_at(lambda m: m.experts, jax.tree.map(lambda _: P(), params),
                    jax.tree.map(lambda _: P("expert"), params.experts))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P("expert")), out_specs=P("expert"))
def moe_layer(params, tokens):
    moe = eqx.combine(params, static)
    expert = jax.tree.map(lambda a: a[0] if eqx.is_array(a) else a, moe.experts)
    # tokens: (E * CAP, D) local; dispatch slot e goes to expert e (top-1 routing, fixed capacity)
    gates = jax.nn.softmax(jax.vmap(moe.router)(tokens), axis=-1)
    dispatched = tokens.reshape(E, CAP, D)
    received = jax.lax.all_to_all(dispatched, "expert", split_axis=0, concat_axis=0, tiled=True)
    processed = jax.vmap(jax.vmap(expert))(received)
    returned = jax.lax.all_to_all(processed, "expert", split_axis=0, concat_axis=0, tiled=True)
    return returned.reshape(E * CAP, D) * jnp.max(gates, axis=-1, keepdims=True)


tokens = jnp.ones((E * E * CAP, D))
print(jax.jit(moe_layer).trace(params, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
