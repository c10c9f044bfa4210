import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ops.reduce_scatter import ring_reduce_scatter

NUM_DEVICES = 4
BLOCK = 8
LANES = 128

mesh = jax.make_mesh((NUM_DEVICES,), ("x",))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=P("x"),
                   check_vma=False)
def reduce_scatter_grads(partial_grads):
  # partial_grads: this chip's [NUM_DEVICES, BLOCK, LANES] contribution to every chunk.
  return ring_reduce_scatter(partial_grads, axis_name="x", num_devices=NUM_DEVICES)


if __name__ == "__main__":
  g = jax.ShapeDtypeStruct((NUM_DEVICES * NUM_DEVICES, BLOCK, LANES), jnp.float32,
                           sharding=NamedSharding(mesh, P("x")))
  lowered = reduce_scatter_grads.trace(g).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:120])
