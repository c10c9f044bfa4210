import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from layers import RingAllGatherDense

mesh = jax.make_mesh((4,), ("sp",))
layer = RingAllGatherDense(jnp.ones((32, 32)), "sp", 4)
w, static = eqx.partition(layer, eqx.is_array)

with jax.set_mesh(mesh):

    @jax.shard_map(in_specs=(P(), P("sp")), out_specs=P(), check_vma=False)
    def gathered_dense(w, x):
        return eqx.combine(w, static)(x)

    x = jax.device_put(jnp.ones((16, 32)), jax.NamedSharding(mesh, P("sp")))
    lowered = jax.jit(gathered_dense).trace(w, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:100])
