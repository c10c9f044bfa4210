import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import Stage

mesh = jax.make_mesh((2, 2), ("dp", "pp"), axis_types=(AxisType.Explicit, AxisType.Explicit))
stage = Stage(16, nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P("dp")), out_specs=P("dp"), check_vma=False)
def tick(stage, h):
    return stage(h)


h = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("dp")))
print(tick.trace(stage, h).lower(lowering_platforms=("cuda",)).as_text()[:20])
