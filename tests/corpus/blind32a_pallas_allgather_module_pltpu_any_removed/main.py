import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ops.allgather import RingAllGather

mesh = jax.make_mesh((4,), ("x",))
gather = RingAllGather("x", 4)

fn = jax.jit(jax.shard_map(gather, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False))
x = jax.device_put(jnp.ones((32, 128), jnp.float32), NamedSharding(mesh, P("x")))
print(fn.trace(x).lower(lowering_platforms=("tpu",)) is not None)
