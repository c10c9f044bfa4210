import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels.butterfly import AXIS, butterfly_exchange

mesh = Mesh(np.array(jax.devices()), (AXIS,))
spec = P(None, AXIS)


def exchange_all(activations):
    return jax.tree.map(butterfly_exchange, activations)


exchange = jax.jit(shard_map(exchange_all, mesh=mesh, in_specs=(spec,), out_specs=spec, check_rep=False))

n = jax.device_count()
acts = [jax.device_put(jnp.ones((8, 128 * n)), NamedSharding(mesh, spec)) for _ in range(3)]
print(exchange.trace(acts).lower(lowering_platforms=("tpu",)).as_text()[:40])
