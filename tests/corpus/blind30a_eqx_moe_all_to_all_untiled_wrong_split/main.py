from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.lax as L
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

N_EXPERTS = 4
CAPACITY = 6


class ExpertFFN(eqx.Module):
    lin: eqx.nn.Linear

    def __init__(self, d, key):
        self.lin = eqx.nn.Linear(d, d, key=key)

    def __call__(self, slots):
        # slots: [CAPACITY, d]; untiled all_to_all sends slot i to expert i
        routed = L.all_to_all(slots, "expert", split_axis=0, concat_axis=0)
        out = jax.vmap(jax.vmap(self.lin))(routed)
        return L.all_to_all(out, "expert", split_axis=0, concat_axis=0)


mesh = Mesh(np.array(jax.devices()[:N_EXPERTS]), ("expert",))


def make_step(static):
    @jax.jit
    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("expert")), out_specs=P("expert"))
    def moe_step(params, slots):
        return eqx.combine(params, static)(slots[0])[None]
    return moe_step


if __name__ == "__main__":
    model = ExpertFFN(8, jax.random.key(1))
    params, static = eqx.partition(model, eqx.is_array)
    slots = jnp.ones((N_EXPERTS, CAPACITY, 8))
    lowered = make_step(static).trace(params, slots).lower(lowering_platforms=("cuda",))
    print(type(lowered).__name__)
